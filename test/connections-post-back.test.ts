// The review posted back on the pull request, against the GitHub stand-in (github.com cannot be
// reached from the tests; every request crs sends is validated against GitHub's OpenAPI description):
// one summary comment edited by later runs, inline comments on new findings never repeated, a reply
// when a push fixes one, a commit status failing at the policy's severity, and delivery failures
// retried with backoff and shown on the run without failing it.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { after, before, describe, test } from "node:test";
import { setPolicy } from "../src/capabilities/connections/policy.ts";
import { eventually, json, startTestServer, type TestServer } from "./harness.ts";
import { type Connected, connectedRepository, deliverGitHub, pullRequestPayload, testSecretKey } from "./fixtures/connections.ts";

let t: TestServer;
before(async () => {
  t = await startTestServer({ env: { CRS_SECRET_KEY: testSecretKey, CRS_WORKER_IN_PROCESS: "on", CRS_WORKER_POLL_MS: "50" } });
});
after(() => t.close());

const runOf = (c: Connected, id: number) => t.request(`/api/v2/runs/${id}`, { token: c.ws.token }).then(json);
const findingsOf = (c: Connected, id: number) => t.request(`/api/v2/runs/${id}/findings?limit=100`, { token: c.ws.token }).then(json);
const job = (runId: number) => t.app.store.db.selectFrom("post_back_jobs").selectAll().where("run_id", "=", runId).executeTakeFirst();

/** Pushes to pull request `n`, delivers the event and waits for the automatic run to be posted back (or to reach `state`). */
async function reviewed(c: Connected, secret: string, n: number, files: Record<string, string> = {}, state = "posted") {
  const head = c.push(n, files);
  const res = await deliverGitHub(t, "pull_request", pullRequestPayload(c, n, head, "synchronize"), { secret });
  assert.equal(res.status, 202);
  const auto = await eventually(
    () => t.app.store.db.selectFrom("automatic_runs").select("run_id").where("repository_id", "=", c.row.id).where("head_sha", "=", head).executeTakeFirst(),
    (r) => r !== undefined,
  );
  const run = await eventually(
    () => runOf(c, auto!.run_id),
    (r) => r.delivery?.state === state,
  );
  return { head, run };
}

describe("posting back on a GitHub pull request (stand-in)", () => {
  let c: Connected;
  let secret: string;
  before(async () => {
    c = await connectedRepository(t);
    await setPolicy(t.app.store, c.ws.id, c.row.id, { autoReview: true, failAtSeverity: "info" }, new Date());
    secret = c.standIn.hooks[0]!.secret;
  });

  test("a completed review: one summary comment, an inline comment per new finding, a failing status, the run links both ways", async () => {
    const { head, run } = await reviewed(c, secret, 1);
    assert.equal(run.state, "complete");
    const found = await findingsOf(c, run.id);
    // Every finding is in a file the pull request adds: all are new in the change.
    const fresh = found.items;
    assert.ok(fresh.length > 0, "the weak hash is found");
    const comments = [...c.standIn.issueComments.values()].filter((x) => x.pull === 1);
    assert.equal(comments.length, 1);
    assert.equal(run.pullRequestCommentUrl, comments[0]!.html_url);
    assert.equal(run.publicUrl, `${t.url}/app/runs/${run.id}`);
    assert.deepEqual(
      { state: run.delivery.state, attempts: run.delivery.attempts, lastError: run.delivery.lastError },
      { state: "posted", attempts: 1, lastError: null },
    );
    const body = comments[0]!.body;
    assert.match(body, /crs review: changes requested/);
    assert.ok(body.includes(`(${t.url}/app/runs/${run.id})`), "links the run");
    for (const f of fresh) assert.ok(body.includes(f.webUrl), "links each top finding");
    const inline = [...c.standIn.reviewComments.values()].filter((x) => x.pull === 1);
    assert.equal(inline.length, fresh.length);
    for (const f of fresh)
      assert.ok(inline.some((x) => x.path === f.location.path && x.line === f.location.startLine && x.body.includes(`crs:finding:${f.id}`)));
    assert.ok(inline.every((x) => x.commit_id === head));
    const status = c.standIn.statuses.filter((s) => s.sha === head).at(-1);
    assert.equal(status?.state, "failure");
    assert.equal(status?.context, "crs");
    assert.equal(status?.target_url, `${t.url}/app/runs/${run.id}`);
  });

  test("a later push edits the same summary comment; findings already commented on are not commented again", async () => {
    const before = [...c.standIn.reviewComments.values()].filter((x) => x.pull === 1).length;
    const { run } = await reviewed(c, secret, 1);
    const comments = [...c.standIn.issueComments.values()].filter((x) => x.pull === 1);
    assert.equal(comments.length, 1, "edited, not duplicated");
    assert.equal(run.pullRequestCommentUrl, comments[0]!.html_url);
    assert.ok(comments[0]!.body.includes(`/app/runs/${run.id})`), "the comment now speaks of the newest run");
    const inline = [...c.standIn.reviewComments.values()].filter((x) => x.pull === 1 && x.in_reply_to_id === null);
    const ids = inline.map((x) => /crs:finding:(\d+)/.exec(x.body)?.[1]);
    assert.equal(new Set(ids).size, ids.length, "one inline comment per finding");
    assert.equal(inline.length, before + 1, "only the new file's finding is commented");
  });

  test("a push that fixes a commented finding gets a reply saying so", async () => {
    const first = [...c.standIn.reviewComments.values()].find((x) => x.pull === 1 && x.path === "src/pr1_1.py");
    assert.ok(first);
    await reviewed(c, secret, 1, { "src/pr1_1.py": "def digest(b):\n    return b\n" });
    const replies = [...c.standIn.reviewComments.values()].filter((x) => x.in_reply_to_id === first.id);
    assert.equal(replies.length, 1);
    assert.match(replies[0]!.body, /^Fixed in `[0-9a-f]{12}`/);
  });

  test("a fixed finding whose comment was deleted on the host is passed over; the post-back still succeeds at once", async () => {
    const second = [...c.standIn.reviewComments.values()].find((x) => x.pull === 1 && x.path === "src/pr1_2.py" && x.in_reply_to_id === null);
    assert.ok(second);
    c.standIn.reviewComments.delete(second.id);
    const { run } = await reviewed(c, secret, 1, { "src/pr1_2.py": "x = 1\n" });
    assert.equal(run.delivery.attempts, 1);
    assert.ok(![...c.standIn.reviewComments.values()].some((x) => x.in_reply_to_id === second.id));
  });

  test("a commented finding dismissed in crs is still reported: no reply calls it fixed", async () => {
    const { run } = await reviewed(c, secret, 1);
    const found = (await findingsOf(c, run.id)).items;
    const newest = [...c.standIn.reviewComments.values()].filter((x) => x.pull === 1 && x.in_reply_to_id === null).at(-1);
    assert.ok(newest);
    const finding = found.find((f: any) => f.location.path === newest.path);
    assert.ok(finding, "the run reports the commented finding");
    const res = await t.request(`/api/v2/findings/${finding.key}`, { method: "PATCH", token: c.ws.token, json: { dismissed: true, reason: "accepted here" } });
    assert.equal(res.status, 200, await res.clone().text());
    await reviewed(c, secret, 1);
    assert.ok(![...c.standIn.reviewComments.values()].some((x) => x.in_reply_to_id === newest.id), "no Fixed reply on a dismissed finding");
  });

  test("the policy's number caps inline comments; the rest are listed in the summary", async () => {
    await setPolicy(t.app.store, c.ws.id, c.row.id, { inlineComments: 0 }, new Date());
    const before = c.standIn.reviewComments.size;
    const { run } = await reviewed(c, secret, 1);
    assert.equal(c.standIn.reviewComments.size, before);
    const body = [...c.standIn.issueComments.values()].find((x) => x.pull === 1)!.body;
    assert.match(body, /1 new finding not commented inline/);
    assert.equal(run.delivery.state, "posted");
    await setPolicy(t.app.store, c.ws.id, c.row.id, { inlineComments: 30 }, new Date());
  });

  test("a host failure is retried with backoff, shown on the run as retrying, and never fails the run", async () => {
    c.standIn.server.failNext({ status: 502, times: 1, match: /\/issues\/(\d+\/)?comments/ });
    const { run } = await reviewed(c, secret, 1, {}, "retrying");
    assert.equal(run.state, "complete");
    assert.match(run.delivery.lastError, /502/);
    const waiting = await job(run.id);
    assert.ok(Date.parse(waiting!.next_attempt_at) - Date.now() > 2_000, "the next attempt waits");
    await t.app.store.db.updateTable("post_back_jobs").set({ next_attempt_at: new Date().toISOString() }).where("run_id", "=", run.id).execute();
    const done = await eventually(
      () => runOf(c, run.id),
      (r) => r.delivery?.state === "posted",
    );
    assert.equal(done.delivery.attempts, 2);
    assert.equal([...c.standIn.issueComments.values()].filter((x) => x.pull === 1).length, 1);
  });

  test("after the last attempt the delivery is failed; the run stays complete", async () => {
    c.standIn.server.failNext({ status: 500, times: 1000, match: /\/issues\/(\d+\/)?comments/ });
    const { run } = await reviewed(c, secret, 1, {}, "retrying");
    for (let i = 0; i < 10; i++) {
      const j = await job(run.id);
      if (j!.state === "failed") break;
      await t.app.store.db.updateTable("post_back_jobs").set({ next_attempt_at: new Date().toISOString() }).where("run_id", "=", run.id).execute();
      await eventually(
        () => job(run.id),
        (x) => x!.state !== "posting" && x!.attempts > j!.attempts,
      );
    }
    c.standIn.server.clearFailures();
    const end = await runOf(c, run.id);
    assert.equal(end.delivery.state, "failed");
    assert.equal(end.delivery.attempts, 6);
    assert.equal(end.state, "complete");
    assert.equal(end.error, null);
  });

  test("crs runs view shows the delivery and the comment's URL", async () => {
    const runId = (await t.app.store.db.selectFrom("post_back_jobs").select("run_id").where("state", "=", "posted").orderBy("run_id").executeTakeFirstOrThrow())
      .run_id;
    const home = mkdtempSync(join(tmpdir(), "crs-home-"));
    const env = { PATH: process.env.PATH ?? "", HOME: home, XDG_CONFIG_HOME: home, CRS_URL: t.url, CRS_TOKEN: c.ws.token };
    const { stdout } = await promisify(execFile)(process.execPath, [resolve(import.meta.dirname, "../bin/crs.js"), "runs", "view", String(runId)], { env });
    assert.match(stdout, /delivery\.state\s+posted/);
    assert.match(stdout, /pullRequestCommentUrl\s+http:\/\/127\.0\.0\.1:\d+\/.+#issuecomment-\d+/);
  });

  test("every request crs sent to the stand-in matched GitHub's OpenAPI description", () => {
    assert.deepEqual(c.standIn.server.invalid(), []);
  });
});
