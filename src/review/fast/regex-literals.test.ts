// The regex-literal check rules a file out for `check: redos` rules (a file it clears may go
// unparsed): it must say yes wherever the grammar sees a literal the ReDoS judge would look at.
import { test } from "node:test";
import assert from "node:assert/strict";
import { parse } from "@ast-grep/napi";
import { mayHoldJudgeableRegex } from "./regex-literals.ts";
import { judgeable, patternOf } from "../engines/redos.ts";
import { FileAnalyzer } from "../analyze-file.ts";
import { loadRules } from "../index.ts";
import { ensureParsers, parserName } from "../languages.ts";
import { packageSources } from "../testing/package-sources.ts";

const rules = (await loadRules()).rules;
const analyzer = () => new FileAnalyzer({ rules, selections: [], overrides: [], taint: false, maxBytes: 1 << 20, timeBudgetMs: 60_000 });
const file = (path: string, text: string) => ({ file: { path, content: Buffer.from(text) } });

test("literals the judge looks at are seen past divisions, comments, classes with slashes and escapes", () => {
  for (const text of [
    "const re = /(a+)+$/;",
    "x = a / b; y = /\\s+$/.test(s)",
    "// a comment\nconst r = /[/]+x+/g",
    "s.replace(/\\/+(a|b)*$/, '')",
    "/* c *//(x+)+y/.exec(s)",
  ])
    assert.equal(mayHoldJudgeableRegex(text), true, text);
  for (const text of ["// see http://x/y/z", "/* (a+)+ */", "a / b / c", "const r = /^[a-z]+$/;", "s.split(/,/)", "x = /a\n+/"])
    assert.equal(mayHoldJudgeableRegex(text), false, text);
});

test("wherever real code holds a regex literal the judge would look at, the check says it may", () => {
  ensureParsers();
  let judged = 0;
  let cleared = 0;
  for (const { path: p, text, lang } of packageSources(["yaml", "zod", "commander", "fastify", "pino", "semver", "ajv", "recheck"], 80)) {
    const literals = parse(parserName(lang), text)
      .root()
      .findAll({ rule: { kind: "regex" } });
    const some = literals.some((n) => {
      const pattern = patternOf(n.text(), false);
      return !pattern || judgeable(pattern.source);
    });
    if (some) judged++;
    assert.equal(mayHoldJudgeableRegex(text) || !some, true, `${p}: a judgeable literal, the check says none`);
    if (!mayHoldJudgeableRegex(text)) cleared++;
  }
  assert.ok(judged > 20, `${judged} files with literals to judge`);
  assert.ok(cleared > 50, `${cleared} files cleared`);
});

test("a file whose regex literals are all too plain to judge is not parsed, one with a nested quantifier still is and is reported", () => {
  const a = analyzer();
  const out = a.analyzeMany([
    file("plain.js", "export function trim(s) {\n  return s.replace(/^x/, '');\n}\nrun(() => {});\n"),
    file("nested.js", "const nested = /^(a+)+$/;\nexport const ok = (s) => nested.test(s);\n"),
  ]);
  assert.equal(a.treeless.files, 1, "only plain.js goes without a tree");
  assert.deepEqual(out[0]!.findings, []);
  assert.deepEqual(
    out[1]!.findings.map((f) => f.ruleId),
    ["js.redos"],
  );
});
