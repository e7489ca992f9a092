/**
 * Experiments as data: an experiment is a plan (Monte Carlo runs, exact
 * tasks), an analysis and a chart; executePlans computes several together;
 * sweeps are plans over table sizes, presets and seeds.
 *
 * @module
 */

export * from "./experiment.ts";
export * from "./sweep.ts";
