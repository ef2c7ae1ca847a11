// Rate limits over Redis, end to end: two servers sharing the counts, and the spec's rule for a
// limiter that is down (Errors rule 3): reads carry on, changes answer 503 rate_limit_unavailable
// with Retry-After: 30. Redis "goes down" through a TCP proxy of our own (src/platform/limits/test-support.ts),
// never by stopping the Redis server other test processes share. Skipped when REDIS_URL is unset.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { json, startTestServer, unique, type TestServer } from "./harness.ts";
import { buildServer } from "../src/server/http.ts";
import { operations } from "../src/server/operations.ts";
import { operation } from "../src/kernel/operation.ts";
import { startTcpProxy, waitFor, type TcpProxy } from "../src/platform/limits/test-support.ts";
import { addCredits, balanceCents } from "../src/capabilities/runs/ledger.ts";
import { startRun } from "../src/capabilities/runs/start.ts";
import { readyRepository } from "./fixtures/repositories.ts";

const redisUrl = process.env.REDIS_URL;

// A test-only change operation on a fail-closed bucket, standing in for the write operations to come.
const done: string[] = [];
const change = operation({
  id: "test_change",
  method: "POST",
  path: "/test/change",
  summary: "Test change",
  description: "Test only.",
  scopes: ["findings:write"],
  bucket: "findings:write",
  mcp: true,
  readOnly: false,
  input: z.object({ name: z.string().describe("what to record") }),
  output: z.object({ ok: z.boolean().describe("done") }),
  handler: async (_ctx, input) => (done.push(input.name), { ok: true }),
});

describe("two servers on one Redis", { skip: redisUrl ? false : "REDIS_URL is not set" }, () => {
  let a: TestServer;
  let b: TestServer;
  before(async () => {
    const shared = { env: { CRS_RATE_LIMITS: "reads=3/1m" }, rateLimitPrefix: unique("crs:test:shared:") };
    a = await startTestServer(shared);
    // A second App (its own store connection, limiter and Redis client) on the same store and Redis.
    b = await startTestServer({ ...shared, sameStoreAs: a });
  });
  after(async () => {
    await b.close();
    await a.close();
  });

  test("share one user's reads count: the third read on either server uses up the budget", async () => {
    const ws = await a.workspace();
    const remaining = async (t: TestServer) => (await t.request("/api/v2/me", { token: ws.token })).headers.get("x-ratelimit-remaining");
    assert.equal(await remaining(a), "2");
    assert.equal(await remaining(b), "1");
    assert.equal(await remaining(a), "0");
    const refused = await b.request("/api/v2/me", { token: ws.token });
    assert.equal(refused.status, 429);
    assert.equal((await json(refused)).error.details.bucket, "reads");
    assert.equal((await a.request("/api/v2/me", { token: ws.token })).status, 429);
  });
});

describe("Redis stopped mid-test", { skip: redisUrl ? false : "REDIS_URL is not set" }, () => {
  let proxy: TcpProxy;
  let t: TestServer;
  let server: FastifyInstance;
  let url: string;
  before(async () => {
    const target = new URL(redisUrl ?? "redis://127.0.0.1:6379");
    proxy = await startTcpProxy(target.hostname, Number(target.port || 6379));
    const viaProxy = new URL(target);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(proxy.port);
    t = await startTestServer({ env: { REDIS_URL: viaProxy.toString(), CRS_RATE_LIMITS: "reads=3/1m,findings:write=100/1m" } });
    server = await buildServer(t.app, { operations: [...operations, change] });
    url = await server.listen({ port: 0, host: "127.0.0.1" });
  });
  after(async () => {
    await server.close();
    await t.close();
    await proxy.stop();
  });
  const read = (token: string) => fetch(`${url}/api/v2/me`, { headers: { authorization: `Bearer ${token}` } });
  const write = (token: string, name: string) =>
    fetch(`${url}/api/v2/test/change`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ name }),
    });

  test("reads carry on without rate-limit headers; changes answer 503 rate_limit_unavailable with Retry-After: 30; both recover", async () => {
    const ws = await t.workspace();
    const before = await read(ws.token);
    assert.equal(before.status, 200);
    assert.equal(before.headers.get("x-ratelimit-limit"), "3");
    assert.equal((await write(ws.token, "up-1")).status, 200);

    await proxy.stop();
    // More reads than the budget allows: nothing is counted while the limiter is down.
    for (let i = 0; i < 5; i++) {
      const res = await read(ws.token);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get("x-ratelimit-limit"), null, "no bucket was charged, so none is reported");
      assert.equal((await json(res)).user.id, ws.userId);
    }
    const refused = await write(ws.token, "down-1");
    assert.equal(refused.status, 503);
    assert.equal(refused.headers.get("retry-after"), "30");
    const body = await json(refused);
    assert.equal(body.error.code, "rate_limit_unavailable");
    assert.equal(body.requestId, refused.headers.get("x-request-id"));

    // The same over MCP: get_me answers, the change is refused, nothing is done.
    const transport = new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${ws.token}` } } });
    const client = new Client({ name: "rate-limit-test", version: "1.0.0" });
    await client.connect(transport);
    try {
      const me = await client.callTool({ name: "get_me", arguments: {} });
      assert.notEqual(me.isError, true);
      const viaMcp = await client.callTool({ name: "test_change", arguments: { name: "down-2" } });
      assert.equal(viaMcp.isError, true);
      const err = JSON.parse((viaMcp.content as Array<{ text: string }>)[0]!.text);
      assert.equal(err.error.code, "rate_limit_unavailable");
    } finally {
      await client.close();
    }
    assert.deepEqual(
      done.filter((d) => d.startsWith("down")),
      [],
    );

    await proxy.start();
    const counted = await waitFor(async () => {
      const res = await read(ws.token);
      return res.headers.get("x-ratelimit-limit") ? res : undefined;
    }, "the limiter to count again");
    assert.equal(counted.status, 200);
    assert.equal((await write(ws.token, "up-2")).status, 200);
    assert.deepEqual(done, ["up-1", "up-2"]);
  });

  test("client registration answers 503 with Retry-After: 30 while the limiter is down and registers nothing", async () => {
    const register = () =>
      fetch(`${t.url}/oauth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ client_name: "while down", redirect_uris: ["http://127.0.0.1:4000/cb"] }),
      });
    await proxy.stop();
    try {
      const res = await register();
      assert.equal(res.status, 503);
      assert.equal(res.headers.get("retry-after"), "30");
      assert.equal((await json(res)).error, "temporarily_unavailable");
    } finally {
      await proxy.start();
    }
    assert.equal((await t.app.store.db.selectFrom("oauth_clients").select("id").where("name", "=", "while down").execute()).length, 0);
    const back = await waitFor(async () => {
      const res = await register();
      return res.status === 201 ? res : undefined;
    }, "registration to work again");
    assert.equal(back.headers.get("x-ratelimit-limit"), "20");
  });

  test("run estimates, starts and cancels answer 503 rate_limit_unavailable while reads of runs carry on; nothing is started or refunded", async () => {
    const ws = await t.workspace();
    const repo = await readyRepository(t, ws);
    await addCredits(t.app.store, ws.id, { kind: "grant", cents: 100_000 });
    const queued = (
      await startRun(t.app, { workspaceId: ws.id, userId: ws.userId, trigger: "api", baseUrl: url }, { repository: repo.id, maxPriceCents: 100_000 })
    ).run;
    const post = (path: string, body: unknown) =>
      fetch(`${url}/api/v2${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${ws.token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    await proxy.stop();
    try {
      for (const [path, body] of [
        ["/runs/estimate", { repository: repo.id }],
        ["/runs", { repository: repo.id, maxPriceCents: 100_000 }],
        [`/runs/${queued.id}/cancel`, {}],
      ] as const) {
        const res = await post(path, body);
        assert.equal(res.status, 503, path);
        assert.equal(res.headers.get("retry-after"), "30");
        assert.equal((await json(res)).error.code, "rate_limit_unavailable");
      }
      const listed = await fetch(`${url}/api/v2/runs`, { headers: { authorization: `Bearer ${ws.token}` } });
      assert.equal(listed.status, 200);
      assert.deepEqual(
        (await json(listed)).items.map((r: { id: number; state: string }) => [r.id, r.state]),
        [[queued.id, "queued"]],
      );
      const transport = new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${ws.token}` } } });
      const client = new Client({ name: "rate-limit-test", version: "1.0.0" });
      await client.connect(transport);
      try {
        const viaMcp = await client.callTool({ name: "start_run", arguments: { repository: repo.id, maxPriceCents: 100_000 } });
        assert.equal(JSON.parse((viaMcp.content as Array<{ text: string }>)[0]!.text).error.code, "rate_limit_unavailable");
        assert.notEqual((await client.callTool({ name: "get_run", arguments: { run: queued.id } })).isError, true);
      } finally {
        await client.close();
      }
    } finally {
      await proxy.start();
    }
    assert.equal((await t.app.store.db.selectFrom("runs").select("id").where("workspace_id", "=", ws.id).execute()).length, 1);
    assert.equal(await balanceCents(t.app.store.db, ws.id), 100_000 - queued.priceCents);
  });
});
