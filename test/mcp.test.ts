// The MCP server through the official SDK client: tools from the operation table, schemas,
// annotations, scope filtering, error results, and the HTTP edges of /mcp.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { operations } from "../src/operations/index.ts";
import { json, startTestServer, type TestServer, type TestWorkspace } from "./harness.ts";
import { callTool, mcpClient } from "./mcp-client.ts";

let t: TestServer;
let ws: TestWorkspace;
before(async () => { t = await startTestServer(); ws = await t.workspace(); });
after(() => t.close());

test("tools/list has one tool per MCP operation of the table, REST-only rows excluded", async () => {
  const client = await mcpClient(t.url, ws.token);
  try {
    const { tools } = await client.listTools();
    const expected = operations.filter((op) => op.mcp).map((op) => op.id).sort();
    assert.deepEqual(tools.map((x) => x.name).sort(), expected);
    for (const op of operations.filter((o) => !o.mcp)) assert.ok(!tools.some((x) => x.name === op.id), op.id);
    const members = tools.find((x) => x.name === "list_members")!;
    assert.equal(members.annotations?.readOnlyHint, true);
    assert.equal(members.inputSchema.type, "object");
    const limit = (members.inputSchema.properties as any).limit;
    assert.equal(limit.maximum, 100);
    assert.match(limit.description, /Page size/);
    assert.match(members.description ?? "", /user:read/);
  } finally { await client.close(); }
});

test("get_me answers the same body as REST", async () => {
  const client = await mcpClient(t.url, ws.token);
  try {
    const r = await callTool(client, "get_me");
    assert.equal(r.isError, false);
    const rest = await json(await t.request("/api/v2/me", { token: ws.token }));
    assert.deepEqual(r.body, rest);
  } finally { await client.close(); }
});

test("invalid arguments give an isError result with invalid_request and details.issues", async () => {
  const client = await mcpClient(t.url, ws.token);
  try {
    const r = await callTool(client, "list_members", { limit: 500 });
    assert.equal(r.isError, true);
    assert.equal(r.body.error.code, "invalid_request");
    assert.equal(r.body.error.details.issues[0].path, "limit");
    assert.match(r.body.requestId, /^req_/);
  } finally { await client.close(); }
});

test("a key with only user:read sees only the user:read tools", async () => {
  const m = await ws.member({ scopes: ["user:read"] });
  const client = await mcpClient(t.url, m.token);
  try {
    const { tools } = await client.listTools();
    const expected = operations.filter((op) => op.mcp && op.scopes.every((s) => s === "user:read")).map((op) => op.id).sort();
    assert.deepEqual(tools.map((x) => x.name).sort(), expected);
  } finally { await client.close(); }
});

test("an unknown tool gives an isError result", async () => {
  const client = await mcpClient(t.url, ws.token);
  try {
    const r = await callTool(client, "drop_tables");
    assert.equal(r.isError, true);
    assert.equal(r.body.error.code, "not_found");
  } finally { await client.close(); }
});

test("GET and DELETE /mcp answer 405 with Allow: POST (stateless server, no SSE stream)", async () => {
  for (const method of ["GET", "DELETE"]) {
    const res = await t.request("/mcp", { method, token: ws.token });
    assert.equal(res.status, 405);
    assert.equal(res.headers.get("allow"), "POST");
    assert.equal((await json(res)).error.code, "method_not_allowed");
  }
});

test("an MCP request carries X-Request-Id and the mcp bucket's rate-limit headers", async () => {
  const res = await t.request("/mcp", {
    method: "POST", token: ws.token,
    headers: { accept: "application/json, text/event-stream" },
    json: { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } },
  });
  assert.equal(res.status, 200);
  assert.match(res.headers.get("x-request-id") ?? "", /^req_/);
  assert.equal(res.headers.get("x-ratelimit-limit"), "1500");
});
