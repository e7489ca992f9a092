/**
 * `flip7 round -n ROUNDS -p P1,... [--seed S] [--rules PRESET | --edition E] [--ruling NAME=VALUE ...] [--workers N] [--json]`:
 * the one-round score distribution per policy (seated together; one policy is solo),
 * each round from a fresh deck.
 *
 * @example
 * ```sh
 * deno task flip7 round -n 100000 -p sum:20 --rules solo-model
 * ```
 * @module
 */

import { runRounds } from "../../lib/run/sim.ts";
import { intOption } from "../args.ts";
import type { Command } from "../command.ts";
import {
  displayNames,
  JSON_FLAG,
  loadPoliciesOf,
  pct,
  POLICIES,
  policiesOf,
  policyLabels,
  RULES,
  rulesOf,
  SEED,
  seedOf,
  table,
  WORKERS,
  workersOf,
} from "../common.ts";
import { progress } from "../output.ts";

/** The `round` command. */
export const roundCommand: Command = {
  name: "round",
  summary:
    "One-round score distribution per policy: mean ± SE, sd, bust and Flip 7 rates, histogram.",
  usage:
    "round -n ROUNDS -p P1,... [--seed S] [--rules PRESET | --edition E] [--ruling NAME=VALUE ...] [--workers N] [--json]",
  options: {
    n: { type: "string" },
    ...POLICIES,
    ...SEED,
    ...RULES,
    ...WORKERS,
    ...JSON_FLAG,
  },
  async run({ values, out }) {
    const rules = rulesOf(values);
    const rounds = intOption(values, "n", { min: 1, max: 1e10 });
    await loadPoliciesOf(values);
    const strategies = policiesOf(values, rules);
    const policies = policyLabels(values, strategies);
    const names = displayNames(policies, strategies);
    const seed = seedOf(values);
    const rows = await runRounds({
      rules: rules.name,
      policies,
      rounds,
      seed,
      workers: workersOf(values),
      onProgress: progress("round"),
    });
    if (values.json) {
      out.json({
        rounds,
        rules: rules.name,
        seed,
        rows: rows.map((r) => ({
          policy: r.policy,
          mean: r.mean,
          se: r.se,
          sd: r.sd,
          bust: r.bust,
          flip7: r.flip7,
          histogram: Object.fromEntries(
            r.histogram.flatMap((c, x) => (c ? [[String(x), c]] : [])),
          ),
        })),
      });
      return;
    }
    out.line(
      `${rounds} rounds, rules ${rules.name}, seed ${seed}, each from a fresh deck`,
    );
    const t = [["policy", "mean", "± SE", "sd", "bust", "Flip 7"]];
    for (const [i, r] of rows.entries()) {
      t.push([
        names[i],
        r.mean.toFixed(3),
        r.se.toFixed(3),
        r.sd.toFixed(2),
        pct(r.bust),
        pct(r.flip7, 2),
      ]);
    }
    for (const l of table(t)) out.line(l);
    for (const [i, r] of rows.entries()) {
      out.line("");
      out.line(
        `${
          names[i]
        }: score histogram (share of rounds, bins of 5; 0 = bust or nothing)`,
      );
      const bins: number[] = [];
      bins.push(r.histogram[0]);
      for (let lo = 1; lo < r.histogram.length; lo += 5) {
        let c = 0;
        for (let x = lo; x < lo + 5 && x < r.histogram.length; x++) {
          c += r.histogram[x];
        }
        bins.push(c);
      }
      const max = Math.max(...bins);
      let last = bins.length - 1;
      while (last > 1 && bins[last] === 0) last--;
      for (let i = 0; i <= last; i++) {
        const label = i === 0
          ? "     0"
          : `${String(1 + 5 * (i - 1)).padStart(3)}-${String(5 * i).padEnd(3)}`;
        const share = bins[i] / r.rounds;
        out.line(
          `  ${label.padEnd(7)} ${pct(share).padStart(6)} ${
            "#".repeat(Math.round((40 * bins[i]) / max))
          }`,
        );
      }
    }
  },
};
