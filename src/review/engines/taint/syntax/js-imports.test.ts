import { test } from "node:test";
import assert from "node:assert/strict";
import { aliasMatches } from "./js-imports.ts";

/** The alias pattern tried at every position of the text, as it was before the scan from `=` signs. */
const dotted = String.raw`[A-Za-z_$][\w$]*(?:\.[\w$]+)*`;
const requireCall = String.raw`require\s*\(\s*['"\x60]([^'"\x60\n]+)['"\x60]\s*\)`;
const everywhere = new RegExp(
  String.raw`(?<![\w$.])([A-Za-z_$][\w$]*)\s*=\s*(?:(?:[A-Za-z_$][\w$]*\.)?promisify\(\s*(?:(${dotted})|${requireCall}\s*\.\s*([\w$]+))\s*\)|` +
    String.raw`(${dotted}))\s*(?:;|\n|$)`,
  "g",
);
const list = (ms: Iterable<RegExpExecArray | RegExpMatchArray>): string[] =>
  [...ms].map((m) => `${m.index}:${m[1]}=${m[2] ?? (m[3] ? `${m[3]}#${m[4]}` : `~${m[5]}`)}`);

test("aliases found from the = signs are those the pattern finds at every position", () => {
  const texts = [
    "const run = cp.exec;\nvar ctor = Function\nlet x = 1;",
    "a = b\n= c; d=e", // a second `=` right after a match's line break
    "x.y = z; 9a = b; a == b; f => g; a != b; a <= b",
    "first = second = third;",
    "run\u00a0=\u00a0cp.exec\nnext\u2028=\u3000other;",
    "obj.run = cp.exec;\n  alias   =   fs.promises.readFile   \n",
    "$ = jQuery; _=lodash;a=b",
    "const run = util.promisify(cp.exec);\nconst p = promisify( exec )\nx = promisify(a)(b);",
    "const run = promisify(require('child_process').exec);\nconst q = util.promisify(require(\"node:fs\") . readFile)\n",
  ];
  for (const t of texts) assert.deepEqual(list(aliasMatches(t)), list(t.matchAll(everywhere)), JSON.stringify(t));
  // Short random texts of the characters that matter.
  const parts = ["a", "b$", "_", "1", ".", " ", "\n", "\t", "=", ";", "\u00a0", "x.y", "==", "=>", "!", "9", "promisify(", ")", "require('cp')"];
  let seed = 7;
  const next = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648) % parts.length;
  for (let k = 0; k < 20_000; k++) {
    let t = "";
    for (let j = 1 + (k % 13); j > 0; j--) t += parts[next()];
    assert.deepEqual(list(aliasMatches(t)), list(t.matchAll(everywhere)), JSON.stringify(t));
  }
});
