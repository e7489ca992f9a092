/**
 * `dp` — the exact solo optimum: looks the decision up in the solved table of
 * the `exact` model (loaded lazily from `.cache/`, or solved in-process the
 * first time, see `lib/solver/cache.ts`).
 *
 * In the solver it reads the solo state directly. In the engine it maps the
 * seat's line to a solo state: the number mask, the modifier mask and whether
 * it holds a Second Chance are read from the table; when the seat is alone
 * with the model's deck and the draw pile is a fresh deck less this round's
 * cards (`solo-model`, or the first round of a one-player `standard` game for
 * `all94`), the Second Chances drawn, the saved duplicates and the Flip Threes
 * played are read off the draw pile, so the lookup is exact; otherwise it
 * takes the nearest solo state, with no Second Chance used, no duplicate
 * saved and no Flip Three played.
 *
 * @example
 * ```ts
 * import { DpStrategy } from "./dp_strategy.ts";
 * const dp = new DpStrategy();
 * // new Game(getRules("solo-model"), [dp], { seed: 1 }).playRound();
 * ```
 * @module
 */

import { CHANCE, FLIP3, FREEZE, NUMBER_KINDS } from "../game/cards.ts";
import { ActionModel } from "./actions.ts";
import { type DecisionTable, loadDecisions } from "./cache.ts";
import {
  DEFAULT_MODEL,
  getModel,
  type ModelName,
  type SoloModel,
} from "./model.ts";
import { MODS, type SoloSpace } from "./solve.ts";
import { SoloView } from "./view.ts";
import type { Strategy, TableView } from "../game/view.ts";
import type { StrategyEntry } from "../run/entry.ts";
import { defaultTarget } from "../strategies/targeting.ts";

/**
 * The solo core key that stands for a seat's situation in `space`'s model
 * (see the module doc); always a core of the space.
 *
 * @example
 * ```ts
 * // const core = nearestCore(table.space, view, seat);
 * ```
 */
export function nearestCore(
  space: SoloSpace,
  view: TableView,
  seat: number,
): number {
  const model = space.model;
  const mask = view.lineMask(seat);
  const holding = view.hasChance(seat);
  if (view.players === 1 && sameDeck(view, model.deck)) {
    const drawn = model.deck[CHANCE] - view.unseenExact(CHANCE);
    const saved = new Int32Array(NUMBER_KINDS);
    let any = false;
    for (let v = 0; v < NUMBER_KINDS; v++) {
      if (!((mask >> v) & 1)) continue;
      saved[v] = model.deck[v] - 1 - view.unseenExact(v);
      if (saved[v] !== 0) any = true;
    }
    let core = model.pack(
      mask,
      drawn,
      holding,
      model.name !== "approx" && any ? saved : undefined,
    );
    if (core >= 0 && model instanceof ActionModel) {
      // the Flip Threes played on the player; a Freeze drawn would have ended the round
      core = model.withFlipThrees(
        core,
        model.deck[FLIP3] - view.unseenExact(FLIP3),
      );
      if (view.unseenExact(FREEZE) !== model.deck[FREEZE]) core = -1;
    }
    // the draw pile must be the model's: a fresh deck less this round's cards
    // (the first round of a game when the deck is not reshuffled each round)
    if (
      core >= 0 && space.index.get(core) >= 0 &&
      (view.rules.freshDeckEachRound ||
        view.unseenExactTotal() ===
          model.pileTotal(core, view.modMask(seat) & (MODS - 1)))
    ) return core;
  }
  const core = model.pack(mask, holding ? 1 : 0, holding);
  if (core >= 0 && space.index.get(core) >= 0) return core;
  return model.pack(mask, 1, true);
}

function sameDeck(view: TableView, deck: readonly number[]): boolean {
  const d = view.rules.deck;
  for (let k = 0; k < deck.length; k++) if (d[k] !== deck[k]) return false;
  return true;
}

/**
 * The exact solo optimum, looked up in a solved table.
 *
 * @example
 * ```ts
 * const dp = new DpStrategy("approx");
 * // evaluateStrategy(spaceOf(getModel("approx")), dp).ev === 22.2318…
 * ```
 */
export class DpStrategy implements Strategy {
  /** `dp` (for the `exact` model) or `dp:<model id>`, e.g. `dp:approx`, `dp:all94`. */
  readonly name: string;
  /** The solo model whose optimum it plays. */
  readonly model: SoloModel;
  /** The model's name. */
  readonly modelName: ModelName;
  private loaded: DecisionTable | null;

  /**
   * @param model the solo model (or its name) whose optimum to play (default `exact`)
   * @param table a table to use instead of loading one
   */
  constructor(
    model: ModelName | SoloModel = DEFAULT_MODEL,
    table?: DecisionTable,
  ) {
    this.model = typeof model === "string" ? getModel(model) : model;
    this.modelName = this.model.name;
    this.name = this.model.id === DEFAULT_MODEL ? "dp" : `dp:${this.model.id}`;
    this.loaded = table ?? null;
  }

  /** The decision table (loaded or solved on first use). */
  table(): DecisionTable {
    if (!this.loaded) this.loaded = loadDecisions(this.model);
    return this.loaded;
  }

  /** Hit when the solved table says so. */
  hit(view: TableView, seat: number): boolean {
    const t = this.table();
    if (view instanceof SoloView && view.space === t.space) {
      return t.hit[view.slot * MODS + view.mods] === 1;
    }
    const slot = t.space.index.get(nearestCore(t.space, view, seat));
    return t.hit[slot * MODS + (view.modMask(seat) & (MODS - 1))] === 1;
  }

  /** Shared targeting heuristics. */
  target(view: TableView, seat: number, kind: number): number {
    return defaultTarget(view, seat, kind);
  }
}

/**
 * The registry entry of `dp`.
 *
 * @example
 * ```ts
 * import { makeStrategy } from "../run/registry.ts";
 * makeStrategy("dp") instanceof DpStrategy; // true
 * ```
 */
export const DP_ENTRY: StrategyEntry = {
  name: "dp",
  param: "none",
  usage: "dp",
  describe:
    "The exact solo optimum (exact model), looked up in a solved table of 22M states; the seat's line is mapped to the nearest solo state.",
  make: (_, c) => new DpStrategy(c.model),
};
