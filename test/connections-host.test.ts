// The host's side of a connection, against the GitHub stand-in (github.com cannot be reached from
// the tests): reconciliation queues heads the webhooks missed, a revoked token makes the repository
// not runnable, and the webhook endpoint's limits (body size, redeliveries of one id).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startDeliveryProcessor } from "../src/capabilities/connections/processor.ts";
import { setPolicy } from "../src/capabilities/connections/policy.ts";
import { reconcileDue } from "../src/capabilities/connections/reconcile.ts";
import { signGitHubPayload } from "../src/platform/codehost/hosts/index.ts";
import { eventually, expectError, json, startTestServer, type TestServer } from "./harness.ts";
import { connectedRepository, deliverGitHub, pullRequestPayload, testSecretKey } from "./fixtures/connections.ts";

let t: TestServer;
before(async () => {
  t = await startTestServer({ env: { CRS_SECRET_KEY: testSecretKey } });
  t.app.onClose(startDeliveryProcessor(t.app, { pollMs: 20 }));
});
after(() => t.close());

const autoRuns = (repoId: number) => t.app.store.db.selectFrom("automatic_runs").selectAll().where("repository_id", "=", repoId).orderBy("run_id").execute();
const deliveries = (repoId: number) => t.app.store.db.selectFrom("webhook_deliveries").selectAll().where("repository_id", "=", repoId).orderBy("id").execute();
const allSettled = (repoId: number, n: number) =>
  eventually(
    () => deliveries(repoId),
    (rows) => rows.length >= n && rows.every((d) => d.state !== "queued" && d.state !== "processing"),
  );

describe("reconciliation", () => {
  test("queues the open pull requests the webhooks missed, reviews each head once, and records access ok", async () => {
    const c = await connectedRepository(t);
    await setPolicy(t.app.store, c.ws.id, c.row.id, { autoReview: true }, new Date());
    const h1 = c.push(1);
    const h2 = c.push(2);
    assert.ok((await reconcileDue(t.app, 300)) >= 2);
    await allSettled(c.row.id, 2);
    assert.deepEqual((await autoRuns(c.row.id)).map((r) => [r.pr, r.head_sha]).sort(), [
      [1, h1],
      [2, h2],
    ]);
    // Not due again within the interval; due again after it, and the same heads are not reviewed twice.
    assert.equal(await reconcileDue(t.app, 300), 0);
    await t.app.store.db.updateTable("connections").set({ reconciled_at: "2000-01-01T00:00:00.000Z" }).where("repository_id", "=", c.row.id).execute();
    assert.equal(await reconcileDue(t.app, 300), 0, "deliveries for the same heads are acknowledged as duplicates");
    assert.equal((await autoRuns(c.row.id)).length, 2);
    const repo = await json(await t.request(`/api/v2/repositories/${c.row.id}/-`, { token: c.ws.token }));
    assert.equal(repo.connection.access, "ok");
  });

  test("a revoked token makes the repository lost: runs answer 409 repository_not_runnable with the reason", async () => {
    const c = await connectedRepository(t);
    await setPolicy(t.app.store, c.ws.id, c.row.id, { autoReview: true }, new Date());
    c.push(1);
    c.standIn.revokeTokens();
    assert.equal(await reconcileDue(t.app, 300), 0);
    const repo = await json(await t.request(`/api/v2/repositories/${c.row.id}/-`, { token: c.ws.token }));
    assert.equal(repo.access, "lost");
    assert.equal(repo.connection.access, "lost");
    const body = await expectError(
      await t.request("/api/v2/runs/estimate", { method: "POST", token: c.ws.token, json: { repository: c.row.id, change: { pr: 1 } } }),
      409,
      "repository_not_runnable",
    );
    assert.equal(body.error.details.reason, "access_denied");
  });

  test("a host that does not answer makes access unavailable, and the pass carries on", async () => {
    const c = await connectedRepository(t);
    await setPolicy(t.app.store, c.ws.id, c.row.id, { autoReview: true }, new Date());
    c.standIn.server.failNext({ status: 503, times: 10 });
    assert.equal(await reconcileDue(t.app, 300), 0);
    const repo = await json(await t.request(`/api/v2/repositories/${c.row.id}/-`, { token: c.ws.token }));
    assert.equal(repo.connection.access, "unavailable");
  });
});

describe("the webhook endpoint's limits", () => {
  test("a body over 25 MiB is 413 with the limit and queues nothing", async () => {
    const c = await connectedRepository(t);
    const res = await fetch(`${t.url}/hooks/github`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-github-event": "push", "x-github-delivery": "big", "x-hub-signature-256": "sha256=00" },
      body: Buffer.alloc(25 * 1024 * 1024 + 1, 0x20),
    });
    const body = await expectError(res, 413, "payload_too_large");
    assert.equal(body.error.details.limitBytes, 25 * 1024 * 1024);
    assert.equal((await deliveries(c.row.id)).length, 0);
  });

  test("a body between 1 and 25 MiB is accepted (outside the API's 1 MiB limit)", async () => {
    const c = await connectedRepository(t);
    const secret = c.standIn.hooks[0]!.secret;
    const payload = { ref: "refs/heads/main", padding: "x".repeat(3 * 1024 * 1024), repository: { full_name: `${c.standIn.owner}/${c.standIn.repo}` } };
    const res = await deliverGitHub(t, "push", payload, { secret });
    assert.equal(res.status, 202);
    assert.equal((await json(res)).status, "queued");
  });

  test("a body that is not JSON is 400 and queues nothing", async () => {
    const res = await fetch(`${t.url}/hooks/github`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-github-event": "push", "x-github-delivery": "nojson", "x-hub-signature-256": "sha256=00" },
      body: "{nope",
    });
    await expectError(res, 400, "invalid_request");
  });

  // 10,000 real requests through the whole stack: about 110 s on a loaded 2-core machine, so this one test
  // gets more than the suite's 120 s default.
  test("10,000 deliveries of one id make one review", { timeout: 300_000 }, async () => {
    const c = await connectedRepository(t);
    await setPolicy(t.app.store, c.ws.id, c.row.id, { autoReview: true }, new Date());
    const secret = c.standIn.hooks[0]!.secret;
    const head = c.push(7);
    const body = JSON.stringify(pullRequestPayload(c, 7, head, "opened"));
    const headers = {
      "content-type": "application/json",
      "x-github-event": "pull_request",
      "x-github-delivery": "same-id",
      "x-hub-signature-256": await signGitHubPayload(secret, body),
    };
    const statuses = new Map<number, number>();
    let next = 0;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (next < 10_000) {
          next++;
          const res = await fetch(`${t.url}/hooks/github`, { method: "POST", headers, body });
          await res.arrayBuffer();
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        }
      }),
    );
    assert.deepEqual([...statuses.keys()], [202]);
    await allSettled(c.row.id, 1);
    assert.equal((await deliveries(c.row.id)).length, 1);
    assert.equal((await autoRuns(c.row.id)).length, 1);
  });
});
