// The shared security suite: every operation of the table, over REST and (where it is a tool) MCP,
// against no header, a malformed header, a bad token, a revoked token, a suspended user, a removed
// membership, each missing scope and another workspace's id. It grows with the table.
import assert from "node:assert/strict";
import { Ajv2020 } from "ajv/dist/2020.js";
import { after, before, describe, test } from "node:test";
import { operations } from "../src/server/operations.ts";
import type { Operation } from "../src/kernel/operation.ts";
import * as accounts from "../src/capabilities/identity/index.ts";
import { scopes as allScopes, type Scope } from "../src/kernel/scopes.ts";
import { startTestServer, type TestServer, type TestWorkspace, expectError as expectErrorBody } from "./harness.ts";
import { fixtures, fixturesByCapability } from "./fixtures/index.ts";
import { capabilities } from "../src/server/capabilities.ts";
import type { Call } from "./fixtures/types.ts";
import { callTool, mcpClient } from "./mcp-client.ts";

let t: TestServer;
before(async () => {
  t = await startTestServer();
});
const ajv = new Ajv2020({ strict: false });
after(() => t.close());

function restRequest(op: Operation, call: Call): { path: string; init: RequestInit } {
  let path = "/api/v2" + op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(call.path?.[name] ?? "x"));
  const query = new URLSearchParams(call.query ?? {}).toString();
  if (query) path += `?${query}`;
  const init: RequestInit = { method: op.method };
  if (call.body !== undefined) (init.body = JSON.stringify(call.body)), (init.headers = { "content-type": "application/json" });
  return { path, init };
}

async function send(op: Operation, call: Call, authorization?: string): Promise<Response> {
  const { path, init } = restRequest(op, call);
  const headers = new Headers(init.headers);
  if (authorization !== undefined) headers.set("authorization", authorization);
  return t.request(path, { ...init, headers });
}

function mcpArgs(call: Call): Record<string, unknown> {
  return { ...call.path, ...call.query, ...(call.body as object | undefined) };
}

/** The shared check, and the request id in the body matches the X-Request-Id header. */
async function expectError(res: Response, status: number, code: string): Promise<any> {
  const body = await expectErrorBody(res, status, code);
  assert.equal(body.requestId, res.headers.get("x-request-id"));
  return body;
}

test("every operation of the table has a security fixture", () => {
  const missing = operations.filter((op) => !fixtures[op.id]).map((op) => op.id);
  assert.deepEqual(missing, []);
});

test("each capability's manifest names the fixtures of exactly its own operations", () => {
  for (const c of capabilities) {
    assert.deepEqual(Object.keys(fixturesByCapability[c.name] ?? {}).sort(), c.operations.map((op) => op.id).sort(), c.name);
  }
});

for (const op of operations) {
  const fixture = fixtures[op.id];
  if (!fixture) continue;
  describe(`${op.method} ${op.path} (${op.id})`, () => {
    let ws: TestWorkspace;
    before(async () => {
      ws = await t.workspace();
    });

    test("succeeds with a token that has its scopes", async () => {
      const res = await send(op, await fixture(t, ws), `Bearer ${ws.token}`);
      assert.ok(res.status >= 200 && res.status < 300, `${res.status} ${await res.text()}`);
    });
    test("401 without an Authorization header", async () => {
      const res = await send(op, await fixture(t, ws));
      await expectError(res, 401, "unauthenticated");
      assert.doesNotMatch(res.headers.get("www-authenticate") ?? "", /error=/);
    });
    test("400 for a malformed Authorization header", async () => {
      const body = await expectError(await send(op, await fixture(t, ws), `Token ${ws.token}`), 400, "invalid_request");
      assert.equal(body.error.details.field, "Authorization");
    });
    test("401 invalid_token for an unknown token", async () => {
      const res = await send(op, await fixture(t, ws), "Bearer svcp_doesnotexist");
      await expectError(res, 401, "unauthenticated");
      assert.match(res.headers.get("www-authenticate") ?? "", /error="invalid_token"/);
    });
    test("401 for a revoked key, a suspended user and a removed membership", async () => {
      const revoked = await ws.member();
      await accounts.revokeApiKey(t.app.store, revoked.keyId);
      const suspended = await ws.member();
      await accounts.setSuspended(t.app.store, suspended.userId, true);
      const removed = await ws.member();
      await accounts.removeMember(t.app.store, ws.id, removed.userId);
      for (const who of [revoked, suspended, removed]) {
        const res = await send(op, await fixture(t, ws), `Bearer ${who.token}`);
        await expectError(res, 401, "unauthenticated");
        assert.match(res.headers.get("www-authenticate") ?? "", /error="invalid_token"/);
      }
    });
    for (const scope of op.scopes) {
      test(`403 insufficient_scope without ${scope}`, async () => {
        const partial = await ws.member({ scopes: allScopes.filter((s) => s !== scope) as Scope[] });
        const res = await send(op, await fixture(t, ws), `Bearer ${partial.token}`);
        const body = await expectError(res, 403, "insufficient_scope");
        assert.deepEqual(body.error.details.required, op.scopes);
        assert.match(res.headers.get("www-authenticate") ?? "", new RegExp(`scope="${op.scopes.join(" ")}"`));
      });
    }
    test("404 for another workspace's resource", async (c) => {
      const call = await fixture(t, ws);
      if (!call.addressesResource) return c.skip("does not address a single resource");
      const other = await t.workspace();
      await expectError(await send(op, call, `Bearer ${other.token}`), 404, "not_found");
    });

    if (op.mcp) {
      test("MCP: the tool is listed and answers for a token with its scopes, valid against its output schema", async () => {
        const client = await mcpClient(t.url, ws.token);
        try {
          const { tools } = await client.listTools();
          const tool = tools.find((x) => x.name === op.id);
          assert.ok(tool);
          const r = await callTool(client, op.id, mcpArgs(await fixture(t, ws)));
          assert.equal(r.isError, false, JSON.stringify(r.body));
          const validate = ajv.compile(tool.outputSchema!);
          assert.ok(validate(r.body), JSON.stringify(validate.errors));
        } finally {
          await client.close();
        }
      });
      test("MCP: hidden and refused with 403 insufficient_scope for a token without its scopes", async () => {
        const partial = await ws.member({ scopes: allScopes.filter((s) => !op.scopes.includes(s)) as Scope[] });
        const client = await mcpClient(t.url, partial.token);
        try {
          const { tools } = await client.listTools();
          assert.ok(!tools.some((tool) => tool.name === op.id));
          const r = await callTool(client, op.id, mcpArgs(await fixture(t, ws)));
          assert.equal(r.isError, true);
          assert.equal(r.body.error.code, "insufficient_scope");
          assert.deepEqual(r.body.error.details.required, op.scopes);
        } finally {
          await client.close();
        }
      });
      test("MCP: 401 for a revoked key and for no token", async () => {
        const revoked = await ws.member();
        await accounts.revokeApiKey(t.app.store, revoked.keyId);
        const init = {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
        };
        await expectError(await t.request("/mcp", init), 401, "unauthenticated");
        await expectError(await t.request("/mcp", { ...init, token: revoked.token }), 401, "unauthenticated");
      });
      test("MCP: 404 for another workspace's resource", async (c) => {
        const call = await fixture(t, ws);
        if (!call.addressesResource) return c.skip("does not address a single resource");
        const other = await t.workspace();
        const client = await mcpClient(t.url, other.token);
        try {
          const r = await callTool(client, op.id, mcpArgs(call));
          assert.equal(r.isError, true);
          assert.equal(r.body.error.code, "not_found");
        } finally {
          await client.close();
        }
      });
    }
  });
}
