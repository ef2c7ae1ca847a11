// The `crs` status while a connected pull request's review is under way, against the GitHub and
// GitLab stand-ins (the hosts cannot be reached from the tests; every request is validated against
// GitHub's OpenAPI description / request schemas written from GitLab's REST documentation). The
// server runs no worker of its own: the test starts the post-back service, the delivery processor
// and the run worker itself, so a run stays queued for as long as a test needs.
import assert from "node:assert/strict";
import { generateKeyPairSync } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { setPolicy } from "../src/capabilities/connections/policy.ts";
import { postBackService } from "../src/capabilities/connections/post-back/index.ts";
import { startDeliveryProcessor } from "../src/capabilities/connections/processor.ts";
import { connectRepository } from "../src/capabilities/connections/setup.ts";
import { registerRepository, resolveRepository } from "../src/capabilities/repositories/index.ts";
import { addCredits } from "../src/capabilities/runs/ledger.ts";
import { GitHubStandIn } from "../src/platform/codehost/hosts/testing/github-standin.ts";
import { makeRepo } from "../src/platform/codehost/testing/make-repo.ts";
import {
  type Connected,
  connectedRepository,
  deliverGitHub,
  pullRequestPayload,
  runToEnd,
  startPullRequestReview,
  testSecretKey,
  weak,
} from "./fixtures/connections.ts";
import { eventually, json, startTestServer, type TestServer, unique } from "./harness.ts";

let t: TestServer;
before(async () => {
  t = await startTestServer({ env: { CRS_SECRET_KEY: testSecretKey, CRS_WORKER_IN_PROCESS: "off", CRS_WORKER_POLL_MS: "50" } });
  t.app.onClose(postBackService({ pollMs: 50 })(t.app) as () => Promise<void>);
  t.app.onClose(startDeliveryProcessor(t.app));
});
after(() => t.close());

const runOf = (token: string, id: number) => t.request(`/api/v2/runs/${id}`, { token }).then(json);
const job = (runId: number) => t.app.store.db.selectFrom("post_back_jobs").selectAll().where("run_id", "=", runId).executeTakeFirst();

describe("GitHub (stand-in, fine-grained token): commit statuses", () => {
  let c: Connected;
  before(async () => {
    c = await connectedRepository(t);
    await setPolicy(t.app.store, c.ws.id, c.row.id, { autoReview: true, failAtSeverity: "info" }, new Date());
  });
  const statesOn = (sha: string) => c.standIn.statuses.filter((s) => s.sha === sha && s.context === "crs").map((s) => s.state);

  test("a review started through the API: pending on the head while queued, then the verdict in its place", async () => {
    const head = c.push(1);
    const id = await startPullRequestReview(t, c.ws.token, c.row.id, 1);
    await eventually(
      async () => statesOn(head),
      (s) => s.length > 0,
    );
    const pending = c.standIn.statuses.find((s) => s.sha === head);
    assert.equal(pending?.state, "pending");
    assert.equal(pending?.target_url, `${t.url}/app/runs/${id}`);
    const queued = await runOf(c.ws.token, id);
    assert.equal(queued.state, "queued");
    assert.equal(queued.delivery.state, "pending");
    // The stand-in holds the status before the job row leaves "posting": wait for the row, not the host.
    const held = await eventually(
      () => job(id),
      (j) => j?.state !== "posting",
    );
    assert.equal(held?.state, "waiting");
    await runToEnd(t, c.ws.token, id);
    const done = await eventually(
      () => runOf(c.ws.token, id),
      (r) => r.delivery?.state === "posted",
    );
    assert.deepEqual(statesOn(head), ["pending", "failure"]);
    assert.equal(done.delivery.attempts, 1, "the pending status's attempt is not counted against the review's");
    assert.ok(done.pullRequestCommentUrl);
  });

  test("an automatic review superseded by a newer push: its head turns from pending to error saying so; a cancelled one says cancelled", async () => {
    const secret = c.standIn.hooks[0]!.secret;
    const first = c.push(2);
    assert.equal((await deliverGitHub(t, "pull_request", pullRequestPayload(c, 2, first, "opened"), { secret })).status, 202);
    await eventually(
      async () => statesOn(first),
      (s) => s.includes("pending"),
    );
    const second = c.push(2);
    assert.equal((await deliverGitHub(t, "pull_request", pullRequestPayload(c, 2, second, "synchronize"), { secret })).status, 202);
    await eventually(
      async () => statesOn(first),
      (s) => s.length === 2,
    );
    const superseded = c.standIn.statuses.filter((s) => s.sha === first).at(-1);
    assert.equal(superseded?.state, "error");
    assert.equal(superseded?.description, `Superseded by a newer push (${second.slice(0, 12)}); this head was not reviewed`);
    await eventually(
      async () => statesOn(second),
      (s) => s.includes("pending"),
    );
    const newest = await t.app.store.db.selectFrom("automatic_runs").select("run_id").where("head_sha", "=", second).executeTakeFirstOrThrow();
    assert.equal((await t.request(`/api/v2/runs/${newest.run_id}/cancel`, { method: "POST", token: c.ws.token })).status, 200);
    await eventually(
      async () => statesOn(second),
      (s) => s.length === 2,
    );
    const cancelled = c.standIn.statuses.filter((s) => s.sha === second).at(-1);
    assert.equal(cancelled?.state, "error");
    assert.match(cancelled?.description ?? "", /was cancelled before a verdict/);
    // The run's delivery is recorded after the host answered.
    await eventually(
      () => runOf(c.ws.token, newest.run_id),
      (r) => r.delivery?.state === "posted",
    );
  });

  test("a pending status the host refuses to take is retried with backoff; a run cancelled before any was posted leaves nothing behind", async () => {
    const head = c.push(3);
    c.standIn.server.failNext({ status: 502, times: 1000, match: /\/statuses\// });
    const id = await startPullRequestReview(t, c.ws.token, c.row.id, 3);
    const retrying = await eventually(
      () => runOf(c.ws.token, id),
      (r) => r.delivery?.state === "retrying",
    );
    assert.match(retrying.delivery.lastError, /502/);
    assert.equal(retrying.state, "queued", "the run goes on");
    assert.ok(Date.parse((await job(id))!.next_attempt_at) - Date.now() > 2_000, "the next attempt waits");
    assert.equal((await t.request(`/api/v2/runs/${id}/cancel`, { method: "POST", token: c.ws.token })).status, 200);
    await eventually(
      () => job(id),
      (j) => j === undefined,
    );
    c.standIn.server.clearFailures();
    const end = await runOf(c.ws.token, id);
    assert.equal(end.delivery, null);
    assert.equal(end.pullRequestCommentUrl, null);
    assert.deepEqual(statesOn(head), []);
  });

  test("an older review that ends after a newer one posted leaves the summary to the newer, but turns its own head's pending into its verdict", async () => {
    const older = c.push(4);
    const a = await startPullRequestReview(t, c.ws.token, c.row.id, 4);
    await eventually(
      async () => statesOn(older),
      (s) => s.includes("pending"),
    );
    const newer = c.push(4);
    const b = await startPullRequestReview(t, c.ws.token, c.row.id, 4);
    await eventually(
      async () => statesOn(newer),
      (s) => s.includes("pending"),
    );
    // The older head's verdict cannot be posted until the newer review is on the pull request.
    c.standIn.server.failNext({ status: 502, times: 1000, match: new RegExp(`/statuses/${older}`) });
    await runToEnd(t, c.ws.token, a);
    await runToEnd(t, c.ws.token, b);
    const posted = await eventually(
      () => runOf(c.ws.token, b),
      (r) => r.delivery?.state === "posted",
    );
    c.standIn.server.clearFailures();
    await t.app.store.db.updateTable("post_back_jobs").set({ next_attempt_at: new Date().toISOString() }).where("run_id", "=", a).execute();
    const end = await eventually(
      () => runOf(c.ws.token, a),
      (r) => r.delivery?.state === "posted",
    );
    assert.deepEqual(statesOn(older), ["pending", "failure"]);
    assert.deepEqual(statesOn(newer), ["pending", "failure"]);
    const summaries = [...c.standIn.issueComments.values()].filter((x) => x.pull === 4);
    assert.equal(summaries.length, 1);
    assert.ok(summaries[0]!.body.includes(`/app/runs/${b})`), "the summary speaks of the newer review");
    assert.equal(end.pullRequestCommentUrl, posted.pullRequestCommentUrl);
  });

  test("every request crs sent to the GitHub stand-in matched GitHub's OpenAPI description", () => {
    assert.deepEqual(c.standIn.server.invalid(), []);
  });
});

describe("GitHub App (stand-in): a check run", () => {
  test("in progress while the review is queued, then the same check run completes with the verdict; every request valid", async () => {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const app = { appId: 4243, installationId: 78, privateKey: privateKey.export({ type: "pkcs1", format: "pem" }).toString() };
    const remote = makeRepo();
    remote.git(["checkout", "-q", "main"]);
    const gh = await GitHubStandIn.start({ repoDir: remote.path, fullName: `${unique("acme").toLowerCase()}/widgets`, app });
    t.app.onClose(async () => {
      await gh.close();
      remote.cleanup();
    });
    const ws = await t.workspace();
    await addCredits(t.app.store, ws.id, { kind: "grant", cents: 100_000 });
    const registered = await registerRepository(t.app, { workspaceId: ws.id, remote: gh.cloneUrl, name: `${gh.owner}/${gh.repo}` }, { background: false });
    const row = await resolveRepository(t.app.store, ws.id, { id: registered.id });
    await connectRepository(
      t.app,
      { workspaceId: ws.id, repositoryId: row.id, fullName: row.full_name, host: "github", apiUrl: gh.apiUrl, auth: { kind: "app", ...app } },
      t.url,
      new Date(),
    );
    await setPolicy(t.app.store, ws.id, row.id, { failAtSeverity: "info" }, new Date());
    const head = remote.commit({ "src/weak.py": weak }, { branch: "pr-1", message: "weak hash" });
    remote.git(["update-ref", "refs/pull/1/head", head]);
    remote.git(["checkout", "-q", "main"]);
    gh.addPull({ number: 1, headRef: "pr-1", baseRef: "main" });
    const id = await startPullRequestReview(t, ws.token, row.id, 1);
    const started = await eventually(
      async () => gh.checkRuns.filter((r) => r.head_sha === head),
      (runs) => runs.length > 0,
    );
    assert.deepEqual([started.length, started[0]?.status, started[0]?.name], [1, "in_progress", "crs"]);
    await runToEnd(t, ws.token, id);
    await eventually(
      () => runOf(ws.token, id),
      (r) => r.delivery?.state === "posted",
    );
    const runs = gh.checkRuns.filter((r) => r.head_sha === head);
    assert.equal(runs.length, 1, "updated, not a second check run");
    assert.deepEqual([runs[0]?.status, runs[0]?.conclusion], ["completed", "failure"]);
    assert.deepEqual(gh.statuses, [], "an App reports through check runs only");
    assert.deepEqual(gh.server.invalid(), []);
  });
});
