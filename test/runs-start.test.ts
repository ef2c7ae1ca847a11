// POST /runs: quotes (tampered, foreign, expired, stale), the price ceiling, credits and the
// monthly limit under concurrency, and Idempotency-Key. Prices: 7 cents plus 1 cent a line.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { addCredits, balanceCents, setSpendLimit } from "../src/capabilities/runs/ledger.ts";
import { archiveDocument, createDocument } from "../src/capabilities/documents/index.ts";
import { putFocus } from "../src/capabilities/focuses/index.ts";
import { expectError, json, startTestServer, type TestServer, type TestWorkspace } from "./harness.ts";
import { pricedRepository, pricingEnv, type PricedRepo } from "./fixtures/run-repo.ts";
import { callTool, mcpClient } from "./mcp-client.ts";

let t: TestServer;
let ws: TestWorkspace;
let repo: PricedRepo;
/** The price of a full review of `repo` at main with the default scope. */
let price: number;
before(async () => {
  t = await startTestServer({ env: pricingEnv });
  ws = await t.workspace();
  repo = await pricedRepository(t, ws);
  price = (await json(await estimate({ repository: repo.row.id }))).priceCents;
});
after(() => t.close());

function estimate(body: unknown, token = ws.token) {
  return t.request("/api/v2/runs/estimate", { method: "POST", token, json: body });
}
function start(body: unknown, opts: { token?: string; key?: string } = {}) {
  return t.request("/api/v2/runs", {
    method: "POST",
    token: opts.token ?? ws.token,
    json: body,
    ...(opts.key !== undefined ? { headers: { "idempotency-key": opts.key } } : {}),
  });
}
async function ledger(workspaceId: number) {
  return t.app.store.db.selectFrom("credit_ledger").selectAll().where("workspace_id", "=", workspaceId).orderBy("id").execute();
}
async function runCount(workspaceId: number): Promise<number> {
  return (await t.app.store.db.selectFrom("runs").select("id").where("workspace_id", "=", workspaceId).execute()).length;
}
/** A workspace of its own with the priced repository and `credits` cents. */
async function fundedWorkspace(credits: number) {
  const w = await t.workspace();
  const r = await pricedRepository(t, w);
  if (credits) await addCredits(t.app.store, w.id, { kind: "grant", cents: credits });
  return { w, r };
}

describe("POST /runs", () => {
  test("201: a queued run with every field, charged once in the ledger", async () => {
    const { w, r } = await fundedWorkspace(1000);
    const res = await start({ repository: r.row.full_name, maxPriceCents: 1000, steering: "Look at orders first." }, { token: w.token });
    assert.equal(res.status, 201);
    const body = await json(res);
    assert.equal(body.priceCents, price);
    const run = body.run;
    assert.equal(run.state, "queued");
    assert.equal(run.phase, "queued");
    assert.equal(run.terminal, false);
    assert.equal(run.kind, "full");
    assert.equal(run.trigger, "api");
    assert.equal(run.costCents, price);
    assert.equal(run.sha, r.remote.git(["rev-parse", "main"]));
    assert.equal(run.ref, "refs/heads/main");
    assert.deepEqual(run.repository, { id: r.row.id, fullName: r.row.full_name });
    assert.deepEqual(
      run.stages.map((s: any) => [s.name, s.state]),
      [
        ["checkout", "pending"],
        ["compilation", "pending"],
        ["analysis", "pending"],
        ["import", "pending"],
      ],
    );
    assert.deepEqual(run.import, { state: "pending", reason: null });
    for (const field of ["startedAt", "endedAt", "retryOf", "findings", "error", "change", "stage", "publicUrl", "pullRequestCommentUrl"])
      assert.equal(run[field], null, field);
    assert.equal(run.webUrl, `${t.url}/app/runs/${run.id}`);
    const entries = await ledger(w.id);
    assert.deepEqual(
      entries.map((e) => [e.kind, e.amount_cents, e.run_id]),
      [
        ["grant", 1000, null],
        ["charge", -price, run.id],
      ],
    );
    const got = await json(await t.request(`/api/v2/runs/${run.id}`, { token: w.token }));
    assert.deepEqual(got, run);
    const me = await json(await t.request("/api/v2/me", { token: w.token }));
    assert.deepEqual(me.credits, { balanceCents: 1000 - price, monthSpendCents: price, spendLimitCents: null });
  });

  test("201 from a quote: exactly what the estimate priced", async () => {
    const { w, r } = await fundedWorkspace(1000);
    const e = await json(await estimate({ repository: r.row.id, scope: ["src/**"] }, w.token));
    const res = await start({ repository: r.row.id, scope: ["src/**"], quote: e.quote, maxPriceCents: e.priceCents }, { token: w.token });
    assert.equal(res.status, 201);
    const body = await json(res);
    assert.equal(body.priceCents, e.priceCents);
    assert.deepEqual(body.run.repositories, e.targets);
    assert.deepEqual(body.run.scope, ["src/**"]);
  });

  test("409 price_exceeds_max with details.priceCents, and nothing charged", async () => {
    const { w, r } = await fundedWorkspace(1000);
    const body = await expectError(await start({ repository: r.row.id, maxPriceCents: price - 1 }, { token: w.token }), 409, "price_exceeds_max");
    assert.equal(body.error.details.priceCents, price);
    assert.equal(await runCount(w.id), 0);
    assert.equal(await balanceCents(t.app.store.db, w.id), 1000);
  });

  test("402 insufficient_credits when the balance is below the price", async () => {
    const { w, r } = await fundedWorkspace(price - 1);
    const body = await expectError(await start({ repository: r.row.id, maxPriceCents: 1000 }, { token: w.token }), 402, "insufficient_credits");
    assert.deepEqual(body.error.details, { priceCents: price, balanceCents: price - 1 });
    assert.equal(await runCount(w.id), 0);
  });

  test("402 spend_cap_reached when the run would pass the monthly limit", async () => {
    const { w, r } = await fundedWorkspace(10_000);
    await setSpendLimit(t.app.store, w.id, price + 5);
    assert.equal((await start({ repository: r.row.id, maxPriceCents: 1000 }, { token: w.token })).status, 201);
    const body = await expectError(await start({ repository: r.row.id, maxPriceCents: 1000 }, { token: w.token }), 402, "spend_cap_reached");
    assert.deepEqual(body.error.details, { priceCents: price, monthSpendCents: price, spendLimitCents: price + 5 });
    assert.equal(await runCount(w.id), 1);
  });

  test("400 without maxPriceCents, with a negative one, and for an Idempotency-Key over 255 characters", async () => {
    await expectError(await start({ repository: repo.row.id }), 400, "invalid_request");
    await expectError(await start({ repository: repo.row.id, maxPriceCents: -1 }), 400, "invalid_request");
    await expectError(await start({ repository: repo.row.id, maxPriceCents: 1.5 }), 400, "invalid_request");
    await expectError(await start({ repository: repo.row.id, maxPriceCents: 10 }, { key: "k".repeat(256) }), 400, "invalid_request");
    await expectError(await start({ repository: repo.row.id, maxPriceCents: 10, quote: "" }), 400, "invalid_request");
    await expectError(await start({ repository: repo.row.id, maxPriceCents: 10, quote: "q".repeat(4097) }), 400, "invalid_request");
    assert.equal(await runCount(ws.id), 0);
  });

  test("400 for a bad Idempotency-Key header names the header in details.issues[].path", async () => {
    for (const key of ["k".repeat(256), "has space"]) {
      const body = await expectError(await start({ repository: repo.row.id, maxPriceCents: 10 }, { key }), 400, "invalid_request");
      assert.deepEqual(
        body.error.details.issues.map((i: any) => i.path),
        ["Idempotency-Key"],
      );
      assert.match(body.error.message, /Idempotency-Key/);
      assert.doesNotMatch(body.error.message, /requestId/);
    }
    assert.equal(await runCount(ws.id), 0);
  });
});

describe("POST /runs with a quote", () => {
  let w: TestWorkspace;
  let r: PricedRepo;
  before(async () => ({ w, r } = await fundedWorkspace(100_000)));

  test("400 for a tampered quote, one of another workspace and one made for another request", async () => {
    const e = await json(await estimate({ repository: r.row.id }, w.token));
    const [payload, sig] = e.quote.split(".");
    const decoded = JSON.parse(Buffer.from(payload, "base64url").toString());
    const cheaper = Buffer.from(JSON.stringify({ ...decoded, p: 1 })).toString("base64url");
    // Always a different signature: the last two characters changed, whatever they were.
    const changed = `${sig.slice(0, -2)}${sig.endsWith("AA") ? "BB" : "AA"}`;
    for (const quote of [`${cheaper}.${sig}`, `${payload}.${changed}`, `${payload}.${sig}=`, "garbage", `${payload}.`]) {
      await expectError(await start({ repository: r.row.id, quote, maxPriceCents: 100_000 }, { token: w.token }), 400, "invalid_request");
    }
    const other = await fundedWorkspace(1000);
    const foreign = await json(await estimate({ repository: other.r.row.id }, other.w.token));
    const body = await expectError(
      await start({ repository: r.row.id, quote: foreign.quote, maxPriceCents: 100_000 }, { token: w.token }),
      400,
      "invalid_request",
    );
    assert.match(body.error.message, /another workspace/);
    const scoped = await expectError(
      await start({ repository: r.row.id, scope: ["src/**"], quote: e.quote, maxPriceCents: 100_000 }, { token: w.token }),
      400,
      "invalid_request",
    );
    assert.match(scoped.error.message, /different request/);
    assert.equal(await runCount(w.id), 0);
  });

  test("409 quote_stale once the quote expired (15 minutes)", async () => {
    const e = await json(await estimate({ repository: r.row.id }, w.token));
    const real = t.app.now;
    t.app.now = () => new Date(Date.now() + 15 * 60_000 + 1000);
    try {
      const body = await expectError(await start({ repository: r.row.id, quote: e.quote, maxPriceCents: 100_000 }, { token: w.token }), 409, "quote_stale");
      assert.equal(body.error.details.reason, "expired");
    } finally {
      t.app.now = real;
    }
    t.app.now = () => new Date(Date.now() + 14 * 60_000);
    try {
      assert.equal((await start({ repository: r.row.id, quote: e.quote, maxPriceCents: 100_000 }, { token: w.token })).status, 201);
    } finally {
      t.app.now = real;
    }
  });

  test("409 quote_stale after a new commit on the branch, a focus edit or an archived document", async () => {
    await putFocus(t.app.store, w.id, { slug: "perf", title: "Performance", instructions: "Slow loops." });
    const { document } = await createDocument(t.app.store, t.config.dataDir, {
      workspaceId: w.id,
      userId: w.userId,
      repositoryId: null,
      note: { text: "architecture notes" },
    });
    const request = { repository: r.row.id, focuses: ["perf"], documents: [document.id] };
    const runsBefore = await runCount(w.id);
    const stale = async () => {
      const body = await expectError(await start({ ...request, quote: quote!, maxPriceCents: 100_000 }, { token: w.token }), 409, "quote_stale");
      assert.equal(body.error.details.reason, "content_changed");
    };
    let quote = (await json(await estimate(request, w.token))).quote as string | undefined;
    r.remote.commit({ "src/new.py": "x = 1\n" }, { branch: "main", message: "new commit" });
    await r.sync();
    await stale();
    quote = (await json(await estimate(request, w.token))).quote;
    await putFocus(t.app.store, w.id, { slug: "perf", title: "Performance", instructions: "Slow loops and N+1 queries." });
    await stale();
    quote = (await json(await estimate(request, w.token))).quote;
    await archiveDocument(t.app.store, { workspaceId: w.id, userId: w.userId, role: "admin" }, document.id);
    await stale();
    assert.equal(await runCount(w.id), runsBefore);
  });
});

describe("Idempotency-Key and concurrency", () => {
  test("the same key and request return the run already started (200); another request is 409 idempotency_key_reused", async () => {
    const { w, r } = await fundedWorkspace(10_000);
    const first = await start({ repository: r.row.id, maxPriceCents: 1000 }, { token: w.token, key: "deploy-42" });
    assert.equal(first.status, 201);
    const again = await start({ repository: r.row.id, maxPriceCents: 1000 }, { token: w.token, key: "deploy-42" });
    assert.equal(again.status, 200);
    assert.equal((await json(again)).run.id, (await json(first)).run.id);
    const body = await expectError(
      await start({ repository: r.row.id, maxPriceCents: 999 }, { token: w.token, key: "deploy-42" }),
      409,
      "idempotency_key_reused",
    );
    assert.ok(body.error.details.run);
    assert.equal(await runCount(w.id), 1);
    assert.equal((await ledger(w.id)).filter((e) => e.kind === "charge").length, 1);
  });

  test("50 concurrent starts with one key start one run and charge once", async () => {
    const { w, r } = await fundedWorkspace(100_000);
    const all = await Promise.all(Array.from({ length: 50 }, () => start({ repository: r.row.id, maxPriceCents: 1000 }, { token: w.token, key: "same" })));
    const statuses = all.map((res) => res.status).sort();
    assert.equal(statuses.filter((s) => s === 201).length, 1, statuses.join(","));
    assert.equal(statuses.filter((s) => s === 200).length, 49);
    assert.equal(new Set(await Promise.all(all.map(async (res) => (await json(res)).run.id))).size, 1);
    assert.equal(await runCount(w.id), 1);
    assert.equal((await ledger(w.id)).filter((e) => e.kind === "charge").length, 1);
  });

  test("30 concurrent starts against credit for 10 start exactly 10 and leave the balance at or above 0", async () => {
    const { w, r } = await fundedWorkspace(price * 10 + price - 1);
    const all = await Promise.all(Array.from({ length: 30 }, () => start({ repository: r.row.id, maxPriceCents: 1000 }, { token: w.token })));
    const codes = await Promise.all(all.map(async (res) => (res.status === 201 ? "created" : (await json(res)).error.code)));
    assert.equal(codes.filter((c) => c === "created").length, 10, codes.join(","));
    assert.equal(codes.filter((c) => c === "insufficient_credits").length, 20);
    assert.equal(await runCount(w.id), 10);
    assert.equal(await balanceCents(t.app.store.db, w.id), price - 1);
  });

  test("30 concurrent starts against a monthly limit for 10 start exactly 10", async () => {
    const { w, r } = await fundedWorkspace(100_000);
    await setSpendLimit(t.app.store, w.id, price * 10 + price - 1);
    const all = await Promise.all(Array.from({ length: 30 }, () => start({ repository: r.row.id, maxPriceCents: 1000 }, { token: w.token })));
    const codes = await Promise.all(all.map(async (res) => (res.status === 201 ? "created" : (await json(res)).error.code)));
    assert.equal(codes.filter((c) => c === "created").length, 10, codes.join(","));
    assert.equal(codes.filter((c) => c === "spend_cap_reached").length, 20);
    assert.equal(await runCount(w.id), 10);
  });

  test("MCP: start_run with requestId is idempotent like Idempotency-Key, and records trigger mcp", async () => {
    const { w, r } = await fundedWorkspace(10_000);
    const client = await mcpClient(t.url, w.token);
    try {
      const a = await callTool(client, "start_run", { repository: r.row.full_name, maxPriceCents: 1000, requestId: "agent-1" });
      const b = await callTool(client, "start_run", { repository: r.row.full_name, maxPriceCents: 1000, requestId: "agent-1" });
      assert.equal(a.isError, false, JSON.stringify(a.body));
      assert.equal(b.body.run.id, a.body.run.id);
      assert.equal(a.body.run.trigger, "mcp");
      const c = await callTool(client, "start_run", { repository: r.row.full_name, maxPriceCents: 999, requestId: "agent-1" });
      assert.equal(c.body.error.code, "idempotency_key_reused");
    } finally {
      await client.close();
    }
    assert.equal(await runCount(w.id), 1);
  });
});
