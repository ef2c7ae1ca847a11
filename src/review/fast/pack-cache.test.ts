// Compiled packs outlive the review that compiled them (pack-cache.ts): the next review with the same
// rules uses them, and a review whose rules differ in any way never does.
import assert from "node:assert/strict";
import { test } from "node:test";
import { FileAnalyzer } from "../analyze-file.ts";
import { parseRuleText } from "../rule-loader.ts";
import type { Rule } from "../rule-loader.ts";
import { packOf, rulesDigest } from "./pack-cache.ts";

const ruleText = (pattern: string, title: string) =>
  ["id: custom.no-go", "language: javascript", `title: ${title}`, "description: test rule", "severity: low", "rule:", `  pattern: ${pattern}`].join("\n");
const rulesOf = (pattern: string, title = "A call of go") => parseRuleText(ruleText(pattern, title), "custom.yml").rules;
const review = (rules: Rule[], text: string) =>
  new FileAnalyzer({ rules, selections: [], overrides: [], taint: false, maxBytes: 1 << 20, timeBudgetMs: 10_000 }).analyze({
    path: "a.js",
    content: Buffer.from(text),
  });

test("a second review with rules of the same content (a copy, as a review thread receives them) reuses the first's compiled pack", () => {
  const first = rulesOf("go($X)");
  const copy = structuredClone(first);
  const pack = packOf(first, rulesDigest(first), "javascript");
  assert.ok(pack);
  assert.equal(packOf(copy, rulesDigest(copy), "javascript"), pack);
});

test("a rule edited between two reviews is compiled anew: the second review reports what the edited rule matches", () => {
  const text = "go(1);\nstop(2);\n";
  const before = review(rulesOf("go($X)"), text);
  assert.deepEqual(
    before.findings.map((f) => f.location.startLine),
    [1],
  );
  const after = review(rulesOf("stop($X)"), text);
  assert.deepEqual(
    after.findings.map((f) => f.location.startLine),
    [2],
  );
  // A change outside the pattern (the title) is a different rule too: its findings carry the new title.
  const retitled = review(rulesOf("stop($X)", "A call of stop"), text);
  assert.deepEqual(
    retitled.findings.map((f) => f.title),
    ["A call of stop"],
  );
});

test("the same rules give each language its own pack: a TypeScript review never runs the JavaScript pack", () => {
  const rules = rulesOf("go($X)");
  const digest = rulesDigest(rules);
  const js = packOf(rules, digest, "javascript");
  const ts = packOf(rules, digest, "typescript");
  assert.ok(js && ts);
  assert.notEqual(js, ts);
  assert.equal(packOf(rules, digest, "typescript"), ts);
});
