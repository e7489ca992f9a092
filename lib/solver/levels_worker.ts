/**
 * The helper worker of the level passes (`levels.ts`): it is sent the model's
 * deck, its cores and level order and the shared buffers, then serves level
 * tasks until told to exit.
 *
 * @example
 * ```ts
 * // started by levels.ts: new Worker(new URL("./levels_worker.ts", import.meta.url), { type: "module" })
 * ```
 * @module
 */

import { ActionModel } from "./actions.ts";
import { type LevelInit, serveLevels } from "./levels.ts";

self.onmessage = (e: MessageEvent<LevelInit>) => {
  serveLevels(e.data, (deck) => new ActionModel(deck));
  self.close();
};
