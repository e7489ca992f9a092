/**
 * The strategies that read only the table (a TableView): sum:N, bust:P,
 * bustsc:P, count, ev, endgame, human, and the shared estimates and targeting
 * heuristics. The solver's dp and the win agents live beside their tables
 * (lib/solver/, lib/winprob/); the registry that names them all is in
 * lib/run/.
 *
 * @module
 */

export * from "./estimate.ts";
export * from "./targeting.ts";
export * from "./sum.ts";
export * from "./bust.ts";
export * from "./bustsc.ts";
export * from "./count.ts";
export * from "./ev.ts";
export * from "./endgame.ts";
export * from "./human.ts";
