// GitLab's `running` status: a connected merge request's review is pending while queued, running once
// a worker has started it, then its verdict, all on one GitLab status (the stand-in keeps statuses as
// GitLab does: a post moves the status of that name still pending or running, else starts a new one,
// so a running posted after the verdict would reopen the head). GitHub has no running state and is
// never asked again. The server runs no worker of its own: the test holds a run "started" by claiming
// it from the queue with a lease that lapses at once, then a run worker takes it over to its end.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { setPolicy } from "../src/capabilities/connections/policy.ts";
import { discoverJobs } from "../src/capabilities/connections/post-back/discover.ts";
import { postBackService } from "../src/capabilities/connections/post-back/index.ts";
import { connectRepository } from "../src/capabilities/connections/setup.ts";
import { registerRepository, resolveRepository } from "../src/capabilities/repositories/index.ts";
import { addCredits } from "../src/capabilities/runs/ledger.ts";
import { claimRun } from "../src/capabilities/runs/queue.ts";
import { GitLabStandIn } from "../src/platform/codehost/hosts/testing/gitlab-standin.ts";
import { makeRepo, type TestRepo } from "../src/platform/codehost/testing/make-repo.ts";
import { connectedRepository, runToEnd, startPullRequestReview, testSecretKey, weak } from "./fixtures/connections.ts";
import { eventually, json, startTestServer, type TestServer, type TestWorkspace, unique } from "./harness.ts";

let t: TestServer;
before(async () => {
  t = await startTestServer({ env: { CRS_SECRET_KEY: testSecretKey, CRS_WORKER_IN_PROCESS: "off", CRS_WORKER_POLL_MS: "50" } });
  t.app.onClose(postBackService({ pollMs: 50 })(t.app) as () => Promise<void>);
});
after(() => t.close());

const runOf = (token: string, id: number) => t.request(`/api/v2/runs/${id}`, { token }).then(json);
const job = (runId: number) => t.app.store.db.selectFrom("post_back_jobs").selectAll().where("run_id", "=", runId).executeTakeFirstOrThrow();

/** Takes the run off the queue as a worker starting it would (in_progress), with a lease that lapses at once. */
async function start(runId: number): Promise<void> {
  // On PostgreSQL the claim skips a row another transaction holds (the post-back service recording the run's
  // delivery): a worker would poll again, and so does this.
  const claimed = await eventually(
    () => claimRun(t.app.store, "test-holder", 1, new Date()),
    (r) => r !== undefined,
  );
  assert.equal(claimed?.id, runId);
  assert.equal(claimed?.state, "in_progress");
}

describe("GitLab (stand-in): pending, running, verdict", () => {
  let gl: GitLabStandIn;
  let remote: TestRepo;
  let ws: TestWorkspace;
  let repositoryId: number;
  before(async () => {
    remote = makeRepo();
    remote.git(["checkout", "-q", "main"]);
    gl = await GitLabStandIn.start({ repoDir: remote.path, fullPath: `${unique("group").toLowerCase()}/widgets` });
    t.app.onClose(async () => {
      await gl.close();
      remote.cleanup();
    });
    ws = await t.workspace();
    await addCredits(t.app.store, ws.id, { kind: "grant", cents: 100_000 });
    const registered = await registerRepository(t.app, { workspaceId: ws.id, remote: gl.cloneUrl, name: gl.fullPath }, { background: false });
    const row = await resolveRepository(t.app.store, ws.id, { id: registered.id });
    repositoryId = row.id;
    const auth = { kind: "token" as const, token: gl.token };
    const conn = { workspaceId: ws.id, repositoryId: row.id, fullName: row.full_name, host: "gitlab" as const, apiUrl: gl.apiUrl, hostRepo: gl.fullPath, auth };
    await connectRepository(t.app, conn, t.url, new Date());
    await setPolicy(t.app.store, ws.id, row.id, { failAtSeverity: "low" }, new Date());
  });
  const posted = (sha: string) => gl.statuses.filter((s) => s.sha === sha && s.name === "crs").map((s) => s.state);
  const kept = (sha: string) => gl.statusJobs.filter((s) => s.sha === sha && s.name === "crs").map((s) => s.state);

  function mergeRequest(iid: number): string {
    const head = remote.commit({ [`src/weak${iid}.py`]: weak }, { branch: `topic${iid}`, message: "weak hash" });
    remote.git(["update-ref", `refs/merge-requests/${iid}/head`, head]);
    remote.git(["checkout", "-q", "main"]);
    gl.addMergeRequest({ iid, sourceBranch: `topic${iid}`, targetBranch: "main" });
    return head;
  }

  test("pending while queued, running once the worker started it, then failed: one GitLab status through its states", async () => {
    const head = mergeRequest(4);
    const id = await startPullRequestReview(t, ws.token, repositoryId, 4);
    await eventually(
      async () => posted(head),
      (s) => s.includes("pending"),
    );
    assert.equal((await job(id)).running_at, null);
    await start(id);
    await eventually(
      async () => posted(head),
      (s) => s.includes("running"),
    );
    // The stand-in records the status before the job row leaves "posting": wait for the row, not the host.
    const held = await eventually(
      () => job(id),
      (j) => j.state !== "posting",
    );
    assert.equal(held.state, "waiting");
    assert.ok(held.running_at);
    await runToEnd(t, ws.token, id);
    await eventually(
      () => runOf(ws.token, id),
      (r) => r.delivery?.state === "posted",
    );
    assert.deepEqual(posted(head), ["pending", "running", "failed"]);
    assert.deepEqual(kept(head), ["failed"], "the verdict closed the one status, nothing reopened it");
    assert.equal(gl.statuses.find((s) => s.state === "running")?.target_url, `${t.url}/app/runs/${id}`);
  });

  test("a review cancelled while running: running becomes canceled", async () => {
    const head = mergeRequest(5);
    const id = await startPullRequestReview(t, ws.token, repositoryId, 5);
    await eventually(
      async () => posted(head),
      (s) => s.includes("pending"),
    );
    await start(id);
    await eventually(
      async () => posted(head),
      (s) => s.includes("running"),
    );
    assert.equal((await t.request(`/api/v2/runs/${id}/cancel`, { method: "POST", token: ws.token })).status, 200);
    assert.equal((await runToEnd(t, ws.token, id)).state, "cancelled");
    await eventually(
      () => runOf(ws.token, id),
      (r) => r.delivery?.state === "posted",
    );
    assert.deepEqual(posted(head), ["pending", "running", "canceled"]);
    assert.deepEqual(kept(head), ["canceled"]);
  });

  test("a review cancelled while queued: pending becomes canceled, never running", async () => {
    const head = mergeRequest(8);
    const id = await startPullRequestReview(t, ws.token, repositoryId, 8);
    await eventually(
      async () => posted(head),
      (s) => s.includes("pending"),
    );
    assert.equal((await t.request(`/api/v2/runs/${id}/cancel`, { method: "POST", token: ws.token })).status, 200);
    await eventually(
      () => runOf(ws.token, id),
      (r) => r.delivery?.state === "posted",
    );
    assert.deepEqual(posted(head), ["pending", "canceled"]);
    assert.match(gl.statuses.at(-1)?.description ?? "", /was cancelled before a verdict/);
  });

  test("a running status the host did not take before the run ended is dropped: the verdict comes last, the status stays closed", async () => {
    const head = mergeRequest(6);
    const id = await startPullRequestReview(t, ws.token, repositoryId, 6);
    await eventually(
      async () => posted(head),
      (s) => s.includes("pending"),
    );
    gl.server.failNext({ status: 502, times: 1000, match: new RegExp(`/statuses/${head}`) });
    await start(id);
    await eventually(
      () => job(id),
      (j) => j.state === "retrying",
    );
    gl.server.clearFailures();
    await runToEnd(t, ws.token, id);
    // The run ended: the retry is re-armed as the end of the run, due at once.
    await eventually(
      () => runOf(ws.token, id),
      (r) => r.delivery?.state === "posted",
    );
    assert.deepEqual(posted(head), ["pending", "failed"]);
    assert.deepEqual(kept(head), ["failed"]);
    assert.equal((await job(id)).running_at, null);
  });

  test("every request crs sent to the GitLab stand-in matched the schemas written from GitLab's REST documentation", () => {
    assert.deepEqual(gl.server.invalid(), []);
  });
});

describe("GitHub (stand-in): no running state, no further request", () => {
  test("a started review's waiting job is not re-armed: the head keeps its one pending status until the verdict", async () => {
    const c = await connectedRepository(t);
    await setPolicy(t.app.store, c.ws.id, c.row.id, { failAtSeverity: "info" }, new Date());
    const head = c.push(1);
    const id = await startPullRequestReview(t, c.ws.token, c.row.id, 1);
    await eventually(
      () => job(id).catch(() => null),
      (j) => j?.state === "waiting",
    );
    await start(id);
    await discoverJobs(t.app, { value: 0 });
    const held = await job(id);
    assert.deepEqual([held.state, held.attempts, held.running_at], ["waiting", 1, null]);
    const requests = c.standIn.server.requests.length;
    await discoverJobs(t.app, { value: 0 });
    assert.equal((await job(id)).state, "waiting");
    assert.equal(c.standIn.server.requests.length, requests);
    await runToEnd(t, c.ws.token, id);
    await eventually(
      () => runOf(c.ws.token, id),
      (r) => r.delivery?.state === "posted",
    );
    assert.deepEqual(
      c.standIn.statuses.filter((s) => s.sha === head).map((s) => s.state),
      ["pending", "failure"],
    );
  });
});
