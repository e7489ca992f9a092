/**
 * The rules' numbers live in the rules layer only (issue 40): the Flip 7
 * bonus, the five `+X` values, the layout of the 6-bit modifier mask where
 * it restates the card table, and the forced draws of a Flip Three are read
 * from `lib/game/cards.ts` (the card table and the scoring constants) and
 * `lib/game/rules.ts` (the rules objects), never written as literals
 * elsewhere in `lib/`, `cli/` or `experiments/`.
 *
 * The scan reads the code with its comments, strings and regular
 * expressions blanked out, and looks for each number only where it stands
 * in a rule's position (a `15` added or chosen as a score, a `& 31` taking
 * the `+X` bits of a modifier mask, a `2 * (i + 1)` making a `+X` value …),
 * so that other 15s, 31s and 64s (a chart's font size, a hash's shift, a
 * worker count) pass. `FLIP7_RULE_LITERALS_ROOT=DIR` scans another
 * checkout (main at 929a277 fails it: 82 places in 19 files).
 */
import assert from "node:assert/strict";

/** Where the rules' numbers may be written. */
const RULES_LAYER = ["lib/game/cards.ts", "lib/game/rules.ts"];

/** One kind of rule literal: its name and the patterns that find it in blanked code. */
const RULES: { name: string; patterns: RegExp[] }[] = [
  {
    name: "the Flip 7 bonus 15 (FLIP7_BONUS, rules.flip7Bonus)",
    patterns: [
      // added, chosen in a ternary, or multiplied: `+ 15`, `? 15 :`, `15 *`
      /[+?]\s*15(?![\w.])/,
      /(?<![\w.])15\s*[*+]/,
    ],
  },
  {
    name: "a +X value (the card table's EFFECT_PLUS rows, PLUS_OF_MASK)",
    patterns: [
      /\(\s*[\w.]+\s*(?:-\s*PLUS2\s*)?\+\s*1\s*\)\s*\*\s*2(?![\w.])/,
      /(?<![\w.])2\s*\*\s*\(\s*[\w.]+\s*(?:-\s*PLUS2\s*)?\+\s*1\s*\)/,
      /(?<![\w.])2\s*,\s*4\s*,\s*6\s*,\s*8\s*,\s*10(?![\w.])/,
      /(?<![\w.])30\s*\+\s*15(?![\w.])|\+\s*30\s*\+/,
    ],
  },
  {
    name:
      "the modifier mask's layout (MODIFIER_KINDS, MODS, MOD_MASK, PLUS_BITS, X2_BIT, modifierBit)",
    patterns: [
      // the +X bits and the whole mask: `& 31`, `& 63`
      /&\s*(?:31|63|0x1f|0x3f)(?![\w.])/,
      // the x2 bit by position: `(mods >> 5) & 1`
      />>>?\s*5\s*\)\s*&\s*1(?![\w.])/,
      // the mask's width: `key << 6`, `>> 6`, a chance bit above it (`? 64 :`, `& 64`)
      /<<\s*6(?![\w.])|>>>?\s*6(?![\w.])/,
      /\?\s*64\s*:|&\s*64(?![\w.])/,
      // the modifiers as a run of kinds: `PLUS2 + 6`, `X2 - PLUS2`, `k <= X2`, `X2 + 1`
      /PLUS2\s*\+\s*\d|X2\s*-\s*PLUS2|<=?\s*X2(?![\w.])|X2\s*\+\s*1(?![\w.])/,
      // a loop over the five +X or the six modifiers: `b < 5;`, `i < 6;`
      /for\s*\(\s*let\s+\w+\s*=\s*0\s*;\s*\w+\s*<\s*[56]\s*;/,
      // the modifier masks counted: `MODS = 64`
      /MODS\s*=\s*64(?![\w.])/,
    ],
  },
  {
    name: "the forced draws of a Flip Three, 3 (FLIP3_DRAWS, its row's value)",
    patterns: [
      /DRAWS\s*=\s*3(?![\w.])/i,
      /\bforced\w*\(\s*3(?![\w.])/,
      /for\s*\(\s*let\s+\w+\s*=\s*0\s*;\s*\w+\s*<\s*3\s*;/,
    ],
  },
];

/**
 * `src` with every comment, string, template text and regular expression
 * replaced by spaces (newlines kept, so that line numbers stay), the code
 * of template substitutions kept.
 */
export function blankNonCode(src: string): string {
  const out = src.split("");
  const blank = (from: number, to: number) => {
    for (let i = from; i < to; i++) if (out[i] !== "\n") out[i] = " ";
  };
  // the last significant character, to tell a regex from a division
  let last = "";
  // open template literals: the brace depth at which each substitution began
  const templates: number[] = [];
  let depth = 0;
  let i = 0;
  const n = src.length;
  const templateText = (start: number): number => {
    // from inside a template's text to its end or its next `${`
    let j = start;
    while (j < n) {
      if (src[j] === "\\") j += 2;
      else if (src[j] === "`") {
        blank(start, j);
        return j + 1;
      } else if (src[j] === "$" && src[j + 1] === "{") {
        blank(start, j);
        templates.push(depth);
        depth++;
        return j + 2;
      } else j++;
    }
    blank(start, n);
    return n;
  };
  while (i < n) {
    const c = src[i];
    if (c === "/" && src[i + 1] === "/") {
      const e = src.indexOf("\n", i);
      const end = e < 0 ? n : e;
      blank(i, end);
      i = end;
    } else if (c === "/" && src[i + 1] === "*") {
      const e = src.indexOf("*/", i + 2);
      const end = e < 0 ? n : e + 2;
      blank(i, end);
      i = end;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < n && src[j] !== c && src[j] !== "\n") {
        j += src[j] === "\\" ? 2 : 1;
      }
      blank(i + 1, j);
      i = j + 1;
      last = "a";
    } else if (c === "`") {
      i = templateText(i + 1);
      last = "a";
    } else if (
      c === "/" && (last === "" || "(,=:[!&|?{};+-*%<>~^".includes(last))
    ) {
      // a regular expression literal
      let j = i + 1, inClass = false;
      while (j < n && src[j] !== "\n") {
        if (src[j] === "\\") j++;
        else if (src[j] === "[") inClass = true;
        else if (src[j] === "]") inClass = false;
        else if (src[j] === "/" && !inClass) break;
        j++;
      }
      blank(i + 1, j);
      i = j + 1;
      while (i < n && /[a-z]/.test(src[i])) i++;
      last = "a";
    } else {
      if (c === "{") depth++;
      else if (c === "}") {
        depth--;
        if (templates.length && templates[templates.length - 1] === depth) {
          templates.pop();
          i = templateText(i + 1);
          last = "a";
          continue;
        }
      }
      if (!/\s/.test(c)) last = c;
      i++;
    }
  }
  return out.join("");
}

/** Every rule literal under `root`: `path:line: text (rule)`. */
export async function ruleLiterals(root: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for await (const e of Deno.readDir(`${root}/${dir}`)) {
      const path = `${dir}/${e.name}`;
      if (e.isDirectory) await walk(path);
      else if (
        e.isFile && path.endsWith(".ts") && !RULES_LAYER.includes(path)
      ) {
        const lines = blankNonCode(await Deno.readTextFile(`${root}/${path}`))
          .split("\n");
        lines.forEach((line, i) => {
          for (const rule of RULES) {
            for (const p of rule.patterns) {
              const m = p.exec(line);
              if (m) {
                found.push(`${path}:${i + 1}: '${m[0].trim()}' (${rule.name})`);
              }
            }
          }
        });
      }
    }
  };
  for (const dir of ["lib", "cli", "experiments"]) await walk(dir);
  return found.sort();
}

Deno.test("the blanking keeps code and drops comments, strings and regexes", () => {
  const src = [
    "const a = 15; // + 15",
    'const s = "x + 15", t = `y ${b + 15} z`;',
    "const r = /& 31/.test(s) ? 2 : 1; /* & 63 */",
    "const d = x / 2 + 15;",
  ].join("\n");
  const b = blankNonCode(src).split("\n");
  assert.equal(b[0].trim(), "const a = 15;");
  assert.match(b[1], /\$\{b \+ 15\}/);
  assert.doesNotMatch(b[1], /x \+ 15|y|z/);
  assert.doesNotMatch(b[2], /31|63/);
  assert.match(b[3], /x \/ 2 \+ 15/);
});

Deno.test("each rule finds its literal and passes its look-alikes", () => {
  const hits = (code: string) =>
    RULES.filter((r) => r.patterns.some((p) => p.test(blankNonCode(code))))
      .map((r) => r.name.split(" ")[1]);
  assert.deepEqual(hits("x = s + (f7 ? 15 : 0);"), ["Flip"]);
  assert.deepEqual(hits("x = mult * v + plus + 15;"), ["Flip"]);
  assert.deepEqual(hits("e = 15 * this.pF7[key];"), ["Flip"]);
  assert.deepEqual(hits("s += 2 * (b + 1);"), ["+X"]);
  assert.deepEqual(hits("p = PLUS_OF_MASK[mods & 31];"), ["modifier"]);
  assert.deepEqual(hits("key = (m << 6) | md;"), ["modifier"]);
  assert.deepEqual(hits("for (let b = 0; b < 5; b++) t += b;"), ["modifier"]);
  assert.deepEqual(hits("export const FLIP_DRAWS = 3;"), ["forced"]);
  assert.deepEqual(hits("this.forced(3, m, md, c, 1);"), ["forced"]);
  // look-alikes: a font size, a hash, a tolerance, a shift, a count of chunks
  for (
    const ok of [
      "const theme = { titleSize: 15 };",
      "h ^= h >>> 15;",
      "if (a > b - 1e-15) return;",
      "const big = 1 << 15;",
      "const chunks = Math.min(c ?? 64, total);",
      "if (seat > 15) return;",
      "if (score >= 15 && risk >= 0.25) return seat;",
      'const m = "plus 15 for a Flip 7";',
    ]
  ) assert.deepEqual(hits(ok), [], ok);
});

Deno.test("the rules' numbers appear only in the rules layer (cards.ts, rules.ts)", async () => {
  const root = Deno.env.get("FLIP7_RULE_LITERALS_ROOT") ??
    new URL("..", import.meta.url).pathname.replace(/\/$/, "");
  const found = await ruleLiterals(root);
  assert.deepEqual(
    found,
    [],
    `${found.length} rule literal(s) outside lib/game/cards.ts and rules.ts (read them from the card table or the rules):\n${
      found.join("\n")
    }`,
  );
});
