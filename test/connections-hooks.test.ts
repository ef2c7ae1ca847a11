// Webhooks in, against the GitHub stand-in (github.com cannot be reached from the tests): signed
// deliveries are stored before the 202, processed with a lease, and a pull request event syncs the
// mirror with the connection's credentials and queues one paid change review by the service user.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { startDeliveryProcessor } from "../src/capabilities/connections/processor.ts";
import { setPolicy } from "../src/capabilities/connections/policy.ts";
import { githubPullRequest } from "../src/platform/codehost/hosts/testing/webhooks.ts";
import { reportUnpaid } from "../src/capabilities/connections/unpaid.ts";
import { eventually, json, startTestServer, type TestServer } from "./harness.ts";
import { type Connected, connectedRepository, deliverGitHub, pullRequestPayload, testSecretKey } from "./fixtures/connections.ts";

let t: TestServer;
before(async () => {
  t = await startTestServer({ env: { CRS_SECRET_KEY: testSecretKey } });
  t.app.onClose(startDeliveryProcessor(t.app, { pollMs: 20 }));
});
after(() => t.close());

const deliveries = (repoId: number) => t.app.store.db.selectFrom("webhook_deliveries").selectAll().where("repository_id", "=", repoId).orderBy("id").execute();
const autoRuns = (repoId: number) =>
  t.app.store.db
    .selectFrom("automatic_runs as a")
    .innerJoin("runs as r", "r.id", "a.run_id")
    .select(["r.id", "r.state", "r.trigger", "r.created_by", "r.price_cents", "r.refunded_cents", "a.pr", "a.head_sha"])
    .where("a.repository_id", "=", repoId)
    .orderBy("r.id")
    .execute();
const settled = (repoId: number) =>
  eventually(
    () => deliveries(repoId),
    (rows) => rows.length > 0 && rows.every((d) => d.state !== "queued" && d.state !== "processing"),
  );

describe("a repository connected with a stand-in GitHub token", () => {
  let c: Connected;
  let secret: string;
  before(async () => {
    c = await connectedRepository(t);
    await setPolicy(t.app.store, c.ws.id, c.row.id, { autoReview: true }, new Date());
    secret = c.standIn.hooks[0]!.secret;
  });

  test("connecting created the webhook on the host with crs's URL and secret, and found access ok", () => {
    assert.equal(c.setup.access, "ok");
    assert.equal(c.setup.webhook.created, true);
    assert.equal(c.setup.webhook.secret, null, "a secret the host already has is not printed");
    assert.equal(c.standIn.hooks.length, 1);
    assert.equal(c.standIn.hooks[0]!.url, `${t.url}/hooks/github`);
    assert.match(secret, /^[0-9a-f]{64}$/);
  });

  test("the token and the webhook secret are stored encrypted, never as they are", async () => {
    const row = await t.app.store.db.selectFrom("connections").selectAll().where("repository_id", "=", c.row.id).executeTakeFirstOrThrow();
    assert.ok(!row.credentials_enc.includes(c.standIn.token) && !row.webhook_secret_enc.includes(secret));
    assert.match(row.credentials_enc, /^v1\./);
  });

  test("a delivery without a signature is 401 and queues nothing", async () => {
    const res = await deliverGitHub(t, "pull_request", pullRequestPayload(c, 1, "a".repeat(40)), { secret: null });
    assert.equal(res.status, 401);
    assert.equal((await json(res)).error.code, "unauthenticated");
    assert.equal((await deliveries(c.row.id)).length, 0);
  });

  test("a delivery signed with another secret is 401 and queues nothing", async () => {
    const res = await deliverGitHub(t, "pull_request", pullRequestPayload(c, 1, "a".repeat(40)), { secret: "not-the-secret" });
    assert.equal(res.status, 401);
    assert.equal((await deliveries(c.row.id)).length, 0);
  });

  test("a delivery for a repository no connection names is 202 ignored", async () => {
    const res = await deliverGitHub(t, "push", { repository: { full_name: "nobody/nothing" } }, { secret });
    assert.equal(res.status, 202);
    assert.deepEqual(await json(res), { status: "ignored", reason: "unknown_repository" });
  });

  test("a pull request opened syncs the mirror with the token and queues one change review by the repository's service user", async () => {
    const head = c.push(1);
    const res = await deliverGitHub(t, "pull_request", pullRequestPayload(c, 1, head, "opened"), { secret, deliveryId: "d-open-1" });
    assert.equal(res.status, 202);
    assert.equal((await json(res)).status, "queued");
    const [d] = await settled(c.row.id);
    assert.equal(d!.state, "done", d!.outcome ?? "");
    assert.match(d!.outcome ?? "", /^run \d+ started/);
    const runs = await autoRuns(c.row.id);
    assert.equal(runs.length, 1);
    assert.equal(runs[0]!.trigger, "webhook");
    assert.equal(runs[0]!.head_sha, head);
    const conn = await t.app.store.db.selectFrom("connections").select("service_user_id").where("repository_id", "=", c.row.id).executeTakeFirstOrThrow();
    assert.equal(runs[0]!.created_by, conn.service_user_id);
    const charge = await t.app.store.db.selectFrom("credit_ledger").selectAll().where("run_id", "=", runs[0]!.id).executeTakeFirstOrThrow();
    assert.equal(charge.kind, "charge");
    assert.equal(charge.created_by, conn.service_user_id);
    // The mirror fetched through the stand-in's token check, and no credential landed in its config.
    assert.ok(c.standIn.server.gitRequests.some((g) => g.status === 200));
    const config = readFileSync(join(t.config.dataDir, "mirrors", `${c.row.id}.git`, "config"), "utf8");
    assert.ok(!config.includes(c.standIn.token));
    const run = await json(await t.request(`/api/v2/runs/${runs[0]!.id}`, { token: c.ws.token }));
    assert.equal(run.trigger, "webhook");
    assert.equal(run.change.pr, 1);
    assert.equal(run.change.head, head);
  });

  test("a pull_request event from GitHub's published examples (reopened, signed) is acted on like the host's", async () => {
    const head = c.push(2);
    const d = await githubPullRequest(
      { fullName: `${c.standIn.owner}/${c.standIn.repo}`, webUrl: c.standIn.server.url, secret },
      { action: "reopened", number: 2, headSha: head, headRef: "pr-2", baseRef: "main", baseSha: c.remote.git(["rev-parse", "main"]) },
    );
    const res = await fetch(`${t.url}/hooks/github`, { method: "POST", headers: d.headers, body: d.body });
    assert.equal(res.status, 202);
    await settled(c.row.id);
    assert.ok((await autoRuns(c.row.id)).some((r) => r.pr === 2 && r.head_sha === head));
  });

  test("the same delivery id again is acknowledged without a second review", async () => {
    const head = c.remote.git(["rev-parse", "refs/pull/1/head"]);
    for (let i = 0; i < 3; i++) {
      const res = await deliverGitHub(t, "pull_request", pullRequestPayload(c, 1, head, "opened"), { secret, deliveryId: "d-open-1" });
      assert.equal(res.status, 202);
      assert.equal((await json(res)).status, "duplicate");
    }
    assert.equal((await autoRuns(c.row.id)).filter((r) => r.pr === 1).length, 1);
  });

  test("a push while the review is queued cancels and refunds it, leaving one queued run for the newest head", async () => {
    const [first] = (await autoRuns(c.row.id)).filter((r) => r.pr === 1);
    const head = c.push(1);
    const res = await deliverGitHub(t, "pull_request", pullRequestPayload(c, 1, head), { secret });
    assert.equal(res.status, 202);
    await settled(c.row.id);
    const runs = (await autoRuns(c.row.id)).filter((r) => r.pr === 1);
    assert.equal(runs.length, 2);
    assert.equal(runs[0]!.id, first!.id);
    assert.equal(runs[0]!.state, "cancelled");
    assert.equal(runs[0]!.refunded_cents, runs[0]!.price_cents);
    assert.equal(runs[1]!.state, "queued");
    assert.equal(runs[1]!.head_sha, head);
    assert.equal(runs.filter((r) => r.state === "queued").length, 1);
  });
});

describe("the policy decides", () => {
  test("auto-review off: the delivery is done and no run is started", async () => {
    const c = await connectedRepository(t);
    const secret = c.standIn.hooks[0]!.secret;
    const head = c.push(3);
    await deliverGitHub(t, "pull_request", pullRequestPayload(c, 3, head, "opened"), { secret });
    const [d] = await settled(c.row.id);
    assert.match(d!.outcome ?? "", /auto-review is off/);
    assert.equal((await autoRuns(c.row.id)).length, 0);
  });

  test("a pull request from a fork is not reviewed unless the policy says so", async () => {
    const c = await connectedRepository(t);
    await setPolicy(t.app.store, c.ws.id, c.row.id, { autoReview: true }, new Date());
    const secret = c.standIn.hooks[0]!.secret;
    const head = c.push(4);
    await deliverGitHub(t, "pull_request", pullRequestPayload(c, 4, head, "opened", true), { secret });
    const [d] = await settled(c.row.id);
    assert.match(d!.outcome ?? "", /forks/);
    assert.equal((await autoRuns(c.row.id)).length, 0);
  });

  test("a review the workspace cannot pay is recorded for the pull request instead of skipped silently", async () => {
    const c = await connectedRepository(t, { credits: 0 });
    await setPolicy(t.app.store, c.ws.id, c.row.id, { autoReview: true }, new Date());
    const secret = c.standIn.hooks[0]!.secret;
    const head = c.push(5);
    await deliverGitHub(t, "pull_request", pullRequestPayload(c, 5, head, "opened"), { secret });
    const [d] = await settled(c.row.id);
    assert.match(d!.outcome ?? "", /insufficient_credits/);
    const unpaid = await t.app.store.db.selectFrom("unpaid_reviews").selectAll().where("repository_id", "=", c.row.id).execute();
    assert.equal(unpaid.length, 1);
    assert.equal(unpaid[0]!.reason, "insufficient_credits");
    assert.equal(unpaid[0]!.pr, 5);
    assert.equal(unpaid[0]!.head_sha, head);
    assert.equal(unpaid[0]!.reported_at, null);
    assert.equal((await autoRuns(c.row.id)).length, 0);
    // Reported on the pull request: a comment saying why and the crs status in error on that head.
    assert.equal(await reportUnpaid(t.app), 1);
    const comments = [...c.standIn.issueComments.values()].filter((x) => x.pull === 5);
    assert.equal(comments.length, 1);
    assert.match(comments[0]!.body, /crs did not review .*too few credits/s);
    assert.deepEqual(
      c.standIn.statuses.filter((s) => s.sha === head).map((s) => [s.state, s.context]),
      [["error", "crs"]],
    );
    assert.equal(await reportUnpaid(t.app), 0, "reported once");
  });

  test("the daily cap counts what the repository's automatic reviews cost today: the review that would pass it is reported, not started", async () => {
    const c = await connectedRepository(t);
    await setPolicy(t.app.store, c.ws.id, c.row.id, { autoReview: true }, new Date());
    const secret = c.standIn.hooks[0]!.secret;
    await deliverGitHub(t, "pull_request", pullRequestPayload(c, 7, c.push(7), "opened"), { secret });
    await settled(c.row.id);
    const [first] = await autoRuns(c.row.id);
    assert.ok(first && first.price_cents > 0);
    // Room for a second review of the same size (one more file like the first), less a cent.
    await setPolicy(t.app.store, c.ws.id, c.row.id, { dailyCapCents: 2 * first.price_cents - 1 }, new Date());
    await deliverGitHub(t, "pull_request", pullRequestPayload(c, 8, c.push(8), "opened"), { secret });
    await settled(c.row.id);
    const unpaid = await t.app.store.db.selectFrom("unpaid_reviews").selectAll().where("repository_id", "=", c.row.id).execute();
    assert.deepEqual(
      unpaid.map((u) => [u.pr, u.reason]),
      [[8, "daily_cap_reached"]],
    );
    assert.deepEqual(
      (await autoRuns(c.row.id)).map((r) => r.pr),
      [7],
    );
  });

  test("a run over the policy's price cap is reported as price_exceeds_max", async () => {
    const c = await connectedRepository(t);
    await setPolicy(t.app.store, c.ws.id, c.row.id, { autoReview: true, maxRunPriceCents: 1 }, new Date());
    const secret = c.standIn.hooks[0]!.secret;
    const head = c.push(6);
    await deliverGitHub(t, "pull_request", pullRequestPayload(c, 6, head, "opened"), { secret });
    await settled(c.row.id);
    const unpaid = await t.app.store.db.selectFrom("unpaid_reviews").selectAll().where("repository_id", "=", c.row.id).execute();
    assert.equal(unpaid[0]?.reason, "price_exceeds_max");
  });
});
