/**
 * The helper worker of the level passes (`levels.ts`, `lumped_levels.ts`): it
 * is sent the model's deck, its cores and level order and the shared
 * buffers, then serves level tasks until told to exit.
 *
 * `levels.ts` starts it as
 * `new Worker(new URL("./levels_worker.ts", import.meta.url), { type: "module" })`
 * when a pass runs on two or more threads; `tests/solver_levels_test.ts`
 * checks that the passes give the same bytes on one thread and on several.
 * @module
 */

import { ActionModel } from "./actions.ts";
import {
  type LevelInit,
  type LevelShared,
  LevelWork,
  serveLevels,
} from "./levels.ts";

self.onmessage = async (e: MessageEvent<LevelInit>) => {
  const init = e.data;
  // the lumped pass asks a policy: its modules load only when needed
  const lumped = init.kind === "lumped"
    ? await import("./lumped_levels.ts")
    : null;
  const registry = lumped ? await import("../run/registry.ts") : null;
  const { SoloView } = await import("./view.ts");
  serveLevels(init.shared.ctrl, init.helper ?? 0, () => {
    const model = new ActionModel(init.deck, init.rulings);
    model.adoptLevels(init.cores, init.order, init.start);
    return lumped
      ? new lumped.LumpedWork(
        model,
        init.shared as import("./lumped_levels.ts").LumpedShared,
        lumped.viewDecider(
          new SoloView(model.space()),
          registry!.makeStrategy(init.spec!),
        ),
      )
      : new LevelWork(model, init.shared as LevelShared);
  });
  self.close();
};
