// The post-back queue's claim, on the real store (both engines): one job of a pull request is posted
// at a time whatever the number of workers (two at once would each find no summary comment and post
// two); jobs of other pull requests go on meanwhile; a unique index holds the line when two workers race.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { claimJob, finishJob } from "../src/capabilities/connections/post-back/jobs.ts";
import { makeRepo, type TestRepo } from "../src/platform/codehost/testing/make-repo.ts";
import { readyRepository } from "./fixtures/repositories.ts";
import { startTestServer, type TestServer } from "./harness.ts";

let t: TestServer;
let remote: TestRepo;
before(async () => {
  t = await startTestServer({ env: { CRS_WORKER_IN_PROCESS: "off" } });
  remote = makeRepo();
});
after(async () => {
  await t.close();
  remote.cleanup();
});

test("a second worker skips a pull request whose job is being posted, takes another's, and gets the first's sibling once it is done", async () => {
  const ws = await t.workspace();
  const repo = await readyRepository(t, ws, { remote: remote.path });
  const db = t.app.store.db;
  const at = new Date(Date.now() - 60_000).toISOString();
  const run = async (pr: number, minutesAgo: number) => {
    const sha = "c".repeat(40);
    const row = await db
      .insertInto("runs")
      .values({
        workspace_id: ws.id,
        repository_id: repo.id,
        created_by: ws.userId,
        kind: "change",
        trigger: "api",
        title: `review of #${pr}`,
        state: "complete",
        sha,
        change_json: JSON.stringify({ kind: "pr", pr, base: "b".repeat(40), head: sha }),
        targets_json: "[]",
        focuses_json: "[]",
        documents_json: "[]",
        scope_json: "[]",
        price_cents: 0,
        request_hash: `h${pr}${minutesAgo}`,
        stages_json: "[]",
        created_at: at,
      } as never)
      .returning("id")
      .executeTakeFirstOrThrow();
    const due = new Date(Date.now() - minutesAgo * 60_000).toISOString();
    await db
      .insertInto("post_back_jobs")
      .values({
        run_id: row.id,
        workspace_id: ws.id,
        repository_id: repo.id,
        pr,
        head_sha: sha,
        state: "pending",
        attempts: 0,
        next_attempt_at: due,
        lease_owner: null,
        lease_until: null,
        last_error: null,
        created_at: due,
        updated_at: due,
        phase: "end",
        pending_at: null,
        running_at: null,
        check_run_id: null,
        superseded_by: null,
      })
      .execute();
    return row.id;
  };
  const first = await run(7, 3);
  const sibling = await run(7, 2);
  const other = await run(8, 1);

  const a = await claimJob(t.app, "worker-a");
  assert.equal(a?.run_id, first);
  assert.equal((await claimJob(t.app, "worker-b"))?.run_id, other, "the other pull request goes on");
  assert.equal(await claimJob(t.app, "worker-c"), null, "pull request 7 waits for its job being posted");
  await assert.rejects(
    db.updateTable("post_back_jobs").set({ state: "posting", lease_owner: "racer" }).where("run_id", "=", sibling).execute(),
    "the unique index refuses a second posting job of the pull request",
  );
  await finishJob(t.app, a!, "worker-a", { ok: true, outcome: "posted", commentUrl: null, error: null, retryable: false }, () => 0);
  assert.equal((await claimJob(t.app, "worker-c"))?.run_id, sibling);
});
