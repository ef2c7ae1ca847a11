// Browser-based clients (the MCP Inspector's web UI, a dashboard on another origin) reach the
// bearer-token surfaces across origins; the cookie-authenticated app pages stay same-origin only.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { loadConfig } from "../src/kernel/config.ts";
import { json, startTestServer, type TestServer, type TestWorkspace } from "./harness.ts";

const initialize = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "browser", version: "1" } },
};
const mcpHeaders = (origin: string) => ({ origin, accept: "application/json, text/event-stream" });

describe("any origin (the default)", () => {
  let t: TestServer;
  let ws: TestWorkspace;
  before(async () => {
    t = await startTestServer();
    ws = await t.workspace();
  });
  after(() => t.close());

  test("a preflight for /mcp is answered 204 with the methods and headers an MCP client sends", async () => {
    const res = await t.request("/mcp", {
      method: "OPTIONS",
      headers: {
        origin: "http://localhost:6274",
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, content-type, mcp-protocol-version",
      },
    });
    assert.equal(res.status, 204);
    assert.equal(res.headers.get("access-control-allow-origin"), "*");
    assert.match(res.headers.get("access-control-allow-methods") ?? "", /POST/);
    for (const h of ["Authorization", "Content-Type", "Mcp-Protocol-Version", "Mcp-Session-Id"]) {
      assert.match(res.headers.get("access-control-allow-headers") ?? "", new RegExp(h));
    }
    assert.equal(res.headers.get("x-ratelimit-limit"), null, "a preflight does not count against the ip budget");
  });

  test("MCP answers, and its 401 challenge, are readable cross-origin (WWW-Authenticate exposed)", async () => {
    const ok = await t.request("/mcp", { method: "POST", token: ws.token, headers: mcpHeaders("http://localhost:6274"), json: initialize });
    assert.equal(ok.status, 200);
    assert.equal(ok.headers.get("access-control-allow-origin"), "*");
    assert.match(ok.headers.get("access-control-expose-headers") ?? "", /X-RateLimit-Remaining/);
    const denied = await t.request("/mcp", { method: "POST", headers: mcpHeaders("http://localhost:6274"), json: initialize });
    assert.equal(denied.status, 401);
    assert.equal(denied.headers.get("access-control-allow-origin"), "*");
    assert.match(denied.headers.get("access-control-expose-headers") ?? "", /WWW-Authenticate/);
    assert.match(denied.headers.get("www-authenticate") ?? "", /resource_metadata=/);
  });

  test("REST, OAuth discovery and the token endpoint allow any origin; the app's pages allow none", async () => {
    const origin = { origin: "https://dashboard.example.com" };
    assert.equal((await t.request("/api/v2/me", { token: ws.token, headers: origin })).headers.get("access-control-allow-origin"), "*");
    assert.equal((await t.request("/.well-known/oauth-authorization-server", { headers: origin })).headers.get("access-control-allow-origin"), "*");
    const token = await t.request("/oauth/token", { method: "OPTIONS", headers: { ...origin, "access-control-request-method": "POST" } });
    assert.equal(token.status, 204);
    const page = await t.request("/app/sign-in", { headers: origin });
    assert.equal(page.status, 200);
    assert.equal(page.headers.get("access-control-allow-origin"), null);
    const preflight = await t.request("/app/sign-in", { method: "OPTIONS", headers: { ...origin, "access-control-request-method": "POST" } });
    assert.equal(preflight.headers.get("access-control-allow-origin"), null);
    assert.equal(preflight.status, 405);
    assert.equal((await json(preflight)).error.code, "method_not_allowed");
  });

  test("404 and 405 answers are unchanged: unknown paths are not found, Allow never lists OPTIONS", async () => {
    const missing = await t.request("/no/such/path");
    assert.equal(missing.status, 404);
    assert.equal((await json(missing)).error.code, "not_found");
    const wrong = await t.request("/api/v2/me", { method: "DELETE", token: ws.token });
    assert.equal(wrong.status, 405);
    assert.equal(wrong.headers.get("allow"), "GET");
  });
});

describe("CRS_CORS_ORIGINS set", () => {
  let t: TestServer;
  let ws: TestWorkspace;
  before(async () => {
    t = await startTestServer({ env: { CRS_CORS_ORIGINS: "https://tools.example.com, " + "http://localhost:6274" } });
    ws = await t.workspace();
  });
  after(() => t.close());

  test("a listed origin is echoed (with Vary: Origin); an MCP request from another origin is refused 403 and changes nothing", async () => {
    const ok = await t.request("/mcp", { method: "POST", token: ws.token, headers: mcpHeaders("https://tools.example.com"), json: initialize });
    assert.equal(ok.status, 200);
    assert.equal(ok.headers.get("access-control-allow-origin"), "https://tools.example.com");
    assert.match(ok.headers.get("vary") ?? "", /Origin/i);
    const evil = await t.request("/mcp", { method: "POST", token: ws.token, headers: mcpHeaders("http://attacker.example"), json: initialize });
    assert.equal(evil.status, 403);
    const body = await json(evil);
    assert.equal(body.error.code, "forbidden");
    assert.equal(body.error.details.reason, "origin_not_allowed");
    assert.equal(evil.headers.get("access-control-allow-origin"), null);
  });

  test("clients that send no Origin (CLIs, servers) are not affected", async () => {
    const res = await t.request("/mcp", { method: "POST", token: ws.token, headers: { accept: "application/json, text/event-stream" }, json: initialize });
    assert.equal(res.status, 200);
  });
});

test("CRS_CORS_ORIGINS accepts * or origins only", () => {
  assert.equal(loadConfig({ CRS_CORS_ORIGINS: "*" }).corsOrigins, "*");
  assert.deepEqual(loadConfig({ CRS_CORS_ORIGINS: "https://a.example:8443/,http://localhost:3000" }).corsOrigins, [
    "https://a.example:8443",
    "http://localhost:3000",
  ]);
  assert.throws(() => loadConfig({ CRS_CORS_ORIGINS: "https://a.example/path" }), /not an origin/);
  assert.throws(() => loadConfig({ CRS_CORS_ORIGINS: "javascript:alert(1)" }), /not an origin/);
});
