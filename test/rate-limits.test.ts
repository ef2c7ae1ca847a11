// The spec's rate limits end to end (Limits → Rate limits): headers on every response, 429 with
// Retry-After and details.bucket, budgets per user across tokens and across REST and MCP, the ip
// budget before the token is checked, the mcp budget, bulk points, the shared limit, and
// CRS_RATE_LIMITS refusing to start when it cannot be read. Small limits come from CRS_RATE_LIMITS.
// The Redis-only parts (two servers, Redis going down) are in rate-limits-redis.test.ts; each
// bucket's own budget and window (findings:write, runs:*, documents) is covered in src/platform/limits tests.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { after, before, describe, test } from "node:test";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { json, startTestServer, type TestServer } from "./harness.ts";
import { loadConfig } from "../src/kernel/config.ts";
import { ConfigError } from "../src/kernel/config-values.ts";
import * as accounts from "../src/capabilities/identity/index.ts";
import { buildServer } from "../src/server/http.ts";
import { operations } from "../src/server/operations.ts";
import { operation } from "../src/kernel/operation.ts";

const run = promisify(execFile);

function limitHeaders(res: Response) {
  return {
    limit: res.headers.get("x-ratelimit-limit"),
    remaining: res.headers.get("x-ratelimit-remaining"),
    reset: Number(res.headers.get("x-ratelimit-reset")),
  };
}

function assertResetWithin(res: Response, windowSeconds: number) {
  const reset = Number(res.headers.get("x-ratelimit-reset"));
  assert.ok(Number.isInteger(reset) && reset >= 0 && reset <= windowSeconds, `X-RateLimit-Reset ${reset} within ${windowSeconds}s`);
}

async function assertRateLimited(res: Response, bucket: string, windowSeconds: number, remaining = "0") {
  assert.equal(res.status, 429);
  const body = await json(res);
  assert.equal(body.error.code, "rate_limited");
  assert.equal(body.error.details.bucket, bucket);
  assert.equal(body.requestId, res.headers.get("x-request-id"));
  const retry = Number(res.headers.get("retry-after"));
  assert.ok(Number.isInteger(retry) && retry >= 1 && retry <= windowSeconds, `Retry-After ${retry}`);
  assert.equal(res.headers.get("x-ratelimit-remaining"), remaining);
}

/** The official MCP client over Streamable HTTP, keeping the last HTTP response for its headers. */
async function mcpClient(url: string, token: string) {
  const seen: { last?: Response } = {};
  const transport = new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
    fetch: async (input, init) => (seen.last = await fetch(input, init)),
  });
  const client = new Client({ name: "rate-limit-test", version: "1.0.0" });
  await client.connect(transport);
  return {
    seen,
    async call(name: string, args: Record<string, unknown> = {}) {
      const result = await client.callTool({ name, arguments: args });
      const text = (result.content as Array<{ type: string; text: string }>).at(-1)!.text;
      return { isError: result.isError === true, body: result.structuredContent ?? JSON.parse(text), response: seen.last! };
    },
    close: () => client.close(),
  };
}

/** A raw JSON-RPC POST to /mcp (to see the HTTP status of a refused MCP request). */
function mcpPost(t: TestServer, token: string | undefined, method = "tools/list") {
  return t.request("/mcp", {
    method: "POST",
    ...(token ? { token } : {}),
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: {} }),
  });
}

describe("reads bucket (reads=3/1m)", () => {
  let t: TestServer;
  before(async () => {
    t = await startTestServer({ env: { CRS_RATE_LIMITS: "reads=3/1m" } });
  });
  after(() => t.close());

  test("GET /me reports the reads bucket: limit 3, remaining 2, 1, 0, reset within the minute", async () => {
    const ws = await t.workspace();
    for (const remaining of ["2", "1", "0"]) {
      const res = await t.request("/api/v2/me", { token: ws.token });
      assert.equal(res.status, 200);
      assert.equal(limitHeaders(res).limit, "3");
      assert.equal(limitHeaders(res).remaining, remaining);
      assertResetWithin(res, 60);
    }
  });

  test("429 rate_limited with Retry-After and details.bucket reads once the budget is used up", async () => {
    const ws = await t.workspace();
    for (let i = 0; i < 3; i++) assert.equal((await t.request("/api/v2/me", { token: ws.token })).status, 200);
    const refused = await t.request("/api/v2/me", { token: ws.token });
    await assertRateLimited(refused, "reads", 60);
    assert.equal(limitHeaders(refused).limit, "3");
    // Another read operation draws on the same bucket.
    await assertRateLimited(await t.request("/api/v2/members", { token: ws.token }), "reads", 60);
  });

  test("counted per user across two tokens of the same user", async () => {
    const ws = await t.workspace();
    const second = await accounts.createApiKey(t.app.store, { workspaceId: ws.id, userId: ws.userId, scopes: ["user:read"], name: "second" });
    assert.equal(limitHeaders(await t.request("/api/v2/me", { token: ws.token })).remaining, "2");
    assert.equal(limitHeaders(await t.request("/api/v2/me", { token: second.token })).remaining, "1");
    assert.equal(limitHeaders(await t.request("/api/v2/me", { token: ws.token })).remaining, "0");
    await assertRateLimited(await t.request("/api/v2/me", { token: second.token }), "reads", 60);
  });

  test("counted per user across REST and MCP (official MCP client)", async () => {
    const ws = await t.workspace();
    const mcp = await mcpClient(t.url, ws.token);
    try {
      assert.equal(limitHeaders(await t.request("/api/v2/me", { token: ws.token })).remaining, "2");
      const viaMcp = await mcp.call("get_me");
      assert.equal(viaMcp.isError, false);
      assert.equal(viaMcp.body.user.id, ws.userId);
      // The MCP response reports the tool's bucket once the tool was charged.
      assert.equal(limitHeaders(viaMcp.response).limit, "3");
      assert.equal(limitHeaders(viaMcp.response).remaining, "1");
      assert.equal(limitHeaders(await t.request("/api/v2/me", { token: ws.token })).remaining, "0");
      const refused = await mcp.call("get_me");
      assert.equal(refused.isError, true);
      assert.equal(refused.body.error.code, "rate_limited");
      assert.equal(refused.body.error.details.bucket, "reads");
      assert.equal(limitHeaders(refused.response).remaining, "0");
      await assertRateLimited(await t.request("/api/v2/me", { token: ws.token }), "reads", 60);
    } finally {
      await mcp.close();
    }
  });

  test("a rate-limited MCP tool call carries the retry hint in details.retryAfterSeconds, equal to Retry-After", async () => {
    const ws = await t.workspace();
    const mcp = await mcpClient(t.url, ws.token);
    try {
      for (let i = 0; i < 3; i++) assert.equal((await mcp.call("get_me")).isError, false);
      const refused = await mcp.call("get_me");
      assert.equal(refused.body.error.code, "rate_limited");
      const retry = refused.body.error.details.retryAfterSeconds;
      assert.ok(Number.isInteger(retry) && retry >= 1 && retry <= 60, `retryAfterSeconds ${retry}`);
      const rest = await t.request("/api/v2/me", { token: ws.token });
      assert.ok(Math.abs(Number(rest.headers.get("retry-after")) - retry) <= 1);
    } finally {
      await mcp.close();
    }
  });

  test("not shared between two users of the same workspace", async () => {
    const ws = await t.workspace();
    const other = await ws.member();
    for (let i = 0; i < 3; i++) await t.request("/api/v2/me", { token: ws.token });
    await assertRateLimited(await t.request("/api/v2/me", { token: ws.token }), "reads", 60);
    const res = await t.request("/api/v2/me", { token: other.token });
    assert.equal(res.status, 200);
    assert.equal(limitHeaders(res).remaining, "2");
  });

  test("error responses carry the headers of the bucket charged so far (ip before the operation's)", async () => {
    const ws = await t.workspace({ scopes: ["repos:read"] });
    const full = await t.workspace();
    const cases: Array<[string, Response, number]> = [
      ["no token", await t.request("/api/v2/me"), 401],
      ["missing scope", await t.request("/api/v2/me", { token: ws.token }), 403],
      ["unknown path", await t.request("/api/v2/nope", { token: ws.token }), 404],
      ["wrong method", await t.request("/api/v2/me", { method: "DELETE", token: ws.token }), 405],
      ["bad input", await t.request("/api/v2/members?limit=0", { token: full.token }), 400],
    ];
    for (const [name, res, status] of cases) {
      assert.equal(res.status, status, name);
      assert.equal(res.headers.get("x-ratelimit-limit"), "3000", `${name}: the ip bucket`);
      assert.match(res.headers.get("x-ratelimit-remaining") ?? "", /^\d+$/, name);
      assertResetWithin(res, 60);
    }
  });
});

describe("ip bucket (ip=3/1m)", () => {
  let t: TestServer;
  before(async () => {
    t = await startTestServer({ env: { CRS_RATE_LIMITS: "ip=3/1m", CRS_TRUST_PROXY: "on" } });
  });
  after(() => t.close());

  test("refuses before the token is checked, with or without a token, on REST and MCP", async () => {
    const ws = await t.workspace();
    const from = { "x-forwarded-for": "203.0.113.7" };
    const first = await t.request("/api/v2/me", { headers: from });
    assert.equal(first.status, 401);
    assert.deepEqual([limitHeaders(first).limit, limitHeaders(first).remaining], ["3", "2"]);
    assert.equal((await t.request("/api/v2/me", { token: ws.token, headers: from })).status, 200);
    const third = await t.request("/api/v2/nope", { headers: from });
    assert.equal(third.status, 404);
    assert.equal(limitHeaders(third).remaining, "0");
    await assertRateLimited(await t.request("/api/v2/me", { headers: from }), "ip", 60);
    await assertRateLimited(await t.request("/api/v2/me", { token: ws.token, headers: from }), "ip", 60);
    await assertRateLimited(await t.request("/api/v2/me", { token: "svcp_not-even-a-token", headers: from }), "ip", 60);
    await assertRateLimited(
      await t.request("/mcp", { method: "POST", token: ws.token, headers: { ...from, "content-type": "application/json" }, body: "{}" }),
      "ip",
      60,
    );
  });

  test("counted per address: another address keeps its own budget", async () => {
    const ws = await t.workspace();
    for (let i = 0; i < 3; i++) await t.request("/api/v2/me", { headers: { "x-forwarded-for": "203.0.113.8" } });
    await assertRateLimited(await t.request("/api/v2/me", { token: ws.token, headers: { "x-forwarded-for": "203.0.113.8" } }), "ip", 60);
    const other = await t.request("/api/v2/me", { token: ws.token, headers: { "x-forwarded-for": "203.0.113.9" } });
    assert.equal(other.status, 200);
  });

  test("bodies the server refuses (413, 415) still count against the address", async () => {
    const ws = await t.workspace();
    const from = { "x-forwarded-for": "203.0.113.10" };
    const unsupported = await t.request("/mcp", { method: "POST", token: ws.token, headers: { ...from, "content-type": "text/plain" }, body: "hi" });
    assert.equal(unsupported.status, 415);
    assert.equal(limitHeaders(unsupported).remaining, "2");
    const big = await t.request("/mcp", {
      method: "POST",
      token: ws.token,
      headers: { ...from, "content-type": "application/json" },
      body: JSON.stringify({ x: "a".repeat(1024 * 1024) }),
    });
    assert.equal(big.status, 413);
    assert.equal(limitHeaders(big).remaining, "1");
  });
});

describe("mcp bucket (mcp=2/1m)", () => {
  let t: TestServer;
  before(async () => {
    t = await startTestServer({ env: { CRS_RATE_LIMITS: "mcp=2/1m" } });
  });
  after(() => t.close());

  test("every authenticated MCP request counts; the third is 429 with details.bucket mcp", async () => {
    const ws = await t.workspace();
    const one = await mcpPost(t, ws.token);
    assert.equal(one.status, 200);
    assert.deepEqual([limitHeaders(one).limit, limitHeaders(one).remaining], ["2", "1"]);
    assertResetWithin(one, 60);
    assert.equal(limitHeaders(await mcpPost(t, ws.token)).remaining, "0");
    await assertRateLimited(await mcpPost(t, ws.token), "mcp", 60);
    // REST is not an MCP request: the same user still reads.
    assert.equal((await t.request("/api/v2/me", { token: ws.token })).status, 200);
  });

  test("unauthenticated MCP requests do not use a user's mcp budget, and users do not share it", async () => {
    const ws = await t.workspace();
    const other = await ws.member();
    const anonymous = await mcpPost(t, undefined);
    assert.equal(anonymous.status, 401);
    assert.equal(limitHeaders(anonymous).limit, "3000");
    await mcpPost(t, other.token);
    await mcpPost(t, other.token);
    await assertRateLimited(await mcpPost(t, other.token), "mcp", 60);
    const mine = await mcpPost(t, ws.token);
    assert.equal(mine.status, 200);
    assert.equal(limitHeaders(mine).remaining, "1");
  });
});

// Test-only operations standing in for the write operations to come: a bulk change charged once
// per item, and a document-style action that also charges the shared limit. Handlers record
// what they did, so a refused request can be seen to have done nothing.
const done: string[] = [];
const bulkWrite = operation({
  id: "test_bulk_write",
  method: "POST",
  path: "/test/bulk",
  summary: "Test bulk change",
  description: "Test only.",
  scopes: ["findings:write"],
  bucket: "findings:write",
  points: (input) => input.items.length,
  mcp: true,
  readOnly: false,
  input: z.object({ items: z.array(z.string().describe("an item")).min(1).max(100).describe("items to change") }),
  output: z.object({ changed: z.number().describe("items changed") }),
  handler: async (_ctx, input) => (done.push(...input.items), { changed: input.items.length }),
});
const documentAction = operation({
  id: "test_document",
  method: "POST",
  path: "/test/document",
  summary: "Test document action",
  description: "Test only.",
  scopes: ["runs:write"],
  bucket: "documents",
  alsoCharges: ["shared"],
  mcp: true,
  readOnly: false,
  input: z.object({ name: z.string().describe("a name") }),
  output: z.object({ ok: z.boolean().describe("done") }),
  handler: async (_ctx, input) => (done.push(input.name), { ok: true }),
});

describe("write buckets through the pipeline (findings:write=5/1m, documents=10/1m, shared=2/1m)", () => {
  let t: TestServer;
  let server: FastifyInstance;
  let url: string;
  before(async () => {
    t = await startTestServer({ env: { CRS_RATE_LIMITS: "findings:write=5/1m,documents=10/1m,shared=2/1m" } });
    server = await buildServer(t.app, { operations: [...operations, bulkWrite, documentAction] });
    url = await server.listen({ port: 0, host: "127.0.0.1" });
  });
  after(async () => {
    await server.close();
    await t.close();
  });
  const post = (path: string, token: string, body: unknown) =>
    fetch(`${url}/api/v2${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  test("a bulk change counts once per item; a refused one changes nothing and its 429 reports the budget left", async () => {
    const ws = await t.workspace();
    const first = await post("/test/bulk", ws.token, { items: ["a1", "a2", "a3"] });
    assert.equal(first.status, 200);
    assert.deepEqual([limitHeaders(first).limit, limitHeaders(first).remaining], ["5", "2"]);
    await assertRateLimited(await post("/test/bulk", ws.token, { items: ["b1", "b2", "b3"] }), "findings:write", 60, "2");
    assert.equal(
      done.some((d) => d.startsWith("b")),
      false,
    );
    const fits = await post("/test/bulk", ws.token, { items: ["c1", "c2"] });
    assert.equal(fits.status, 200);
    assert.equal(limitHeaders(fits).remaining, "0");
  });

  test("document actions also draw on the shared limit; refused by it, nothing is done", async () => {
    const ws = await t.workspace();
    const mcp = await mcpClient(url, ws.token);
    try {
      const one = await post("/test/document", ws.token, { name: "d1" });
      assert.equal(one.status, 200);
      assert.deepEqual([limitHeaders(one).limit, limitHeaders(one).remaining], ["10", "9"]);
      const two = await mcp.call("test_document", { name: "d2" });
      assert.equal(two.isError, false);
      await assertRateLimited(await post("/test/document", ws.token, { name: "d3" }), "shared", 60);
      const viaMcp = await mcp.call("test_document", { name: "d4" });
      assert.equal(viaMcp.body.error.code, "rate_limited");
      assert.equal(viaMcp.body.error.details.bucket, "shared");
      assert.deepEqual(
        done.filter((d) => d.startsWith("d")),
        ["d1", "d2"],
      );
    } finally {
      await mcp.close();
    }
  });
});

describe("CRS_RATE_LIMITS that cannot be read", () => {
  test("the configuration is refused with a message naming the entry", () => {
    for (const [spec, words] of [
      ["reads=5/1m,bogus=1/1m", /unknown bucket "bogus"/],
      ["reads=0/1m", /count must be/],
      ["reads=5", /cannot parse "reads=5"/],
    ] as const) {
      assert.throws(
        () => loadConfig({ CRS_RATE_LIMITS: spec }),
        (err: unknown) => err instanceof ConfigError && words.test(err.message),
        spec,
      );
    }
  });

  test("crs serve stops at start with a clear message and exit status 2", async () => {
    const bin = new URL("../bin/crs.js", import.meta.url).pathname;
    const failed = await run(process.execPath, [bin, "serve"], {
      env: { ...process.env, CRS_RATE_LIMITS: "reads=5/1m,runs:write=two/1h", PORT: "0", CRS_DATA_DIR: "/nonexistent/never-created" },
    }).then(
      () => assert.fail("crs serve started"),
      (err: { code: number; stderr: string; stdout: string }) => err,
    );
    assert.equal(failed.code, 2);
    assert.match(failed.stderr, /^crs serve: CRS_RATE_LIMITS: cannot parse "runs:write=two\/1h"/);
    assert.doesNotMatch(failed.stderr, /at \w+ \(/, "no stack trace");
    assert.equal(failed.stdout, "");
  });
});

describe("oauth:register bucket (oauth:register=2/1h)", () => {
  let t: TestServer;
  before(async () => {
    t = await startTestServer({ env: { CRS_RATE_LIMITS: "oauth:register=2/1h", CRS_TRUST_PROXY: "on" } });
  });
  after(() => t.close());
  const register = (from: string) =>
    fetch(`${t.url}/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": from },
      body: JSON.stringify({ client_name: `from ${from}`, redirect_uris: ["http://127.0.0.1:4000/cb"] }),
    });
  test("registrations have their own budget per address: past it 429 with Retry-After, nothing registered", async () => {
    const first = await register("203.0.113.20");
    assert.equal(first.status, 201);
    assert.deepEqual([limitHeaders(first).limit, limitHeaders(first).remaining], ["2", "1"]);
    assert.equal((await register("203.0.113.20")).status, 201);
    const refused = await register("203.0.113.20");
    assert.equal(refused.status, 429);
    const retry = Number(refused.headers.get("retry-after"));
    assert.ok(retry > 60 && retry <= 3600, `Retry-After ${retry} within the hour`);
    assert.equal((await json(refused)).error, "invalid_request");
    const kept = await t.app.store.db.selectFrom("oauth_clients").select("id").where("name", "=", "from 203.0.113.20").execute();
    assert.equal(kept.length, 2);
    assert.equal((await register("203.0.113.21")).status, 201, "another address has its own budget");
  });
});
