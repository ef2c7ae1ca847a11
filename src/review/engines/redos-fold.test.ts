import { test } from "node:test";
import assert from "node:assert/strict";
import { parse } from "@ast-grep/napi";
import { loadRules, reviewFiles } from "../index.ts";
import { stream } from "../testing/stream.ts";
import { FileConstants, foldedRegExp } from "./redos-fold.ts";

// Verdicts must not depend on the machine's load here (engines/redos.ts).
process.env.CRS_REDOS_PATTERN_MS ??= "10000";
const rules = await loadRules();
const redosLines = async (src: string): Promise<number[]> =>
  (await reviewFiles({ files: stream({ "lib/patterns.js": src }), rules, taint: false })).findings
    .filter((f) => f.ruleId === "js.redos")
    .map((f) => f.location.startLine)
    .sort((a, b) => a - b);

/** The folded pattern of the file's last `new RegExp(…)`. */
const folded = (src: string) => {
  const root = parse("javascript", src).root();
  const calls = root.findAll({ rule: { kind: "new_expression" } });
  return foldedRegExp(calls.at(-1)!, new FileConstants(root));
};

test("a pattern joined from listed alternatives, concatenated pieces, a template and another pattern's source folds to its text", () => {
  assert.deepEqual(folded(`const parts = ["a+", 'b\\\\d'];\nnew RegExp(parts.join("|"), "g");`), { source: "a+|b\\d", flags: "g" });
  assert.deepEqual(folded(`const W = "\\\\w+";\nconst S = W + "\\\\s?";\nnew RegExp("^(" + S + ")+$");`), { source: "^(\\w+\\s?)+$", flags: "" });
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the reviewed source holds a template literal
  assert.deepEqual(folded("const W = '[a-z]';\nnew RegExp(`^${W}{2,}\\\\.$`, 'i');"), { source: "^[a-z]{2,}\\.$", flags: "i" });
  assert.deepEqual(folded(`const KEY = /[\\w-]+/u;\nnew RegExp("^" + KEY.source + "$");`), { source: "^[\\w-]+$", flags: "" });
  // Flags chosen at run time are read as every letter they may be.
  assert.deepEqual(folded(`new RegExp(["x", "y"].join(""), first ? undefined : "g");`), { source: "xy", flags: "g" });
});

test("a piece the file does not fix leaves the pattern unknown: a parameter, a name bound twice or reassigned, a call", () => {
  assert.equal(folded(`function f(w) { return new RegExp("^(" + w + ")+$"); }`), null);
  assert.equal(folded(`let p = "a+";\np = p + "b";\nnew RegExp(p);`), null);
  assert.equal(folded(`function a() { const p = "x"; }\nfunction b() { const p = "(a+)+"; return new RegExp(p); }`), null);
  assert.equal(folded(`new RegExp(escape(word) + "+");`), null);
  assert.equal(folded(`const parts = ["a", other];\nnew RegExp(parts.join("|"));`), null);
});

test("a super-linear pattern built from the module's constants is reported; its fixed twin and a pattern of the caller's word are not", async () => {
  const src = `const SEP = [";", "?"].join("");
const ESC = ["\\\\u001B\\\\[[" + SEP + "]*(?:[0-9]*(?:;[0-9a-z]*)*)m", "\\\\u001B\\\\][^\\\\u0007\\\\u001B]*\\\\u0007"];
exports.strip = (s) => s.replace(new RegExp(ESC.join("|"), "g"), "");
const ESC_FIXED = ["\\\\u001B\\\\[(?:[0-9]+(?:;[0-9]+)*)?m", "\\\\u001B\\\\][^\\\\u0007\\\\u001B]*\\\\u0007"];
exports.stripFixed = (s) => s.replace(new RegExp(ESC_FIXED.join("|"), "g"), "");
const WORD = "[a-z]+\\\\s?";
exports.list = (s) => new RegExp(\`^(?:\${WORD})+;$\`).test(s);
exports.search = (word, s) => new RegExp("(?:" + word + "\\\\s*)+").test(s);
`;
  assert.deepEqual(await redosLines(src), [3, 7]);
});
