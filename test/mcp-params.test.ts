// Malformed tools/call params (the JSON-RPC envelope, not a tool's arguments) answer -32602
// Invalid params with a short message, over raw JSON-RPC and through the official SDK client.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { json, startTestServer, type TestServer, type TestWorkspace } from "./harness.ts";
import { callTool, mcpClient } from "./mcp-client.ts";

let t: TestServer;
let ws: TestWorkspace;
before(async () => {
  t = await startTestServer();
  ws = await t.workspace();
});
after(() => t.close());

async function rpc(method: string, params: unknown): Promise<any> {
  const res = await t.request("/mcp", {
    method: "POST",
    token: ws.token,
    headers: { accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18" },
    json: { jsonrpc: "2.0", id: 7, method, ...(params === undefined ? {} : { params }) },
  });
  assert.equal(res.status, 200);
  return json(res);
}

for (const [what, params, field] of [
  ["no params", undefined, /params/],
  ["no name", { arguments: {} }, /name/],
  ["a name that is not a string", { name: 42, arguments: {} }, /name/],
  ["arguments that are not an object", { name: "get_me", arguments: "limit=5" }, /arguments/],
  ["arguments that are an array", { name: "list_members", arguments: [5] }, /arguments/],
] as const) {
  test(`tools/call with ${what} answers -32602 with a short message`, async () => {
    const body = await rpc("tools/call", params);
    assert.equal(body.id, 7);
    assert.equal(body.error.code, -32602, JSON.stringify(body));
    assert.match(body.error.message, field);
    // One sentence, not the validator's dump of issues.
    assert.ok(body.error.message.length < 120, body.error.message);
    assert.doesNotMatch(body.error.message, /[[{]/);
  });
}

test("params that are not an object fail JSON-RPC's own shape: the transport answers 400 with a JSON-RPC error", async () => {
  const res = await t.request("/mcp", {
    method: "POST",
    token: ws.token,
    headers: { accept: "application/json, text/event-stream" },
    json: { jsonrpc: "2.0", id: 7, method: "tools/call", params: "get_me" },
  });
  assert.equal(res.status, 400);
  assert.equal(typeof (await json(res)).error.code, "number");
});

test("well-formed raw tools/call still answers a result (no initialize needed on the stateless server)", async () => {
  const body = await rpc("tools/call", { name: "get_me" });
  assert.equal(body.result.isError, undefined);
  assert.equal(body.result.structuredContent.user.username, ws.username);
});

test("an unknown method answers -32601 Method not found", async () => {
  const body = await rpc("prompts/list", {});
  assert.equal(body.error.code, -32601);
});

test("through the SDK client, arguments that are not an object reject with InvalidParams", async () => {
  const client = await mcpClient(t.url, ws.token);
  try {
    await assert.rejects(
      client.request(
        { method: "tools/call", params: { name: "get_me", arguments: "x" as never } },
        (await import("@modelcontextprotocol/sdk/types.js")).CallToolResultSchema,
      ),
      (err: unknown) => err instanceof McpError && err.code === ErrorCode.InvalidParams && /arguments must be an object/.test(err.message),
    );
    // Wrong types inside the arguments are the tool's to report: an isError result the model can act on.
    const r = await callTool(client, "list_members", { limit: "many" });
    assert.equal(r.isError, true);
    assert.equal(r.body.error.code, "invalid_request");
  } finally {
    await client.close();
  }
});
