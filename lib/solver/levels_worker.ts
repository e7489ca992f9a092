/**
 * The helper worker of the level passes (`levels.ts`): it is sent the
 * model's deck, its cores and level order and the shared buffers, then
 * serves level tasks until told to exit.
 *
 * `level_team.ts` starts it as
 * `new Worker(new URL("./levels_worker.ts", import.meta.url), { type: "module" })`
 * when a pass runs on two or more threads; `tests/solver_levels_test.ts`
 * checks that the passes give the same bytes on one thread and on several.
 * A helper started early (`prestartHelpers` of `level_team.ts`) is first
 * sent a {@linkcode LevelEarly}: it loads its modules, builds the model and
 * enumerates the cores itself while the team's thread does the same, and
 * takes the sent cores instead only when its own differ.
 * @module
 */

import { ActionModel } from "./actions.ts";
import { DpWork, passParts } from "./levels.ts";
import { PassWork } from "./level_pass.ts";
import type { LevelShared } from "./level_buffers.ts";
import { type LevelEarly, type LevelInit, serveLevels } from "./level_team.ts";
import type { Decider } from "./space.ts";

/** The modules a pass by a policy needs beyond the DP's. */
interface Modules {
  classes: typeof import("./mod_classes.ts");
  registry: typeof import("../run/registry.ts");
  view: typeof import("./view.ts");
}

/** A model and this thread's decision rule (a pass by a policy), made before the shared buffers came. */
interface Prepared {
  model: ActionModel;
  decide: Decider | null;
}

/** Load the modules of a pass that asks a policy (only then). */
async function modules(msg: LevelEarly | LevelInit): Promise<Modules | null> {
  if (msg.spec === undefined) return null;
  return {
    classes: await import("./mod_classes.ts"),
    registry: await import("../run/registry.ts"),
    view: await import("./view.ts"),
  };
}

/** Build the model (enumerating its cores when `own`, else taking the sent ones) and the rule. */
function prepare(
  mods: Modules | null,
  msg: LevelEarly | LevelInit,
  own: boolean,
): Prepared {
  const model = new ActionModel(msg.deck, msg.rulings);
  if (own) model.spaces();
  else {
    const init = msg as LevelInit;
    model.adoptLevels(init.cores, init.order, init.start);
  }
  const decide = mods && msg.spec !== undefined
    ? mods.classes.viewDecider(
      new mods.view.SoloView(model.space()),
      mods.registry.makeStrategy(msg.spec),
    )
    : null;
  return { model, decide };
}

const same = (a: Int32Array, b: Int32Array): boolean => {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

let early: Promise<[Modules | null, Prepared | null]> | null = null;

self.onmessage = async (e: MessageEvent<LevelEarly | LevelInit>) => {
  if ("early" in e.data) {
    const msg = e.data;
    early = modules(msg).then((m) => {
      try {
        return [m, prepare(m, msg, true)];
      } catch {
        return [m, null]; // built again from the sent cores, errors reported then
      }
    });
    return;
  }
  const init = e.data;
  const [mods, ready] = early ? await early : [await modules(init), null];
  let p = ready;
  if (p) {
    // this thread's own enumeration: used only when it is the team's
    const { order, start } = p.model.levels();
    if (
      !same(p.model.spaces().base.cores, init.cores) ||
      !same(order, init.order) || !same(start, init.start)
    ) p = null;
  }
  serveLevels(init.shared.ctrl, init.helper ?? 0, () => {
    const { model, decide } = p ?? prepare(mods, init, false);
    const sh = init.shared as LevelShared;
    if (init.kind === "dp") return new DpWork(model, sh);
    const { k, decideClass } = passParts(init.kind, model, decide);
    return new PassWork(model, sh, k, decideClass);
  });
  self.close();
};
