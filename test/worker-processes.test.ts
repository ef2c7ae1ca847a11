// Workers as separate processes (`crs worker`) on one store: a worker killed with SIGKILL in the
// middle of an analysis is taken over once its lease lapses and the run finishes with one charge
// and no duplicate findings; two worker processes sharing the queue never run one run twice.
import assert from "node:assert/strict";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, before, test } from "node:test";
import { makeRepo } from "../src/platform/codehost/testing/make-repo.ts";
import { startWorker } from "../src/capabilities/runs/worker/index.ts";
import { startTestServer, usingPostgres, type TestServer } from "./harness.ts";
import { readyRepository } from "./fixtures/repositories.ts";
import { demoRepository, finished, startedRun, workerProcess } from "./fixtures/worker.ts";

let t: TestServer;
before(async () => {
  t = await startTestServer();
});
after(() => t.close());

async function ledgerOf(runId: number) {
  return t.app.store.db.selectFrom("credit_ledger").select(["kind", "amount_cents"]).where("run_id", "=", runId).orderBy("id").execute();
}

test("a worker killed mid-analysis is taken over: one charge, the findings imported once", async () => {
  const ws = await t.workspace();
  const remote = makeRepo();
  t.app.onClose(() => remote.cleanup());
  // Enough code that the analysis takes seconds on one thread (request handlers with parameterised
  // queries: parsed and walked for taint, and safe), with four planted bugs. Progress is written at
  // most twice a second, so the analysis must outlast half a second by far for the kill to land in
  // it (the loop below asserts it did); it is done twice here (killed, then taken over), so no more.
  const files = 2500;
  for (let i = 0; i < files; i++) {
    const file = join(remote.path, `pkg${i % 40}`, `mod${i}.js`);
    mkdirSync(dirname(file), { recursive: true });
    const body = Array.from({ length: 30 }, (_, l) => `  const v${l} = rows.length * ${l} + ${i};`).join("\n");
    const bug = i % (files / 4) === 7 ? `\nasync function run${i}(req) { return eval(req.query.code); }\n` : "";
    writeFileSync(
      file,
      `const db = require("./db");\n\nasync function handler${i}(req, res) {\n  const rows = await db.query("SELECT * FROM items WHERE id = $1", ` +
        `[req.params.id]);\n${body}\n  res.json({ rows, v0 });\n}\n${bug}\nmodule.exports = { handler${i} };\n`,
    );
  }
  remote.git(["add", "-A"]);
  remote.git(["commit", "-q", "-m", "many files"]);
  const row = await readyRepository(t, ws, { remote: remote.url });
  const started = await startedRun(t, ws, { repository: row.id });

  // The default 30 s lease: with a short one, a busy machine can delay the child's renewals until
  // its lease lapses and it takes its own run over (a third attempt, seen on a loaded machine).
  const child = workerProcess(t);
  const exited = once(child, "exit");
  let stateAtKill = "";
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const r = await t.app.store.db.selectFrom("runs").select(["state", "stages_json"]).where("id", "=", started.id).executeTakeFirstOrThrow();
      const analysis = (JSON.parse(r.stages_json) as Array<{ name: string; progress: { done: number } | null }>).find((s) => s.name === "analysis")!;
      if (r.state === "analysis_in_progress" && (analysis.progress?.done ?? 0) > 0) {
        stateAtKill = r.state;
        break;
      }
      assert.ok(Date.now() < deadline && r.state !== "complete", `the worker process did not reach the analysis: ${r.state}`);
      await new Promise((res) => setTimeout(res, 20));
    }
  } finally {
    child.kill("SIGKILL");
    await exited;
  }
  assert.equal(stateAtKill, "analysis_in_progress");
  // The dead worker's lease lapses: moved into the past instead of waited out (a claim compares it
  // with the clock and nothing else).
  await t.app.store.db
    .updateTable("runs")
    .set({ lease_until: new Date(Date.now() - 1000).toISOString() })
    .where("id", "=", started.id)
    .execute();

  const worker = startWorker(t.app);
  try {
    const run = await finished(t, ws.token, started.id, 120_000);
    assert.equal(run.state, "complete", JSON.stringify(run.error));
    assert.equal(run.findings.total, 4);
    assert.equal(run.costCents, started.priceCents);
  } finally {
    await worker.stop();
  }
  const row2 = await t.app.store.db.selectFrom("runs").select("attempts").where("id", "=", started.id).executeTakeFirstOrThrow();
  assert.equal(row2.attempts, 2);
  assert.deepEqual(
    (await ledgerOf(started.id)).map((e) => [e.kind, e.amount_cents]),
    [["charge", -started.priceCents]],
  );
  const findings = await t.app.store.db.selectFrom("findings").select(["number", "report_count"]).where("workspace_id", "=", ws.id).execute();
  assert.equal(findings.length, 4);
  assert.ok(findings.every((f) => f.report_count === 1));
  const reports = await t.app.store.db.selectFrom("finding_reports").select("id").where("run_id", "=", started.id).execute();
  assert.equal(reports.length, 4);
});

test("two worker processes share the queue and never run one run twice", async () => {
  const ws = await t.workspace();
  const { row } = await demoRepository(t, ws);
  const ids: number[] = [];
  for (let i = 0; i < 6; i++) ids.push((await startedRun(t, ws, { repository: row.id })).id);
  const children = [workerProcess(t), workerProcess(t)];
  try {
    for (const id of ids) assert.equal((await finished(t, ws.token, id, 120_000)).state, "complete");
  } finally {
    for (const c of children) c.kill("SIGTERM");
    await Promise.all(children.map((c) => (c.exitCode === null ? once(c, "exit") : undefined)));
  }
  const runs = await t.app.store.db.selectFrom("runs").select(["id", "attempts"]).where("workspace_id", "=", ws.id).execute();
  assert.deepEqual(
    runs.map((r) => r.attempts),
    [1, 1, 1, 1, 1, 1],
  );
  for (const id of ids) {
    assert.deepEqual(
      (await ledgerOf(id)).map((e) => e.kind),
      ["charge"],
    );
    assert.equal((await t.app.store.db.selectFrom("finding_reports").select("id").where("run_id", "=", id).execute()).length, 4);
  }
  const findings = await t.app.store.db.selectFrom("findings").select(["report_count"]).where("workspace_id", "=", ws.id).execute();
  assert.deepEqual(
    findings.map((f) => f.report_count),
    [6, 6, 6, 6],
  );
});

test("a worker with a data directory of its own fetches the mirror it lacks and completes the run", {
  skip: usingPostgres ? false : "needs a store shared across data directories (DATABASE_URL)",
}, async () => {
  const ws = await t.workspace();
  const { row } = await demoRepository(t, ws);
  const started = await startedRun(t, ws, { repository: row.id });
  const elsewhere = mkdtempSync(join(tmpdir(), "crs-other-worker-"));
  const child = workerProcess(t, { CRS_DATA_DIR: elsewhere });
  try {
    const run = await finished(t, ws.token, started.id, 60_000);
    assert.equal(run.state, "complete", JSON.stringify(run.error));
    assert.equal(run.findings.total, 4);
  } finally {
    child.kill("SIGTERM");
    if (child.exitCode === null) await once(child, "exit");
    rmSync(elsewhere, { recursive: true, force: true });
  }
});
