/**
 * The game layer: the 94 cards, the rules presets, the seeded random streams,
 * the table view a policy reads, the events of a game, and the one engine
 * (class Game) that the command line, the experiments, the notebooks and
 * every agent play.
 *
 * @module
 */

export * from "./cards.ts";
export * from "./rules.ts";
export * from "./rng.ts";
export * from "./view.ts";
export * from "./events.ts";
export * from "./engine.ts";
