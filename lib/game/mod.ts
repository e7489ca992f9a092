/**
 * The game layer: the card table (the 94 cards as data), the rules presets,
 * the seeded random streams, the table view a policy reads, the events of a
 * game, the one engine (class Game) that the command line, the experiments,
 * the notebooks and every agent play, and the round kernel that defines one
 * player's round exactly (class RoundKernel).
 *
 * @module
 */

export * from "./cards.ts";
export * from "./rules.ts";
export * from "./rng.ts";
export * from "./view.ts";
export * from "./events.ts";
export * from "./engine.ts";
export * from "./kernel.ts";
