/**
 * The worker plumbing of the level passes (`levels.ts`, `level_pass.ts`):
 * the control block's words and tasks, what a helper worker is sent, the
 * side of a pass each thread runs ({@linkcode LevelWork}: what the DP and
 * the forward pass share), the team of this thread and its helpers
 * (`levels_worker.ts`), the helpers' serving loop, and how many threads a
 * pass gets (moved out of `levels.ts` whole; `levels.ts` re-exports them).
 *
 * @module
 */

import type { ActionModes, LevelModel as ActionModel } from "./action_modes.ts";
import { LevelStep } from "./level_step.ts";
import type { SoloSpace } from "./space.ts";
import type { Rulings } from "../game/rulings.ts";

/** Cores per chunk (chunk boundaries depend only on the level's size). */
export const CHUNK = 64;
/** Most NEXT outcomes of one core. */
export const MAX_NEXT = 64;

// control words
// (word 5 is unused)
const GEN = 0, TASK = 1, LEVEL = 2, DONE = 4, ERR = 6;
/** Control word: the next chunk to take. */
export const NEXT_CHUNK = 3;
/** Control word: set when a lumped pass declines. */
export const DECLINED = 7;
/**
 * Control words `JOIN + i`: helper i joined (1: its modules loaded), was
 * given up on (2), is ready (3: its tasks built) or is counted (4: this
 * thread waits for it on every task from generation `START + i` on).
 */
const JOIN = 8, MAX_HELPERS = 8;
const JOINED = 1, GIVEN_UP = 2, READY = 3, COUNTED = 4;
/** Control words `START + i`: the first generation helper i serves. */
const START = JOIN + MAX_HELPERS;
/** Words of a control block. */
export const CTRL_WORDS = START + MAX_HELPERS;
/** A helper that has not joined by then (its module did not load) is given up. */
const JOIN_TIMEOUT_MS = 60_000;
/** Task: one level of the backward DP. */
export const TASK_DP = 1;
const TASK_EXIT = 9;
/** Task: one level of a forward pass. */
export const TASK_FWD = 2;

/**
 * Which pass a helper serves: the DP, or a forward pass over every mask
 * deciding by the shared decision table or by a registry policy (`rule`),
 * or the lumped pass of a registry policy.
 */
export type PassKind = "dp" | "table" | "rule" | "lumped";

/** What a helper worker is sent. */
export interface LevelInit {
  /** Which pass. */
  kind: PassKind;
  deck: number[];
  /** The model's rulings (they choose its action modes). */
  rulings: Rulings;
  cores: Int32Array;
  order: Int32Array;
  start: Int32Array;
  /** The shared buffers (their `ctrl` is the team's control block). */
  shared: { ctrl: SharedArrayBuffer };
  /** This helper's index in the team. */
  helper?: number;
  /** The policy spec of a `rule` or `lumped` pass (each helper asks its own copy). */
  spec?: string;
}

/**
 * What a helper started early is sent first ({@linkcode prestartHelpers}):
 * enough to load its modules, build the model and enumerate its cores
 * itself while this thread does the same; the {@linkcode LevelInit} follows
 * when the pass starts.
 */
export interface LevelEarly {
  early: true;
  kind: PassKind;
  deck: number[];
  rulings: Rulings;
  spec?: string;
}

/** The tasks one thread serves. */
export interface LevelTasks {
  /** The team's control block. */
  readonly ctrl: Int32Array;
  /** Take chunks of task `task` on level L until none is left. */
  work(task: number, L: number): void;
  /** Chunks of task `task` on level L. */
  chunksOf(task: number, L: number): number;
}

/**
 * One thread's side of a level pass (`DpWork`, `PassWork`): level L's
 * positions (`start[L]` to `start[L + 1]`) in chunks of {@linkcode CHUNK},
 * taken from the team's counter until none is left; a chunk that declines
 * (`chunk` returns false) drops the rest of the pass ({@linkcode DECLINED}).
 */
export abstract class LevelWork implements LevelTasks {
  declare readonly md: ActionModes;
  /** The model's space without modes. */
  declare readonly base: SoloSpace;
  /** The cores in level order; level L is `order[start[L]]` to `order[start[L + 1] - 1]`. */
  declare readonly order: Int32Array;
  declare readonly start: Int32Array;
  /** Each core's position in `order`. */
  declare readonly posOf: Int32Array;
  declare readonly step: LevelStep;
  declare readonly ctrl: Int32Array;
  /** Level L's blocks or rows are in `layers[L & 1]`. */
  declare readonly layers: [Float64Array, Float64Array];

  /**
   * @param task the task this side serves
   * @param model the model
   * @param sh the shared buffers (`LevelShared`, `level_buffers.ts`)
   */
  constructor(
    readonly task: number,
    readonly model: ActionModel,
    sh: { ctrl: SharedArrayBuffer; layers: SharedArrayBuffer[] },
  ) {
    this.md = model.modes;
    this.base = model.spaces().base;
    const { order, start } = model.levels();
    this.order = order;
    this.start = start;
    this.posOf = new Int32Array(order.length);
    for (let p = 0; p < order.length; p++) this.posOf[order[p]] = p;
    this.step = new LevelStep();
    this.ctrl = new Int32Array(sh.ctrl);
    this.layers = [
      new Float64Array(sh.layers[0]),
      new Float64Array(sh.layers[1]),
    ];
  }

  /** Chunk `c` of level L; false: the pass declines. */
  abstract chunk(L: number, c: number): boolean;

  /** Chunks of level L. */
  chunksOf(task: number, L: number): number {
    if (task !== this.task || L + 1 >= this.start.length) return 0;
    return Math.ceil((this.start[L + 1] - this.start[L]) / CHUNK);
  }

  /** Take chunks of level L until none is left (or the pass declined). */
  work(task: number, L: number): void {
    const n = this.chunksOf(task, L);
    for (;;) {
      const c = Atomics.add(this.ctrl, NEXT_CHUNK, 1);
      if (c >= n) return;
      if (Atomics.load(this.ctrl, DECLINED) !== 0) continue;
      if (!this.chunk(L, c)) Atomics.store(this.ctrl, DECLINED, 1);
    }
  }
}

/**
 * Threads for the level passes of big models: this one and `threads - 1`
 * workers (default 2, at most the cores reported).
 */
let defaultThreads = 2;

/**
 * Set the default number of threads of the level passes (1: this thread only).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * import "./actions.ts"; // registers the all94 model
 * import type { ActionModel } from "./actions.ts";
 * // the whole deck: over a billion dense states (not solved here)
 * const big = getModel("all94");
 * setLevelThreads(1);
 * assert.equal(threadsFor(big as ActionModel), 1);
 * setLevelThreads(2);
 * assert.equal(threadsFor(big as ActionModel), Math.min(2, navigator.hardwareConcurrency || 1));
 * ```
 */
export function setLevelThreads(n: number): void {
  defaultThreads = Math.max(1, Math.floor(n));
}

/** Models smaller than this many dense states run in this thread only. */
const PARALLEL_STATES = 2e7;

/**
 * Threads for a level pass over `model`: `threads` when given, else 1 for
 * the small models and the default (2) for the big ones.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * import "./actions.ts"; // registers the all94 model
 * import type { ActionModel } from "./actions.ts";
 * const tiny = getModel("all94", "5:0,6:0,7:0,8:0,9:0,10:0,11:0,12:0,+4:0,+6:0,+8:0,+10:0,chance:1,freeze:1,flip3:1") as ActionModel;
 * assert.equal(threadsFor(tiny), 1); // a small model: this thread only
 * assert.equal(threadsFor(tiny, 3), 3); // asked for
 * ```
 */
export function threadsFor(model: ActionModel, threads?: number): number {
  if (threads !== undefined) return Math.max(1, Math.floor(threads));
  if (model.denseStates() < PARALLEL_STATES) return 1;
  const cores = navigator.hardwareConcurrency || 1;
  return Math.max(1, Math.min(defaultThreads, cores));
}

/** The helper workers started before their pass, and what they were sent. */
let prestarted: { key: string; workers: Worker[] } | null = null;

const earlyKey = (
  kind: PassKind,
  deck: ArrayLike<number>,
  rulings: Rulings,
  spec?: string,
): string => JSON.stringify([kind, Array.from(deck), rulings, spec ?? null]);

function startWorker(): Worker {
  return new Worker(
    new URL("./levels_worker.ts", import.meta.url).href,
    { type: "module" },
  );
}

/**
 * Start the helpers of a coming pass over `model` now (as many as a big
 * model's pass gets: the default threads less this one), so each loads its
 * modules, builds the model and enumerates its cores while this thread
 * does the same (`model.spaces()`); the next {@linkcode LevelTeam} of the
 * same kind, deck, rulings and spec takes them. Any other team, or
 * {@linkcode dropPrestarted}, ends them. Nothing is started when the default
 * is one thread or workers cannot be made here.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * import "./actions.ts"; // registers the all94 model
 * import type { ActionModel } from "./actions.ts";
 * const tiny = getModel("all94", "5:0,6:0,7:0,8:0,9:0,10:0,11:0,12:0,+4:0,+6:0,+8:0,+10:0,chance:1,freeze:1,flip3:1") as ActionModel;
 * setLevelThreads(1);
 * assert.equal(prestartHelpers("lumped", tiny, "sum:25"), 0); // one thread: none
 * setLevelThreads(2);
 * dropPrestarted(); // ends any started (none here)
 * ```
 */
export function prestartHelpers(
  kind: PassKind,
  model: { readonly deck: ArrayLike<number>; readonly rulings: Rulings },
  spec?: string,
): number {
  dropPrestarted();
  const cores = navigator.hardwareConcurrency || 1;
  const n = Math.min(Math.min(defaultThreads, cores) - 1, MAX_HELPERS);
  const workers: Worker[] = [];
  const msg: LevelEarly = {
    early: true,
    kind,
    deck: Array.from(model.deck),
    rulings: { ...model.rulings },
    spec,
  };
  for (let i = 0; i < n; i++) {
    try {
      const w = startWorker();
      w.postMessage(msg);
      workers.push(w);
    } catch {
      break; // no workers here (permissions)
    }
  }
  if (workers.length > 0) {
    prestarted = {
      key: earlyKey(kind, model.deck, model.rulings, spec),
      workers,
    };
  }
  return workers.length;
}

/** End the helpers {@linkcode prestartHelpers} started that no team took. */
export function dropPrestarted(): void {
  if (!prestarted) return;
  for (const w of prestarted.workers) w.terminate();
  prestarted = null;
}

/** The prestarted helpers for a team sent `init`, if they were started for it. */
function takePrestarted(init: LevelInit): Worker[] {
  const p = prestarted;
  if (!p) return [];
  prestarted = null;
  if (p.key === earlyKey(init.kind, init.deck, init.rulings, init.spec)) {
    return p.workers;
  }
  for (const w of p.workers) w.terminate();
  return [];
}

/**
 * This thread and its helper workers over one set of shared buffers.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * import "./actions.ts"; // registers the all94 model
 * import type { ActionModel } from "./actions.ts";
 * // this thread's side: one chunk, taken by `Atomics.add` as a pass does
 * const ctrl = new Int32Array(new SharedArrayBuffer(CTRL_WORDS * 4));
 * const done: string[] = [];
 * const work: LevelTasks = {
 *   ctrl,
 *   work(task, L) {
 *     while (Atomics.add(ctrl, NEXT_CHUNK, 1) < this.chunksOf(task, L)) done.push(`${task}/${L}`);
 *   },
 *   chunksOf: () => 1,
 * };
 * const tiny = getModel("all94", "5:0,6:0,7:0,8:0,9:0,10:0,11:0,12:0,+4:0,+6:0,+8:0,+10:0,chance:1,freeze:1,flip3:1") as ActionModel;
 * const team = new LevelTeam(work, levelInit("dp", tiny, { ctrl: ctrl.buffer as SharedArrayBuffer }), 0);
 * team.run(TASK_FWD, 0);
 * team.close();
 * assert.deepEqual(done, [`${TASK_FWD}/0`]);
 * ```
 */
export class LevelTeam {
  /** The helper workers. */
  readonly workers: Worker[] = [];
  /** The control block. */
  readonly ctrl: Int32Array;
  /**
   * @param work this thread's side
   * @param init what each worker is sent
   * @param helpers workers to start
   */
  constructor(readonly work: LevelTasks, init: LevelInit, helpers: number) {
    this.ctrl = work.ctrl;
    for (let i = 0; i < CTRL_WORDS; i++) Atomics.store(this.ctrl, i, 0);
    // helpers started early for this pass come first (they are building
    // the model already), then new ones
    const early = takePrestarted(init);
    const want = Math.min(helpers, MAX_HELPERS);
    for (let i = 0; i < want; i++) {
      try {
        const w = i < early.length ? early[i] : startWorker();
        w.postMessage({ ...init, helper: i });
        this.workers.push(w);
      } catch {
        break; // no workers here (permissions): this thread does it all
      }
    }
    for (let i = this.workers.length; i < early.length; i++) {
      early[i].terminate();
    }
    this.started = performance.now();
  }

  private readonly started: number;

  /**
   * Count the helpers that became ready since the last task, from the
   * generation `gen` on (called between tasks, so no helper starts in the
   * middle of one); returns the helpers counted.
   */
  private admit(gen: number): number {
    let n = 0;
    for (let i = 0; i < this.workers.length; i++) {
      const at = JOIN + i;
      if (Atomics.compareExchange(this.ctrl, at, READY, COUNTED) === READY) {
        Atomics.store(this.ctrl, START + i, gen);
        Atomics.notify(this.ctrl, START + i);
      }
      if (Atomics.load(this.ctrl, at) === COUNTED) n++;
    }
    return n;
  }

  /** Give up on the helpers that have not joined by the deadline. */
  private giveUpLate(): void {
    if (performance.now() - this.started < JOIN_TIMEOUT_MS) return;
    for (let i = 0; i < this.workers.length; i++) {
      if (Atomics.compareExchange(this.ctrl, JOIN + i, 0, GIVEN_UP) === 0) {
        console.error(
          `flip7: a level worker did not start in ${
            JOIN_TIMEOUT_MS / 1000
          } s; going on without it`,
        );
      }
    }
  }

  /**
   * Run one task on this thread and the helpers that are ready; returns when
   * all its chunks are done. A helper still starting is not waited for: it
   * joins at a later task (so this thread does not idle while a worker
   * loads its modules and builds its model).
   */
  run(task: number, L: number): void {
    const ctrl = this.ctrl, n = this.workers.length;
    Atomics.store(ctrl, TASK, task);
    Atomics.store(ctrl, LEVEL, L);
    Atomics.store(ctrl, NEXT_CHUNK, 0);
    Atomics.store(ctrl, DONE, 0);
    const counted = n > 0 ? this.admit(Atomics.load(ctrl, GEN) + 1) : 0;
    if (n > 0) {
      Atomics.add(ctrl, GEN, 1);
      Atomics.notify(ctrl, GEN);
    }
    this.work.work(task, L);
    for (;;) {
      const d = Atomics.load(ctrl, DONE);
      if (Atomics.load(ctrl, ERR) !== 0) {
        throw new Error("a level worker failed (see its error above)");
      }
      if (d >= counted) break;
      Atomics.wait(ctrl, DONE, d, 200);
      this.giveUpLate();
    }
    if (Atomics.load(ctrl, NEXT_CHUNK) < this.work.chunksOf(task, L)) {
      this.work.work(task, L); // a worker died before taking its share
    }
  }

  /** Tell the workers to exit. */
  close(): void {
    if (this.workers.length === 0) return;
    Atomics.store(this.ctrl, TASK, TASK_EXIT);
    Atomics.add(this.ctrl, GEN, 1);
    Atomics.notify(this.ctrl, GEN);
    for (let i = 0; i < this.workers.length; i++) {
      Atomics.notify(this.ctrl, START + i);
    }
    for (const w of this.workers) w.terminate();
  }
}

/**
 * What a worker is sent for a pass over `model` with these shared buffers.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * import "./actions.ts"; // registers the all94 model
 * import type { ActionModel } from "./actions.ts";
 * const model = getModel("all94", "5:0,6:0,7:0,8:0,9:0,10:0,11:0,12:0,+4:0,+6:0,+8:0,+10:0,chance:1,freeze:1,flip3:1") as ActionModel;
 * const init = levelInit("dp", model, { ctrl: new SharedArrayBuffer(CTRL_WORDS * 4) });
 * assert.equal(init.cores.length, model.spaces().base.cores.length); // the model's cores
 * assert.deepEqual(init.deck, [...model.deck]);
 * ```
 */
export function levelInit(
  kind: PassKind,
  model: ActionModel,
  shared: { ctrl: SharedArrayBuffer },
  spec?: string,
): LevelInit {
  const { base } = model.spaces();
  const { order, start } = model.levels();
  return {
    kind,
    deck: model.deck.slice(),
    rulings: { ...model.rulings },
    cores: base.cores,
    order,
    start,
    shared,
    spec,
  };
}

/**
 * The worker side: build this thread's tasks, then serve them until told to
 * exit (see `levels_worker.ts`).
 *
 * @example
 * ```ts ignore
 * // it blocks on the control block until the team says exit, so it runs in
 * // a worker: levels_worker.ts calls it, and tests/solver_levels_test.ts
 * // checks that two threads give a one-thread pass's bytes
 * serveLevels(init.shared.ctrl, init.helper ?? 0, make);
 * ```
 */
export function serveLevels(
  ctrlBuffer: SharedArrayBuffer,
  helper: number,
  make: () => LevelTasks,
): void {
  const ctrl = new Int32Array(ctrlBuffer);
  // join, unless the team has given up on this helper (it started too late)
  if (Atomics.compareExchange(ctrl, JOIN + helper, 0, JOINED) !== 0) return;
  let work: LevelTasks;
  try {
    work = make();
  } catch (e) {
    // never counted: the team goes on without this helper
    console.error(`flip7: level worker: ${(e as Error).message}`);
    Atomics.store(ctrl, JOIN + helper, GIVEN_UP);
    return;
  }
  // ready; the team counts this helper between two tasks, from generation START on
  Atomics.store(ctrl, JOIN + helper, READY);
  let gen = 0;
  for (;;) {
    const first = Atomics.load(ctrl, START + helper);
    if (first !== 0) {
      gen = first - 1;
      break;
    }
    if (Atomics.load(ctrl, TASK) === TASK_EXIT) return;
    Atomics.wait(ctrl, START + helper, 0, 200);
  }
  for (;;) {
    Atomics.wait(ctrl, GEN, gen);
    gen = Atomics.load(ctrl, GEN);
    const task = Atomics.load(ctrl, TASK);
    if (task === TASK_EXIT) return;
    try {
      work.work(task, Atomics.load(ctrl, LEVEL));
    } catch (e) {
      console.error(`flip7: level worker: ${(e as Error).stack}`);
      Atomics.store(ctrl, ERR, 1);
    }
    Atomics.add(ctrl, DONE, 1);
    Atomics.notify(ctrl, DONE);
  }
}
