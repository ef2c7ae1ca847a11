// The inbound side of a connection, against the GitHub stand-in (github.com cannot be reached from
// the tests): a change review started through the API (REST, MCP or the CLI: one operation) takes
// its pull request's base from the host, signatures are checked over the exact bytes sent, and
// failed deliveries are retried on their own.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { storeDelivery } from "../src/capabilities/connections/deliveries.ts";
import type { Intent } from "../src/capabilities/connections/events.ts";
import { startDeliveryProcessor } from "../src/capabilities/connections/processor.ts";
import { syncAndWait } from "../src/capabilities/repositories/index.ts";
import { balanceCents } from "../src/capabilities/runs/ledger.ts";
import { signGitHubPayload } from "../src/platform/codehost/hosts/index.ts";
import { setPolicy } from "../src/capabilities/connections/policy.ts";
import { eventually, expectError, json, startTestServer, type TestServer } from "./harness.ts";
import { testClient } from "./fixtures/client.ts";
import { mcpClient } from "./mcp-client.ts";
import { type Connected, connectedRepository, deliverGitHub, pullRequestPayload, testSecretKey, weak } from "./fixtures/connections.ts";

let t: TestServer;
before(async () => {
  t = await startTestServer({ env: { CRS_SECRET_KEY: testSecretKey } });
  t.app.onClose(startDeliveryProcessor(t.app, { pollMs: 20 }));
});
after(() => t.close());

const runCount = async (repoId: number) => (await t.app.store.db.selectFrom("runs").select("id").where("repository_id", "=", repoId).execute()).length;
const balance = (c: Connected) => balanceCents(t.app.store.db, c.ws.id);

/** Pull request `n` opened from a branch of `stable` into `stable`, which has a commit main lacks. */
async function pullIntoRelease(c: Connected, n: number): Promise<{ releaseHead: string; head: string }> {
  c.remote.git(["checkout", "-q", "-B", "stable", "main"]);
  const releaseHead = c.remote.commit({ [`src/release${n}.py`]: weak }, { branch: "stable", message: "release work" });
  const head = c.remote.commit({ [`src/pr${n}.py`]: weak }, { branch: `pr-${n}`, message: `pr ${n}` });
  c.remote.git(["update-ref", `refs/pull/${n}/head`, head]);
  c.remote.git(["checkout", "-q", "main"]);
  c.remote.commit({ "src/main_moves_on.py": weak }, { branch: "main", message: "main moves on" });
  c.standIn.addPull({ number: n, headRef: `pr-${n}`, baseRef: "stable" });
  const synced = await syncAndWait(t.app, c.row.id);
  assert.equal(synced.status, "synced", JSON.stringify(synced));
  return { releaseHead, head };
}

describe("a change review of a connected pull request started through the API", () => {
  let c: Connected;
  let pr: { releaseHead: string; head: string };
  before(async () => {
    c = await connectedRepository(t);
    pr = await pullIntoRelease(c, 7);
  });

  test("the estimate, its quote and the run compare with the head of the base branch the host names, not the default branch", async () => {
    const est = await json(await t.request("/api/v2/runs/estimate", { method: "POST", token: c.ws.token, json: { repository: c.row.id, change: { pr: 7 } } }));
    assert.equal(est.change.base, pr.releaseHead);
    assert.equal(est.change.head, pr.head);
    assert.equal(est.change.changedLines, weak.split("\n").length - 1, "only the pull request's own file is changed");
    const quoted = await t.request("/api/v2/runs", {
      method: "POST",
      token: c.ws.token,
      json: { repository: c.row.id, change: { pr: 7 }, quote: est.quote, maxPriceCents: 100_000 },
    });
    assert.equal(quoted.status, 201, await quoted.clone().text());
    assert.equal((await json(quoted)).run.change.base, pr.releaseHead);
    const fresh = await json(
      await t.request("/api/v2/runs", { method: "POST", token: c.ws.token, json: { repository: c.row.id, change: { pr: 7 }, maxPriceCents: 100_000 } }),
    );
    assert.equal(fresh.run.change.base, pr.releaseHead);
    const asked = c.standIn.server.requests.filter((r) => r.method === "GET" && r.path.endsWith("/pulls/7"));
    assert.ok(asked.length >= 3, "each of the three asked the host");
  });

  test("MCP and the CLI are the same operation: their estimates and runs compare with the host's base too", async () => {
    const client = await mcpClient(t.url, c.ws.token);
    try {
      const est = await client.callTool({ name: "estimate_run", arguments: { repository: c.row.id, change: { pr: 7 } } });
      assert.equal((est.structuredContent as any).change.base, pr.releaseHead);
      const started = await client.callTool({ name: "start_run", arguments: { repository: c.row.id, change: { pr: 7 }, maxPriceCents: 100_000 } });
      assert.equal((started.structuredContent as any).run.change.base, pr.releaseHead);
    } finally {
      await client.close();
    }
    const crs = testClient(t.url, c.ws.token);
    const est = await crs.run(["runs", "estimate", c.row.full_name, "--pr", "7", "--json"]);
    assert.equal(est.code, 0, est.err);
    assert.equal(JSON.parse(est.out).change.base, pr.releaseHead);
    const started = await crs.run(["runs", "start", c.row.full_name, "--pr", "7", "--max-price", "100000", "--json"]);
    assert.equal(started.code, 0, started.err);
    assert.equal(JSON.parse(started.out).run.change.base, pr.releaseHead);
  });

  test("a host that fails is 502 upstream_error, one that does not answer is 503; nothing is started or charged", async () => {
    const runs = await runCount(c.row.id);
    const before = await balance(c);
    const start = { repository: c.row.id, change: { pr: 7 }, maxPriceCents: 100_000 };
    c.standIn.server.failNext({ status: 500, match: /\/pulls\/7$/ });
    let body = await expectError(await t.request("/api/v2/runs", { method: "POST", token: c.ws.token, json: start }), 502, "upstream_error");
    assert.equal(body.error.details.reason, "remote_error");
    c.standIn.server.failNext({ status: 429, match: /\/pulls\/7$/, headers: { "retry-after": "60" } });
    body = await expectError(
      await t.request("/api/v2/runs/estimate", { method: "POST", token: c.ws.token, json: start }),
      503,
      "repository_access_unavailable",
    );
    assert.equal(body.error.details.reason, "remote_unreachable");
    assert.equal(await runCount(c.row.id), runs);
    assert.equal(await balance(c), before);
    assert.ok(before > 0);
  });

  test("a host that refuses (a revoked token) is 409 repository_not_runnable with the reason, and nothing is started", async () => {
    const other = await connectedRepository(t, { ws: c.ws });
    await pullIntoRelease(other, 8);
    other.standIn.revokeTokens();
    const runs = await runCount(other.row.id);
    const body = await expectError(
      await t.request("/api/v2/runs", { method: "POST", token: c.ws.token, json: { repository: other.row.id, change: { pr: 8 }, maxPriceCents: 100_000 } }),
      409,
      "repository_not_runnable",
    );
    assert.equal(body.error.details.reason, "access_denied");
    assert.equal(await runCount(other.row.id), runs);
  });
});

describe("GitHub signatures over the raw bytes", () => {
  let c: Connected;
  let secret: string;
  before(async () => {
    c = await connectedRepository(t);
    secret = c.standIn.hooks[0]!.secret;
  });

  /** A push event whose commit message holds bytes that are not UTF-8 (0xff, which decodes as U+FFFD). */
  function rawPush(odd: number): Buffer {
    const repo = JSON.stringify({ id: 1, full_name: `${c.standIn.owner}/${c.standIn.repo}`, name: c.standIn.repo });
    return Buffer.concat([Buffer.from(`{"ref":"refs/heads/main","repository":${repo},"head_commit":{"message":"caf`), Buffer.from([odd]), Buffer.from(`"}}`)]);
  }
  const post = (body: Buffer, signature: string) =>
    fetch(`${t.url}/hooks/github`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-github-event": "push", "x-github-delivery": randomUUID(), "x-hub-signature-256": signature },
      body: new Uint8Array(body),
    });
  const stored = async () => (await t.app.store.db.selectFrom("webhook_deliveries").select("id").where("repository_id", "=", c.row.id).execute()).length;

  test("a body that is not UTF-8 with a correct signature is accepted and queued", async () => {
    const body = rawPush(0xff);
    const res = await post(body, await signGitHubPayload(secret, body));
    assert.equal(res.status, 202, await res.clone().text());
    assert.equal((await json(res)).status, "queued");
    assert.equal(await stored(), 1);
  });

  test("one byte changed is 401 even where both bytes decode to the same text, and nothing is queued", async () => {
    const signature = await signGitHubPayload(secret, rawPush(0xff));
    assert.equal(rawPush(0xfe).toString("utf8"), rawPush(0xff).toString("utf8"), "the two bodies decode alike");
    await expectError(await post(rawPush(0xfe), signature), 401, "unauthenticated");
    assert.equal(await stored(), 1);
  });

  test("a signature that is not sha256=<64 hex> is 401", async () => {
    for (const signature of ["sha256=", "sha1=abc", `sha256=${"z".repeat(64)}`, `sha256=${"0".repeat(63)}`]) {
      await expectError(await post(rawPush(0xff), signature), 401, "unauthenticated");
    }
    assert.equal(await stored(), 1);
  });
});

type Row = Awaited<ReturnType<typeof rowsOf>>[number];
const rowsOf = (repoId: number) => t.app.store.db.selectFrom("webhook_deliveries").selectAll().where("repository_id", "=", repoId).orderBy("id").execute();

describe("failed deliveries are retried on their own", () => {
  const only = async (c: Connected) => {
    const rows = await rowsOf(c.row.id);
    assert.equal(rows.length, 1, "one delivery, never redelivered");
    return rows[0]!;
  };
  /**
   * Polls like `eventually` while moving the server's clock past each waiting delivery's next attempt,
   * so the backoff passes without the test waiting for it.
   */
  async function withBackoffPassed(c: Connected, check: (d: Row) => boolean): Promise<Row> {
    const real = t.app.now;
    let ahead = 0;
    t.app.now = () => new Date(Date.now() + ahead);
    try {
      return await eventually(async () => {
        const d = await only(c);
        if (d.state === "queued" && d.next_attempt_at) ahead = Math.max(ahead, Date.parse(d.next_attempt_at) - Date.now() + 1000);
        return d;
      }, check);
    } finally {
      t.app.now = real;
    }
  }
  async function openedWhileGitIsDown(failures: number): Promise<{ c: Connected; head: string; deliveryId: string; body: unknown }> {
    const c = await connectedRepository(t);
    await setPolicy(t.app.store, c.ws.id, c.row.id, { autoReview: true }, new Date());
    const head = c.push(1);
    c.standIn.server.failGitNext(failures);
    const deliveryId = randomUUID();
    const body = pullRequestPayload(c, 1, head, "opened");
    const res = await deliverGitHub(t, "pull_request", body, { secret: c.standIn.hooks[0]!.secret, deliveryId });
    assert.equal(res.status, 202);
    return { c, head, deliveryId, body };
  }

  test("a delivery whose sync fails while the host is down waits with its error, then reaches done once the host answers, without a redelivery", async () => {
    const { c, head } = await openedWhileGitIsDown(1);
    const waiting = await eventually(
      () => only(c),
      (d) => d.attempts === 1 && d.state === "queued" && d.next_attempt_at !== null,
    );
    const said = /^attempt 1 of 6 failed, next at (\S+): mirror sync failed/.exec(waiting.outcome ?? "");
    assert.ok(said, waiting.outcome ?? "");
    assert.equal(said[1], waiting.next_attempt_at, "the outcome names the next attempt's time");
    const repo = await json(await t.request(`/api/v2/repositories/${c.row.id}/-`, { token: c.ws.token }));
    assert.equal(repo.connection.lastDeliveries[0].state, "queued");
    assert.match(repo.connection.lastDeliveries[0].outcome, /^attempt 1 of 6 failed/);
    const done = await withBackoffPassed(c, (d) => d.state === "done");
    assert.equal(done.attempts, 2);
    assert.match(done.outcome ?? "", /^run \d+ started/);
    const runs = await t.app.store.db.selectFrom("automatic_runs").select("head_sha").where("repository_id", "=", c.row.id).execute();
    assert.deepEqual(
      runs.map((r) => r.head_sha),
      [head],
    );
  });

  test("a host redelivery of a delivery waiting for its next attempt makes that attempt due now, its attempts kept", async () => {
    const { c, deliveryId, body } = await openedWhileGitIsDown(1000);
    await eventually(
      () => only(c),
      (d) => d.attempts === 1 && d.state === "queued" && d.next_attempt_at !== null,
    );
    c.standIn.server.clearFailures();
    const res = await deliverGitHub(t, "pull_request", body, { secret: c.standIn.hooks[0]!.secret, deliveryId });
    assert.equal((await json(res)).status, "queued", "the redelivery is acted on, not acknowledged as a duplicate");
    const done = await eventually(
      () => only(c),
      (d) => d.state === "done",
    );
    assert.equal(done.attempts, 2, "the redelivery is the second attempt, not a fresh start");
    assert.match(done.outcome ?? "", /^run \d+ started/);
  });

  test("a reconciliation of a waiting delivery leaves its backoff as it is", async () => {
    const { c } = await openedWhileGitIsDown(1000);
    const waiting = await eventually(
      () => only(c),
      (d) => d.attempts === 1 && d.state === "queued" && d.next_attempt_at !== null,
    );
    const intent = JSON.parse(waiting.payload) as Intent;
    const again = { host: "github" as const, deliveryId: waiting.delivery_id, event: "reconcile", workspaceId: c.ws.id, repositoryId: c.row.id, intent };
    assert.equal(await storeDelivery(t.app.store, again, new Date()), "duplicate");
    assert.equal((await only(c)).next_attempt_at, waiting.next_attempt_at);
  });

  test("after the last attempt it is failed for good; a host redelivery of it is processed afresh", async () => {
    const { c, deliveryId, body } = await openedWhileGitIsDown(1000);
    const failed = await withBackoffPassed(c, (d) => d.state === "failed");
    assert.equal(failed.attempts, 6);
    assert.match(failed.outcome ?? "", /^failed after 6 attempts: mirror sync failed/);
    c.standIn.server.clearFailures();
    const res = await deliverGitHub(t, "pull_request", body, { secret: c.standIn.hooks[0]!.secret, deliveryId });
    assert.equal((await json(res)).status, "queued");
    const done = await eventually(
      () => only(c),
      (d) => d.state === "done",
    );
    assert.equal(done.attempts, 1, "the redelivery starts its attempts afresh");
    assert.match(done.outcome ?? "", /^run \d+ started/);
  });
});
