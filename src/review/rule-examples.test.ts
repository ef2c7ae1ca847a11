import { test } from "node:test";
import assert from "node:assert/strict";
import { loadRules } from "./rule-loader.ts";
import { evaluateExamples } from "./rule-examples.ts";
import { parse } from "@ast-grep/napi";
import { parserName } from "./languages.ts";

// Verdicts must not depend on the machine's load here (engines/redos.ts).
process.env.CRS_REDOS_PATTERN_MS ??= "10000";

const rules = await loadRules();

test("every built-in rule file loads without problems", () => {
  assert.deepEqual(rules.problems, []);
  assert.ok(rules.rules.length > 50);
});

test("every built-in rule compiles: its patterns, kinds and regexes are valid (loading them checks custom rules only)", () => {
  for (const r of rules.rules) assert.doesNotThrow(() => parse(parserName(r.language), "").root().findAll(r.config), r.id);
});

test("every marked example line gets its finding and no other line gets one", async () => {
  const { cases } = await evaluateExamples(rules);
  const wrong = cases.filter((c) => !c.ok).map((c) => `${c.file}:${c.line} ${c.kind} ${c.ruleId}`);
  assert.deepEqual(wrong, []);
});

test("every rule has at least one positive and one negative example", async () => {
  const { untested } = await evaluateExamples(rules);
  assert.deepEqual(untested, []);
});
