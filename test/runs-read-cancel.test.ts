// GET /runs, GET /runs/{run}, GET /runs/{run}/findings and POST /runs/{run}/cancel.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { addCredits, balanceCents } from "../src/capabilities/runs/ledger.ts";
import { putFocus } from "../src/capabilities/focuses/index.ts";
import { startRun } from "../src/capabilities/runs/start.ts";
import { expectError, json, startTestServer, type TestServer, type TestWorkspace } from "./harness.ts";
import { pricedRepository, pricingEnv, type PricedRepo } from "./fixtures/run-repo.ts";
import { readyRepository } from "./fixtures/repositories.ts";

let t: TestServer;
let ws: TestWorkspace;
let repo: PricedRepo;
before(async () => {
  t = await startTestServer({ env: pricingEnv });
  ws = await t.workspace();
  repo = await pricedRepository(t, ws);
  await addCredits(t.app.store, ws.id, { kind: "grant", cents: 100_000 });
});
after(() => t.close());

const get = (path: string, token = ws.token) => t.request(`/api/v2${path}`, { token });
const cancel = (id: number | string, token = ws.token) => t.request(`/api/v2/runs/${id}/cancel`, { method: "POST", token });

async function run(extra: Record<string, unknown> = {}, w: TestWorkspace = ws) {
  return (
    await startRun(t.app, { workspaceId: w.id, userId: w.userId, trigger: "api", baseUrl: t.url }, { repository: repo.row.id, maxPriceCents: 10_000, ...extra })
  ).run;
}

describe("GET /runs", () => {
  test("newest first, in cursor pages, filtered by repository, focus and state", async () => {
    const w = await t.workspace();
    const r = await pricedRepository(t, w);
    const other = await readyRepository(t, w);
    await addCredits(t.app.store, w.id, { kind: "grant", cents: 100_000 });
    await putFocus(t.app.store, w.id, { slug: "sec", title: "Security", instructions: "Injections." });
    const start = (extra: Record<string, unknown>) =>
      startRun(t.app, { workspaceId: w.id, userId: w.userId, trigger: "api", baseUrl: t.url }, { repository: r.row.id, maxPriceCents: 10_000, ...extra });
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await start(i === 1 ? { focuses: ["sec"] } : {})).run.id);
    ids.push((await start({ repository: other.id })).run.id);
    const page1 = await json(await get("/runs?limit=4", w.token));
    assert.deepEqual(
      page1.items.map((x: any) => x.id),
      ids.slice().reverse().slice(0, 4),
    );
    const page2 = await json(await get(`/runs?limit=4&cursor=${page1.nextCursor}`, w.token));
    assert.deepEqual(
      page2.items.map((x: any) => x.id),
      ids.slice().reverse().slice(4),
    );
    assert.equal(page2.nextCursor, null);
    const byRepo = await json(await get(`/runs?repository=${encodeURIComponent(other.full_name)}`, w.token));
    assert.deepEqual(
      byRepo.items.map((x: any) => x.id),
      [ids[5]],
    );
    const byFocus = await json(await get("/runs?focus=sec", w.token));
    assert.deepEqual(
      byFocus.items.map((x: any) => x.id),
      [ids[1]],
    );
    assert.deepEqual(byFocus.items[0].focuses, [{ slug: "sec", revision: 1 }]);
    await cancel(ids[0]!, w.token);
    const cancelled = await json(await get("/runs?state=cancelled,complete", w.token));
    assert.deepEqual(
      cancelled.items.map((x: any) => x.id),
      [ids[0]],
    );
    const queued = await json(await get("/runs?state=queued", w.token));
    assert.equal(queued.items.length, 5);
  });

  test("400 for an unknown state, more than 11 states, a bad cursor or limit; 404 for an unknown repository", async () => {
    await expectError(await get("/runs?state=running"), 400, "invalid_request");
    await expectError(await get(`/runs?state=${Array(12).fill("queued").join(",")}`), 400, "invalid_request");
    await expectError(await get("/runs?cursor=bogus"), 400, "invalid_request");
    await expectError(await get(`/runs?cursor=${Buffer.from(JSON.stringify({ v: 1, b: 2 ** 40 })).toString("base64url")}`), 400, "invalid_request");
    await expectError(await get("/runs?limit=101"), 400, "invalid_request");
    await expectError(await get("/runs?repository=no/such"), 404, "not_found");
  });
});

describe("GET /runs/{run}", () => {
  test("the id as a number or a string reads the same run; unknown and out-of-range ids are 404", async () => {
    const r = await run();
    assert.equal((await json(await get(`/runs/${r.id}`))).id, r.id);
    await expectError(await get("/runs/999999"), 404, "not_found");
    await expectError(await get("/runs/2147483648"), 404, "not_found");
    await expectError(await get("/runs/abc"), 400, "invalid_request");
  });

  test("list_run_findings is empty with import pending until the worker imports", async () => {
    const r = await run();
    const body = await json(await get(`/runs/${r.id}/findings`));
    assert.deepEqual(body.items, []);
    assert.equal(body.nextCursor, null);
    assert.deepEqual(body.import, { state: "pending", reason: null });
    assert.ok(Date.parse(body.asOf) > 0);
  });
});

describe("POST /runs/{run}/cancel", () => {
  test("a queued run is cancelled at once and refunded in full by a ledger entry", async () => {
    const before = await balanceCents(t.app.store.db, ws.id);
    const r = await run();
    assert.equal(await balanceCents(t.app.store.db, ws.id), before - r.priceCents);
    const res = await cancel(r.id);
    assert.equal(res.status, 200);
    const body = await json(res);
    assert.equal(body.result, "cancelled");
    assert.equal(body.run.state, "cancelled");
    assert.equal(body.run.terminal, true);
    assert.equal(body.run.phase, "finished");
    assert.equal(body.run.cancellationRequested, true);
    assert.equal(body.run.costCents, 0);
    assert.ok(body.run.endedAt);
    assert.ok(body.run.stages.every((s: any) => s.state === "cancelled"));
    assert.equal(await balanceCents(t.app.store.db, ws.id), before);
    const refunds = await t.app.store.db.selectFrom("credit_ledger").selectAll().where("run_id", "=", r.id).where("kind", "=", "refund").execute();
    assert.equal(refunds.length, 1);
    assert.equal(refunds[0]!.amount_cents, r.priceCents);
  });

  test("409 conflict for a terminal run, and no second refund", async () => {
    const r = await run();
    await cancel(r.id);
    const body = await expectError(await cancel(r.id), 409, "conflict");
    assert.equal(body.error.details.state, "cancelled");
    const refunds = await t.app.store.db.selectFrom("credit_ledger").select("id").where("run_id", "=", r.id).where("kind", "=", "refund").execute();
    assert.equal(refunds.length, 1);
  });

  test("a started run answers cancelling and keeps its charge until the worker stops it", async () => {
    const r = await run();
    // The state a worker writes when it claims the run.
    await t.app.store.db.updateTable("runs").set({ state: "analysis_in_progress", started_at: new Date().toISOString() }).where("id", "=", r.id).execute();
    const body = await json(await cancel(String(r.id)));
    assert.equal(body.result, "cancelling");
    assert.equal(body.run.cancellationRequested, true);
    assert.equal(body.run.state, "analysis_in_progress");
    assert.equal(body.run.costCents, r.priceCents);
    assert.equal((await json(await cancel(r.id))).result, "cancelling", "asking again is harmless");
  });

  test("404 for another workspace's run and for an unknown run", async () => {
    const r = await run();
    const other = await t.workspace();
    await expectError(await cancel(r.id, other.token), 404, "not_found");
    await expectError(await cancel(424242), 404, "not_found");
    assert.equal((await json(await get(`/runs/${r.id}`))).state, "queued");
  });
});
