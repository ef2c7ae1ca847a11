// The inbound side of a connection, against the GitHub stand-in (github.com cannot be reached from
// the tests): a change review started through the API takes its pull request's base from the host,
// signatures are checked over the exact bytes sent, and failed deliveries are retried on their own.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { startDeliveryProcessor } from "../src/capabilities/connections/processor.ts";
import { syncAndWait } from "../src/capabilities/repositories/index.ts";
import { balanceCents } from "../src/capabilities/runs/ledger.ts";
import { signGitHubPayload } from "../src/platform/codehost/hosts/index.ts";
import { expectError, json, startTestServer, type TestServer } from "./harness.ts";
import { type Connected, connectedRepository, testSecretKey, weak } from "./fixtures/connections.ts";

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
    const quoted = await t.request("/api/v2/runs", { method: "POST", token: c.ws.token, json: { repository: c.row.id, change: { pr: 7 }, quote: est.quote, maxPriceCents: 100_000 } });
    assert.equal(quoted.status, 201, await quoted.clone().text());
    assert.equal((await json(quoted)).run.change.base, pr.releaseHead);
    const fresh = await json(
      await t.request("/api/v2/runs", { method: "POST", token: c.ws.token, json: { repository: c.row.id, change: { pr: 7 }, maxPriceCents: 100_000 } }),
    );
    assert.equal(fresh.run.change.base, pr.releaseHead);
    const asked = c.standIn.server.requests.filter((r) => r.method === "GET" && r.path.endsWith("/pulls/7"));
    assert.ok(asked.length >= 3, "each of the three asked the host");
  });

  test("a host that fails is 502 upstream_error, one that does not answer is 503; nothing is started or charged", async () => {
    const runs = await runCount(c.row.id);
    const before = await balance(c);
    const start = { repository: c.row.id, change: { pr: 7 }, maxPriceCents: 100_000 };
    c.standIn.server.failNext({ status: 500, match: /\/pulls\/7$/ });
    let body = await expectError(await t.request("/api/v2/runs", { method: "POST", token: c.ws.token, json: start }), 502, "upstream_error");
    assert.equal(body.error.details.reason, "remote_error");
    c.standIn.server.failNext({ status: 429, match: /\/pulls\/7$/, headers: { "retry-after": "60" } });
    body = await expectError(await t.request("/api/v2/runs/estimate", { method: "POST", token: c.ws.token, json: start }), 503, "repository_access_unavailable");
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
    return Buffer.concat([
      Buffer.from(`{"ref":"refs/heads/main","repository":${repo},"head_commit":{"message":"caf`),
      Buffer.from([odd]),
      Buffer.from(`"}}`),
    ]);
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
