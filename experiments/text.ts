/**
 * The prose of the experiments, kept as text beside them: each experiment's
 * sentences (its summary, the causes it states, its method notes, its chart
 * caption) live in `experiments/text/NAME.md`, one section per `## id`
 * heading, and the code fills in the figures. An experiment reads its file
 * as a text import and asks for a section by id:
 *
 * ```ts
 * import assert from "node:assert/strict";
 * import TEXT from "./text/field-size.md" with { type: "text" };
 * const text = prose("field-size", TEXT);
 * assert.equal(
 *   text("summary-head", { seeds: 3 }),
 *   "per-seat win share, 3 seeds pooled (further readings: one seed); ev minus the reading with its SE",
 * );
 * ```
 *
 * The file format (what {@linkcode parseProse} reads):
 *
 * - everything before the first `## ` heading is a note for the reader of
 *   the file, never output;
 * - `## id` starts a section (ids: lower-case letters, digits and `-`);
 * - a section's lines are trimmed and joined with one space (so a long
 *   sentence may be wrapped anywhere a space is); an empty line inside a
 *   section is a line break (`\n`) in the output; leading and trailing empty
 *   lines are dropped;
 * - `{key}` is replaced by the value the code passes for `key`; a key the
 *   section names but the call does not pass, or a key passed but not named,
 *   is an error (so a figure cannot silently go missing).
 *
 * `tests/experiments_text_test.ts` checks that every `text("id", ...)` call of
 * the experiments names a section of its file and that every section is
 * called (none unused).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const text = prose(
 *   "demo",
 *   "Notes.\n\n## cause\n\nev wins {share}\nof the games.\n\n## two\n\na\n\nb\n",
 * );
 * assert.equal(text("cause", { share: "50.4%" }), "ev wins 50.4% of the games.");
 * assert.equal(text("two"), "a\nb");
 * assert.deepEqual(text.sections, ["cause", "two"]);
 * assert.throws(() => text("cause"), /demo.md: section 'cause' needs \{share\}/);
 * assert.throws(() => text("nope"), /demo.md has no section 'nope': it has cause, two/);
 * ```
 * @module
 */

/** Values filled into a section's `{key}` placeholders. */
export type ProseVars = Readonly<Record<string, string | number>>;

/** One experiment's prose: call it with a section id and the figures. */
export interface Prose {
  (section: string, vars?: ProseVars): string;
  /** The experiment (the file is `experiments/text/NAME.md`). */
  readonly name: string;
  /** The section ids, in file order. */
  readonly sections: readonly string[];
}

const HEADING = /^## +(.*?)\s*$/;
const ID = /^[a-z0-9][a-z0-9-]*$/;
const KEY = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * The sections of a prose file: id → the section's text, placeholders left
 * in (see the module doc for the format).
 *
 * @throws {Error} on a bad or repeated section id, or an empty section.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const s = parseProse("x", "## a\none\ntwo\n\n\nthree\n## b\n{n} cards\n");
 * assert.deepEqual([...s], [["a", "one two\n\nthree"], ["b", "{n} cards"]]);
 * assert.throws(() => parseProse("x", "## a\n1\n## a\n2\n"), /x.md: section 'a' twice/);
 * ```
 */
export function parseProse(name: string, source: string): Map<string, string> {
  const out = new Map<string, string>();
  let id: string | null = null;
  let lines: string[] = [];
  const close = () => {
    if (id === null) return;
    while (lines.length && lines[0] === "") lines.shift();
    while (lines.length && lines.at(-1) === "") lines.pop();
    if (lines.length === 0) {
      throw new Error(`${name}.md: section '${id}' is empty`);
    }
    // joined with a space; an empty line is a line break
    let text = "";
    for (let i = 0; i < lines.length; i++) {
      const l = lines[i];
      if (l === "") text += "\n";
      else text += i > 0 && lines[i - 1] !== "" ? ` ${l}` : l;
    }
    out.set(id, text);
  };
  for (const raw of source.split("\n")) {
    const h = HEADING.exec(raw);
    if (h) {
      close();
      if (!ID.test(h[1])) {
        throw new Error(
          `${name}.md: bad section id '${h[1]}' (allowed: a-z, 0-9, -)`,
        );
      }
      if (out.has(h[1])) throw new Error(`${name}.md: section '${h[1]}' twice`);
      id = h[1];
      lines = [];
    } else if (id !== null) lines.push(raw.trim());
  }
  close();
  return out;
}

/**
 * The prose of experiment `name` from the text of its file (a text import
 * of `experiments/text/NAME.md`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const text = prose("x", "## caption\nData: results/{file}.csv");
 * assert.equal(text("caption", { file: "x" }), "Data: results/x.csv");
 * assert.throws(() => text("caption", { file: "x", n: 2 }), /does not use \{n\}/);
 * ```
 */
export function prose(name: string, source: string): Prose {
  const sections = parseProse(name, source);
  const fn = (section: string, vars: ProseVars = {}): string => {
    const t = sections.get(section);
    if (t === undefined) {
      throw new Error(
        `${name}.md has no section '${section}': it has ${
          [...sections.keys()].join(", ")
        }`,
      );
    }
    const used = new Set<string>();
    const text = t.replace(KEY, (_m, key: string) => {
      if (!Object.hasOwn(vars, key)) {
        throw new Error(`${name}.md: section '${section}' needs {${key}}`);
      }
      used.add(key);
      return String(vars[key]);
    });
    const extra = Object.keys(vars).filter((k) => !used.has(k));
    if (extra.length) {
      throw new Error(
        `${name}.md: section '${section}' does not use ${
          extra.map((k) => `{${k}}`).join(", ")
        }`,
      );
    }
    return text;
  };
  Object.defineProperty(fn, "name", { value: name });
  return Object.assign(fn, { sections: [...sections.keys()] }) as Prose;
}
