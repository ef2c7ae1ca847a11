// The worker end to end: real repositories with planted bugs reviewed by the in-process worker,
// full, pull request and branch reviews, import idempotence, cancellation at each stage boundary,
// lost access, and hostile content.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { balanceCents } from "../src/capabilities/runs/ledger.ts";
import { cancelRun } from "../src/capabilities/runs/cancel.ts";
import { claimRun, LeaseLost } from "../src/capabilities/runs/queue.ts";
import { startWorker } from "../src/capabilities/runs/worker/index.ts";
import { executeRun } from "../src/capabilities/runs/worker/execute.ts";
import { RunContext } from "../src/capabilities/runs/worker/run-context.ts";
import { makeRepo } from "../src/platform/codehost/testing/make-repo.ts";
import { syncAndWait } from "../src/capabilities/repositories/index.ts";
import { json, startTestServer, type TestServer, type TestWorkspace } from "./harness.ts";
import { readyRepository } from "./fixtures/repositories.ts";
import { demoRepository, finished, startedRun } from "./fixtures/worker.ts";

let t: TestServer;
before(async () => {
  t = await startTestServer({ env: { CRS_WORKER_IN_PROCESS: "on", CRS_WORKER_POLL_MS: "50", CRS_LOG_LEVEL: process.env.DEBUG_LOG ?? "silent" } });
});
after(() => t.close());

const get = (ws: TestWorkspace, path: string) => t.request(`/api/v2${path}`, { token: ws.token }).then(json);

describe("a full review of the demo repository", () => {
  let ws: TestWorkspace;
  let repoId: number;
  let firstRun: any;
  before(async () => {
    ws = await t.workspace();
    repoId = (await demoRepository(t, ws)).row.id;
  });

  test("goes from queued to complete through every stage and imports its findings with keys", async () => {
    const started = await startedRun(t, ws, { repository: repoId });
    const run = (firstRun = await finished(t, ws.token, started.id));
    assert.equal(run.state, "complete", JSON.stringify(run.error));
    assert.equal(run.phase, "finished");
    assert.ok(run.startedAt && run.endedAt);
    assert.deepEqual(
      run.stages.map((s: any) => [s.name, s.state]),
      [
        ["checkout", "completed"],
        ["compilation", "completed"],
        ["analysis", "completed"],
        ["import", "completed"],
      ],
    );
    const analysis = run.stages.find((s: any) => s.name === "analysis");
    assert.equal(analysis.progress.done, analysis.progress.total);
    assert.ok(analysis.progress.total >= 7);
    assert.deepEqual(run.import, { state: "imported", reason: null });
    assert.equal(run.findings.total, 4);
    assert.equal(run.findings.new, 4);
    assert.deepEqual(run.findings.bySeverity, { critical: 1, high: 2, medium: 1 });
    assert.equal(run.costCents, started.priceCents);
    const page = await get(ws, `/runs/${run.id}/findings`);
    assert.deepEqual(page.import, { state: "imported", reason: null });
    assert.deepEqual(page.items.map((f: any) => [f.ruleId, f.location.path, f.severity]).sort(), [
      ["js.taint.command-injection", "server.js", "critical"],
      ["py.taint.sql-injection", "reports.py", "high"],
      ["py.weak-hash", "accounts.py", "medium"],
      ["secret.aws-access-key-id", "config.py", "high"],
    ]);
    assert.deepEqual(page.items.map((f: any) => f.key).sort(), ["F-1", "F-2", "F-3", "F-4"]);
    const refs = await get(ws, `/repositories/${repoId}/-/refs`);
    assert.equal(refs.branches.find((b: any) => b.name === "main").reviewed, true);
    assert.equal(refs.branches.find((b: any) => b.name === "feature/list-orders").reviewed, false);
  });

  test("list_run_findings pages with a cursor", async () => {
    const one = await get(ws, `/runs/${firstRun.id}/findings?limit=3`);
    assert.equal(one.items.length, 3);
    const two = await get(ws, `/runs/${firstRun.id}/findings?limit=3&cursor=${one.nextCursor}`);
    assert.equal(two.items.length, 1);
    assert.equal(two.nextCursor, null);
  });

  test("a second review of the same commit reports the same findings again: no new finding, one more report each", async () => {
    const again = await finished(t, ws.token, (await startedRun(t, ws, { repository: repoId })).id);
    assert.equal(again.findings.total, 4);
    assert.equal(again.findings.new, 0);
    const rows = await t.app.store.db.selectFrom("findings").select(["number", "report_count"]).where("workspace_id", "=", ws.id).orderBy("number").execute();
    assert.deepEqual(
      rows.map((r) => [r.number, r.report_count]),
      [
        [1, 2],
        [2, 2],
        [3, 2],
        [4, 2],
      ],
    );
    const keys = (await get(ws, `/runs/${again.id}/findings`)).items.map((f: any) => f.key).sort();
    assert.deepEqual(keys, ["F-1", "F-2", "F-3", "F-4"]);
  });

  test("a pull request review reports only what its changed lines hold", async () => {
    const run = await finished(t, ws.token, (await startedRun(t, ws, { repository: repoId, change: { pr: 1 } })).id);
    assert.equal(run.state, "complete", JSON.stringify(run.error));
    assert.equal(run.kind, "change");
    const page = await get(ws, `/runs/${run.id}/findings`);
    assert.deepEqual(
      page.items.map((f: any) => [f.ruleId, f.location.path, f.key]),
      [["js.taint.path-traversal", "export.js", "F-5"]],
    );
    const analysis = run.stages.find((s: any) => s.name === "analysis");
    assert.equal(analysis.progress.total, 2, "only the two changed files are read");
    const refs = await get(ws, `/repositories/${repoId}/-/refs`);
    assert.equal(refs.pullRequests.find((p: any) => p.number === 1).reviewed, true);
  });
});

describe("a branch review with since", () => {
  test("reports only findings on lines changed after since", async () => {
    const ws = await t.workspace();
    const remote = makeRepo();
    t.app.onClose(() => remote.cleanup());
    const since = remote.commit({ "src/one.py": "import os\n\ndef run(cmd):\n    os.system(cmd)\n" }, { branch: "work", message: "one" });
    remote.commit({ "src/two.py": "import hashlib\n\ndef digest(b):\n    return hashlib.md5(b).hexdigest()\n" }, { branch: "work", message: "two" });
    remote.git(["checkout", "-q", "main"]);
    const row = await readyRepository(t, ws, { remote: remote.url });
    const run = await finished(t, ws.token, (await startedRun(t, ws, { repository: row.id, change: { branch: "work", since } })).id);
    assert.equal(run.state, "complete", JSON.stringify(run.error));
    const items = (await get(ws, `/runs/${run.id}/findings`)).items;
    assert.deepEqual(
      items.map((f: any) => [f.ruleId, f.location.path]),
      [["py.weak-hash", "src/two.py"]],
    );
  });
});

describe("failures and hostile content", () => {
  test("huge, binary, invalid UTF-8 and oddly named files never fail a run", async () => {
    const ws = await t.workspace();
    const remote = makeRepo();
    t.app.onClose(() => remote.cleanup());
    remote.commit(
      {
        "big.js": "let x = 1;\n".repeat(150_000),
        "bin.dat": Buffer.alloc(4096, 0),
        "latin1.py": Buffer.concat([Buffer.from("# caf"), Buffer.from([0xe9, 0xff, 0xfe]), Buffer.from("\nimport os\nos.system(input())\n")]),
        "-dash.js": "eval(process.argv[2]);\n",
        "line\nbreak.js": "eval(process.argv[2]);\n",
        [`${"deep/".repeat(40)}x.js`]: "eval(process.argv[2]);\n",
      },
      { branch: "main", message: "hostile" },
    );
    const row = await readyRepository(t, ws, { remote: remote.url });
    const run = await finished(t, ws.token, (await startedRun(t, ws, { repository: row.id })).id);
    assert.equal(run.state, "complete", JSON.stringify(run.error));
    assert.ok(run.findings.total >= 3, JSON.stringify(run.findings));
  });
});

describe("a repository that loses access while its run is queued", () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  test("fails the run cleanly with a code a user can act on, and refunds it", async () => {
    const ws = await server.workspace();
    const remote = makeRepo();
    const row = await readyRepository(server, ws, { remote: remote.url });
    const started = await startedRun(server, ws, { repository: row.id });
    const before = await balanceCents(server.app.store.db, ws.id);
    remote.cleanup();
    await syncAndWait(server.app, row.id);
    const worker = startWorker(server.app);
    try {
      const run = await finished(server, ws.token, started.id);
      assert.equal(run.state, "failed");
      assert.equal(run.error.code, "repository_not_runnable");
      assert.match(run.error.message, /no longer exists/);
      assert.equal(run.costCents, 0);
      assert.deepEqual(
        run.stages.map((s: any) => s.state),
        ["failed", "skipped", "skipped", "skipped"],
      );
      assert.equal(await balanceCents(server.app.store.db, ws.id), before + started.priceCents);
    } finally {
      await worker.stop();
    }
  });
});

describe("cancellation at each stage boundary", () => {
  // The real worker code and the real cancel operation; the test only chooses the moment: the
  // cancel is asked just before the n-th checkpoint (1: before checkout, 2: after checkout's
  // target, 3: after checkout, 4: after compilation, 5: after analysis).
  class CancelAt extends RunContext {
    calls = 0;
    readonly at: number;
    readonly ws: TestWorkspace;
    constructor(rc: RunContext, at: number, ws: TestWorkspace) {
      super(rc.app, rc.owner, rc.row);
      this.at = at;
      this.ws = ws;
    }
    override async checkpoint(force = false): Promise<void> {
      if (++this.calls === this.at) await cancelRun(this.app.store, { workspaceId: this.ws.id, userId: this.ws.userId }, this.row.id, new Date());
      return super.checkpoint(force);
    }
  }
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  for (const [at, where, refunded, stagesDone] of [
    [1, "before checkout", true, 0],
    [3, "after checkout", true, 1],
    [4, "after compilation", true, 2],
    [5, "after analysis", false, 3],
  ] as const) {
    test(`cancelled ${where}: ${refunded ? "refunded in full" : "the analysis is kept and charged"}, nothing imported`, async () => {
      const ws = await server.workspace();
      const { row } = await demoRepository(server, ws);
      const started = await startedRun(server, ws, { repository: row.id });
      await cancelRun(server.app.store, { workspaceId: ws.id, userId: ws.userId }, started.id, new Date()).catch(() => {});
      // A queued run is cancelled at once; claim a second run to cancel while it executes.
      const second = await startedRun(server, ws, { repository: row.id });
      const claimed = await claimRun(server.app.store, "test-worker", 30_000, new Date());
      assert.equal(claimed?.id, second.id);
      await executeRun(new CancelAt(new RunContext(server.app, "test-worker", claimed!), at, ws), undefined);
      const run = await json(await server.request(`/api/v2/runs/${second.id}`, { token: ws.token }));
      assert.equal(run.state, "cancelled");
      assert.equal(run.cancellationRequested, true);
      assert.equal(run.costCents, refunded ? 0 : second.priceCents);
      assert.deepEqual(run.import, { state: "pending", reason: null });
      assert.equal(run.stages.filter((s: any) => s.state === "completed").length, stagesDone);
      const refunds = await server.app.store.db
        .selectFrom("credit_ledger")
        .select("amount_cents")
        .where("run_id", "=", second.id)
        .where("kind", "=", "refund")
        .execute();
      assert.deepEqual(
        refunds.map((r) => r.amount_cents),
        refunded ? [second.priceCents] : [],
      );
      const findings = await server.app.store.db.selectFrom("findings").select("id").where("workspace_id", "=", ws.id).execute();
      assert.equal(findings.length, 0);
    });
  }
});

describe("resuming and partial imports", () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ env: { CRS_RUN_MAX_NEW_FINDINGS: "3" } });
  });
  after(() => server.close());

  test("a run whose worker died after its analysis resumes at the import: the analysis is not done again", async () => {
    const ws = await server.workspace();
    const { row } = await demoRepository(server, ws);
    const started = await startedRun(server, ws, { repository: row.id });
    const claimed = await claimRun(server.app.store, "doomed", 30_000, new Date());
    // The process "dies" at the checkpoint after the analysis: it stops writing anything.
    class DiesAfterAnalysis extends RunContext {
      calls = 0;
      override async checkpoint(force = false): Promise<void> {
        if (++this.calls === 5) throw new LeaseLost(this.row.id);
        return super.checkpoint(force);
      }
    }
    await executeRun(new DiesAfterAnalysis(server.app, "doomed", claimed!), undefined);
    const dead = await server.app.store.db.selectFrom("runs").selectAll().where("id", "=", started.id).executeTakeFirstOrThrow();
    assert.equal(dead.state, "analysis_completed");
    const analysedAt = (JSON.parse(dead.stages_json) as Array<{ name: string; endedAt: string }>).find((s) => s.name === "analysis")!.endedAt;
    await server.app.store.db
      .updateTable("runs")
      .set({ lease_until: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", started.id)
      .execute();
    const worker = startWorker(server.app);
    try {
      const run = await finished(server, ws.token, started.id);
      assert.equal(run.state, "complete");
      assert.equal(run.stages.find((s: any) => s.name === "analysis").endedAt, analysedAt, "the analysis was not repeated");
      assert.equal(run.findings.total, 3);
    } finally {
      await worker.stop();
    }
    const attempts = await server.app.store.db.selectFrom("runs").select("attempts").where("id", "=", started.id).executeTakeFirstOrThrow();
    assert.equal(attempts.attempts, 2);
    assert.equal((await server.app.store.db.selectFrom("run_results").select("run_id").where("run_id", "=", started.id).execute()).length, 0);
  });

  test("a run taken over mid-analysis shows only the running attempt: one stage in progress, no progress left from the dead worker", async () => {
    const ws = await server.workspace();
    const { row } = await demoRepository(server, ws);
    const started = await startedRun(server, ws, { repository: row.id });
    const claimed = await claimRun(server.app.store, "doomed", 30_000, new Date());
    // The process "dies" inside the analysis, after it reported progress: it stops writing anything.
    class DiesInAnalysis extends RunContext {
      override async progress(name: Parameters<RunContext["progress"]>[0], done: number, total: number): Promise<void> {
        await super.progress(name, done, total, true);
        if (name === "analysis") throw new LeaseLost(this.row.id);
      }
    }
    await executeRun(new DiesInAnalysis(server.app, "doomed", claimed!), undefined);
    const dead = JSON.parse(
      (await server.app.store.db.selectFrom("runs").select("stages_json").where("id", "=", started.id).executeTakeFirstOrThrow()).stages_json,
    );
    assert.equal(dead.find((s: any) => s.name === "analysis").state, "in_progress", "the dead worker left the analysis in progress");
    assert.ok(dead.find((s: any) => s.name === "analysis").progress, "with its progress");
    await server.app.store.db
      .updateTable("runs")
      .set({ lease_until: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", started.id)
      .execute();
    // What readers see while the new attempt checks out: every stage as this attempt left it.
    const seen: any[][] = [];
    class Watched extends RunContext {
      override async setStage(...args: Parameters<RunContext["setStage"]>): Promise<void> {
        await super.setStage(...args);
        const r = await server.app.store.db.selectFrom("runs").select("stages_json").where("id", "=", this.row.id).executeTakeFirstOrThrow();
        seen.push(JSON.parse(r.stages_json));
      }
    }
    const again = await claimRun(server.app.store, "second", 30_000, new Date());
    assert.equal(again!.id, started.id);
    await executeRun(new Watched(server.app, "second", again!), undefined);
    const first = seen[0]!;
    assert.deepEqual(
      first.map((s) => [s.name, s.state]),
      [
        ["checkout", "in_progress"],
        ["compilation", "pending"],
        ["analysis", "pending"],
        ["import", "pending"],
      ],
    );
    assert.equal(first.find((s) => s.name === "analysis").progress, null);
    for (const stages of seen) assert.ok(stages.filter((s) => s.state === "in_progress").length <= 1, JSON.stringify(stages));
    const run = await json(await server.request(`/api/v2/runs/${started.id}`, { token: ws.token }));
    assert.equal(run.state, "complete");
    const analysis = run.stages.find((s: any) => s.name === "analysis");
    assert.ok(analysis.startedAt >= run.stages.find((s: any) => s.name === "checkout").endedAt, "the analysis shown is the second attempt's");
  });

  test("past CRS_RUN_MAX_NEW_FINDINGS new findings the import is partial and says why", async () => {
    const ws = await server.workspace();
    const { row } = await demoRepository(server, ws);
    const started = await startedRun(server, ws, { repository: row.id });
    const worker = startWorker(server.app);
    try {
      const run = await finished(server, ws.token, started.id);
      assert.equal(run.state, "complete");
      assert.equal(run.import.state, "partial");
      assert.match(run.import.reason, /new_findings_cap/);
      assert.equal(run.stages.find((s: any) => s.name === "import").reason, run.import.reason);
      const page = await json(await server.request(`/api/v2/runs/${run.id}/findings`, { token: ws.token }));
      assert.equal(page.import.state, "partial");
      assert.equal(page.items.length, 3);
    } finally {
      await worker.stop();
    }
  });

  test("extra repositories are reviewed as targets of the same run", async () => {
    const ws = await server.workspace();
    const a = await demoRepository(server, ws);
    const b = makeRepo();
    server.app.onClose(() => b.cleanup());
    b.commit({ "tool.py": "import subprocess, sys\nsubprocess.call(sys.argv[1], shell=True)\n" }, { branch: "main" });
    const brow = await readyRepository(server, ws, { remote: b.url });
    const started = await startedRun(server, ws, { repository: a.row.id, repositories: [{ repository: brow.id }], scope: ["reports.py", "tool.py"] });
    const worker = startWorker(server.app);
    try {
      const run = await finished(server, ws.token, started.id);
      assert.equal(run.state, "complete", JSON.stringify(run.error));
      const reports = await server.app.store.db.selectFrom("finding_reports").select(["repository_id", "path"]).where("run_id", "=", run.id).execute();
      assert.ok(
        reports.some((r) => r.repository_id === brow.id && r.path === "tool.py"),
        JSON.stringify(reports),
      );
      assert.ok(reports.some((r) => r.repository_id === a.row.id));
      const reviewed = await server.app.store.db.selectFrom("reviewed_commits").select("repository_id").where("run_id", "=", run.id).execute();
      assert.deepEqual(reviewed.map((r) => r.repository_id).sort(), [a.row.id, brow.id].sort());
    } finally {
      await worker.stop();
    }
  });
});
