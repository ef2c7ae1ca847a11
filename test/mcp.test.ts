// The MCP server through the official SDK client: tools from the operation table, schemas,
// annotations, scope filtering, error results, and the HTTP edges of /mcp.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { Ajv2020 } from "ajv/dist/2020.js";
import { operations } from "../src/server/operations.ts";
import { json, startTestServer, type TestServer, type TestWorkspace } from "./harness.ts";
import { callTool, mcpClient } from "./mcp-client.ts";

let t: TestServer;
let ws: TestWorkspace;
before(async () => {
  t = await startTestServer();
  ws = await t.workspace();
});
after(() => t.close());

test("tools/list has one tool per MCP operation of the table, REST-only rows excluded", async () => {
  const client = await mcpClient(t.url, ws.token);
  try {
    const { tools } = await client.listTools();
    const expected = operations
      .filter((op) => op.mcp)
      .map((op) => op.id)
      .sort();
    assert.deepEqual(tools.map((x) => x.name).sort(), expected);
    for (const op of operations.filter((o) => !o.mcp)) assert.ok(!tools.some((x) => x.name === op.id), op.id);
    const members = tools.find((x) => x.name === "list_members")!;
    assert.equal(members.annotations?.readOnlyHint, true);
    assert.equal(members.inputSchema.type, "object");
    const limit = (members.inputSchema.properties as any).limit;
    assert.equal(limit.maximum, 100);
    assert.match(limit.description, /Page size/);
    assert.match(members.description ?? "", /user:read/);
  } finally {
    await client.close();
  }
});

test("get_me answers the same body as REST", async () => {
  const client = await mcpClient(t.url, ws.token);
  try {
    const r = await callTool(client, "get_me");
    assert.equal(r.isError, false);
    const rest = await json(await t.request("/api/v2/me", { token: ws.token }));
    assert.deepEqual(r.body, rest);
  } finally {
    await client.close();
  }
});

test("invalid arguments give an isError result with invalid_request and details.issues", async () => {
  const client = await mcpClient(t.url, ws.token);
  try {
    const r = await callTool(client, "list_members", { limit: 500 });
    assert.equal(r.isError, true);
    assert.equal(r.body.error.code, "invalid_request");
    assert.equal(r.body.error.details.issues[0].path, "limit");
    assert.match(r.body.requestId, /^req_/);
  } finally {
    await client.close();
  }
});

test("a key with only user:read sees only the user:read tools", async () => {
  const m = await ws.member({ scopes: ["user:read"] });
  const client = await mcpClient(t.url, m.token);
  try {
    const { tools } = await client.listTools();
    const expected = operations
      .filter((op) => op.mcp && op.scopes.every((s) => s === "user:read"))
      .map((op) => op.id)
      .sort();
    assert.deepEqual(tools.map((x) => x.name).sort(), expected);
  } finally {
    await client.close();
  }
});

test("an unknown tool gives an isError result", async () => {
  const client = await mcpClient(t.url, ws.token);
  try {
    const r = await callTool(client, "drop_tables");
    assert.equal(r.isError, true);
    assert.equal(r.body.error.code, "not_found");
  } finally {
    await client.close();
  }
});

test("invalid JSON and an empty body on /mcp answer a JSON-RPC -32700 parse error", async () => {
  for (const body of ["{not json", ""]) {
    const res = await t.request("/mcp", {
      method: "POST",
      token: ws.token,
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body,
    });
    assert.equal(res.status, 400);
    const reply = await json(res);
    assert.equal(reply.jsonrpc, "2.0");
    assert.equal(reply.id, null);
    assert.equal(reply.error.code, -32700);
    assert.equal(typeof reply.error.message, "string");
    assert.ok(res.headers.get("x-request-id"));
  }
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
    method: "POST",
    token: ws.token,
    headers: { accept: "application/json, text/event-stream" },
    json: {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
    },
  });
  assert.equal(res.status, 200);
  assert.match(res.headers.get("x-request-id") ?? "", /^req_/);
  assert.equal(res.headers.get("x-ratelimit-limit"), "1500");
});

test("tools/list for a token with every scope fits in 40,960 bytes of JSON and uses no $ref", async () => {
  const client = await mcpClient(t.url, ws.token);
  try {
    const listed = await client.listTools();
    assert.equal(listed.tools.length, operations.filter((op) => op.mcp).length);
    const text = JSON.stringify(listed);
    assert.ok(text.length <= 40_960, `tools/list is ${text.length} bytes`);
    assert.ok(!text.includes("$ref"));
    // Each tool still tells an agent the fields of its result.
    const run = listed.tools.find((x) => x.name === "get_run")!;
    assert.ok(["id", "state", "stages"].every((k) => k in (run.outputSchema!.properties as object)));
  } finally {
    await client.close();
  }
});

test("tools/list follows the token's scopes exactly, in the table's order, for several scope sets", async () => {
  for (const scopes of [["findings:read"], ["runs:read", "findings:read"], ["runs:write", "runs:manage"], ["repos:read", "user:read"]] as const) {
    const m = await ws.member({ scopes: [...scopes] });
    const client = await mcpClient(t.url, m.token);
    try {
      const { tools } = await client.listTools();
      const expected = operations.filter((op) => op.mcp && op.scopes.every((s) => (scopes as readonly string[]).includes(s))).map((op) => op.id);
      assert.deepEqual(
        tools.map((x) => x.name),
        expected,
        scopes.join(","),
      );
    } finally {
      await client.close();
    }
  }
});

test("annotations are true to each tool: reads, destructive archive and cancel, idempotent changes, closed world", async () => {
  const client = await mcpClient(t.url, ws.token);
  try {
    const { tools } = await client.listTools();
    const a = (name: string) => tools.find((x) => x.name === name)!.annotations!;
    assert.deepEqual(a("get_finding"), { title: "Get a finding", readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    assert.equal(a("cancel_run").destructiveHint, true);
    assert.equal(a("archive_document").destructiveHint, true);
    assert.equal(a("start_run").idempotentHint, false);
    assert.equal(a("start_run").readOnlyHint, false);
    assert.equal(a("update_findings").idempotentHint, true);
    assert.equal(a("comment_on_finding").idempotentHint, false);
    assert.ok(tools.every((x) => x.annotations?.openWorldHint === false && x.outputSchema?.type === "object"));
  } finally {
    await client.close();
  }
});

test("results carry structured content valid against the tool's output schema, the JSON, and a summary that says how to page", async () => {
  const ajv = new Ajv2020({ strict: false });
  const client = await mcpClient(t.url, ws.token);
  try {
    const { tools } = await client.listTools();
    for (const [name, args] of [
      ["get_me", {}],
      ["list_members", { limit: 1 }],
      ["list_runs", {}],
      ["list_findings", {}],
      ["list_documents", {}],
    ] as const) {
      const r = await client.callTool({ name, arguments: args });
      assert.notEqual(r.isError, true, name);
      const validate = ajv.compile(tools.find((x) => x.name === name)!.outputSchema!);
      assert.ok(validate(r.structuredContent), `${name}: ${JSON.stringify(validate.errors)}`);
      const [summary, full] = r.content as Array<{ text: string }>;
      assert.deepEqual(JSON.parse(full!.text), r.structuredContent);
      if (name === "list_members") {
        await ws.member();
        const paged = await client.callTool({ name, arguments: { limit: 1 } });
        const cursor = (paged.structuredContent as { nextCursor: string }).nextCursor;
        assert.match((paged.content as Array<{ text: string }>)[0]!.text, new RegExp(`cursor "${cursor}"`));
      } else assert.ok(summary!.text.length > 0 && summary!.text.length < 400, summary!.text);
    }
  } finally {
    await client.close();
  }
});
