import { test } from "node:test";
import assert from "node:assert/strict";
import { loadRules, reviewFiles, ReviewPool } from "../index.ts";
import type { SourceFile } from "../types.ts";

const rules = await loadRules();

const files: Record<string, string> = {
  "a.js": "const crypto = require('crypto');\nconst h = crypto.createHash('md5').update(pw);\nif (x === NaN) {}\n",
  "b.py": "import os\nfrom flask import request\n\ndef view():\n    os.system('echo ' + request.args.get('n'))\n",
  "c.go": 'package main\n\nimport "os/exec"\n\nfunc run(n string) { exec.Command("sh", "-c", n).Run() }\n',
};
async function* stream(): AsyncGenerator<SourceFile> {
  for (let i = 0; i < 40; i++) for (const [p, c] of Object.entries(files)) yield { path: `d${i}/${p}`, content: Buffer.from(c) };
}
const summary = (r: Awaited<ReturnType<typeof reviewFiles>>) =>
  r.findings.map((f) => `${f.location.path}:${f.location.startLine}:${f.ruleId}:${f.fingerprint}`);

test("a long-lived pool serves several reviews with different selections, matching in-thread results", async () => {
  const pool = new ReviewPool(2);
  try {
    for (const only of [undefined, ["js.weak-hash"], ["python"]]) {
      const inThread = await reviewFiles({ files: stream(), rules, only, threads: 1 });
      const pooled = await reviewFiles({ files: stream(), rules, only, pool });
      assert.ok(inThread.findings.length > 0);
      assert.deepEqual(summary(pooled), summary(inThread));
      assert.deepEqual(pooled.stats.lines, inThread.stats.lines);
    }
  } finally {
    await pool.close();
  }
  await assert.rejects(reviewFiles({ files: stream(), rules, pool }), /closed/);
});

test("threads > 1 without a pool starts one for the review and gives the in-thread findings", async () => {
  const a = await reviewFiles({ files: stream(), rules, threads: 2 });
  const b = await reviewFiles({ files: stream(), rules, threads: 1 });
  assert.deepEqual(summary(a), summary(b));
});

test("the syntax trees of reviewed files are freed as the review goes (memory stays bounded)", async () => {
  // 60 files of 200 KB: kept alive, their trees would take about 400 MB more.
  const body = Array.from({ length: 3200 }, (_, i) => `function f${i}(a) { if (a > b) { return a + ${i}; } }\n`).join("");
  async function* big(): AsyncGenerator<SourceFile> {
    for (let i = 0; i < 60; i++) yield { path: `m${i}.js`, content: Buffer.from(`if (x === NaN) {}\n${body}`) };
  }
  const before = process.memoryUsage().rss;
  let peak = before;
  const res = await reviewFiles({
    files: big(),
    rules,
    only: ["js.nan-comparison"],
    taint: false,
    onProgress: () => {
      peak = Math.max(peak, process.memoryUsage().rss);
    },
  });
  peak = Math.max(peak, process.memoryUsage().rss);
  assert.equal(res.findings.length, 60);
  assert.ok(peak - before < 200 * 1048576, `RSS grew by ${Math.round((peak - before) / 1048576)} MB`);
});
