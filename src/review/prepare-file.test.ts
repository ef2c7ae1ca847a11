// What a file's preparation decides from its path and text before any tree exists.
import assert from "node:assert/strict";
import { test } from "node:test";
import { FileAnalyzer } from "./analyze-file.ts";
import { loadRules } from "./index.ts";

const rules = (await loadRules()).rules;
const review = (path: string, text: string) =>
  new FileAnalyzer({ rules, selections: [], overrides: [], taint: true, maxBytes: 1 << 20, timeBudgetMs: 10_000 }).analyze({
    path,
    content: Buffer.from(text),
  });
const handler = [
  "import { exec } from 'node:child_process';",
  "export function run(req: any, res: any) {",
  "  exec('convert ' + req.query.file);",
  "  res.end('ok');",
  "}",
  "",
].join("\n");
const taintFindings = (path: string) => review(path, handler).findings.filter((f) => f.ruleId.includes(".taint."));

test("a TypeScript module gets the taint finding of a request value reaching a shell", () => {
  assert.deepEqual(
    taintFindings("src/run.ts").map((f) => [f.ruleId, f.location.startLine]),
    [["ts.taint.command-injection", 3]],
  );
});

test("a declaration file (.d.ts, .d.mts, .d.cts) is not walked for taint: nothing in it runs", () => {
  for (const path of ["types/run.d.ts", "types/run.d.mts", "types/run.D.CTS"]) assert.deepEqual(taintFindings(path), [], path);
});
