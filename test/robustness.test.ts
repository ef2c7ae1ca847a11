// Hostile input never makes the server answer 500 or crash: every operation of the table gets
// mangled paths, queries and bodies; each answer must be a 4xx in the spec's error body.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { operations } from "../src/server/operations.ts";
import { startTestServer, type TestServer, type TestWorkspace } from "./harness.ts";
import { fixtures } from "./fixtures/index.ts";

let t: TestServer;
let ws: TestWorkspace;
before(async () => {
  t = await startTestServer();
  ws = await t.workspace();
});
after(() => t.close());

const hostileValues = [
  "",
  " ",
  "%00",
  "\u0000",
  "../../etc/passwd",
  "a".repeat(5000),
  "😀".repeat(300),
  "-1",
  "1e309",
  "0x10",
  "9".repeat(40),
  "null",
  "true",
  "[]",
  "{}",
  "%E0%A4%A",
  "<script>",
  "' or 1=1 --",
  "\\",
  "/",
];
const hostileBodies: unknown[] = [
  null,
  [],
  "text",
  42,
  true,
  { __proto__: { polluted: 1 } },
  { constructor: { prototype: { x: 1 } } },
  { a: "b".repeat(10000) },
];

async function expectClientError(res: Response, what: string) {
  const text = await res.text();
  assert.ok(res.status < 500, `${what} → ${res.status} ${text.slice(0, 300)}`);
  if (res.status >= 400) {
    const body = JSON.parse(text);
    assert.equal(typeof body.error?.code, "string", what);
    assert.equal(body.requestId, res.headers.get("x-request-id"), what);
  }
}

test("mangled path parameters, query values and bodies answer 4xx, never 5xx", async () => {
  for (const op of operations) {
    const call = (await fixtures[op.id]?.(t, ws)) ?? {};
    const params = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    const fields = Object.keys(op.input.shape);
    for (const value of hostileValues) {
      let path = op.path;
      for (const p of params) path = path.replace(`{${p}}`, encodeURIComponent(value) || "%20");
      const query = new URLSearchParams();
      for (const f of fields) if (!params.includes(f)) query.append(f, value);
      const url = `/api/v2${path}?${query}`;
      const init: RequestInit = { method: op.method, headers: { authorization: `Bearer ${ws.token}` } };
      if (op.method !== "GET") {
        const body: Record<string, unknown> = {};
        for (const f of fields) body[f] = value;
        init.body = JSON.stringify(body);
        (init.headers as Record<string, string>)["content-type"] = "application/json";
      }
      await expectClientError(await t.request(url, init), `${op.method} ${url.slice(0, 120)}`);
    }
    // Repeated query parameters arrive as arrays.
    const repeated = new URLSearchParams();
    for (const f of fields) repeated.append(f, "1"), repeated.append(f, "2");
    let path = op.path;
    for (const p of params) path = path.replace(`{${p}}`, call.path?.[p] ?? "x");
    await expectClientError(await t.request(`/api/v2${path}?${repeated}`, { method: op.method, token: ws.token }), `${op.id} repeated params`);
    if (op.method !== "GET") {
      for (const body of hostileBodies) {
        await expectClientError(
          await t.request(`/api/v2${path}`, {
            method: op.method,
            token: ws.token,
            headers: { "content-type": "application/json" },
            body: JSON.stringify(body),
          }),
          `${op.id} body ${JSON.stringify(body).slice(0, 40)}`,
        );
      }
    }
  }
});

test("odd URLs and headers answer 4xx", async () => {
  for (const url of [
    "/api/v2/%",
    "/api/v2/me%00",
    "/api/v2//members",
    "/api/v2/members/../me",
    "/%2e%2e/api/v2/me",
    "/api/v2/me?" + "a=1&".repeat(2000),
    "/api/v2/" + "x/".repeat(500),
  ]) {
    await expectClientError(await t.request(url, { token: ws.token }), url.slice(0, 60));
  }
  await expectClientError(await t.request("/api/v2/me", { headers: { authorization: `Bearer ${"x".repeat(8000)}` } }), "huge token");
  await expectClientError(await t.request("/api/v2/me", { headers: { authorization: "Bearer svcp_ü" } }), "non-ascii token");
});

test("the server is still healthy afterwards", async () => {
  assert.equal((await t.request("/api/v2/me", { token: ws.token })).status, 200);
});

test("MCP tool calls with hostile arguments give results or isError, never a failed request", async () => {
  const { mcpClient } = await import("./mcp-client.ts");
  const client = await mcpClient(t.url, ws.token);
  try {
    for (const op of operations.filter((o) => o.mcp)) {
      const fields = Object.keys(op.input.shape);
      // biome-ignore lint/correctness/noPrecisionLoss: 1e309 is Infinity on purpose (a number JSON cannot carry).
      for (const value of [null, 42, -1, 1e309, "x".repeat(5000), ["a", "b"], { nested: { deep: true } }, "\u0000", true]) {
        const args: Record<string, unknown> = {};
        for (const f of fields) args[f] = value;
        const r = await client.callTool({ name: op.id, arguments: args });
        const text = (r.content as Array<{ text: string }>).at(-1)!.text;
        const body = JSON.parse(text);
        if (r.isError)
          assert.ok(
            ["invalid_request", "not_found", "conflict", "forbidden", "position_unavailable"].includes(body.error.code),
            `${op.id} ${JSON.stringify(value).slice(0, 30)}: ${text.slice(0, 200)}`,
          );
      }
    }
  } finally {
    await client.close();
  }
});
