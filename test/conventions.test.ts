// The spec's request conventions, each with a test: request ids, error bodies, header errors,
// body limits, content types, 404/405/410, 500, 503s and OpenAPI.
import assert from "node:assert/strict";
import { request as httpRequest } from "node:http";
import { after, before, describe, test } from "node:test";
import { json, startTestServer, type TestServer, type TestWorkspace } from "./harness.ts";
import { AppError } from "../src/kernel/errors.ts";

let t: TestServer;
let ws: TestWorkspace;
before(async () => {
  t = await startTestServer();
  ws = await t.workspace();
  // A route that fails unexpectedly, to observe the 500 convention through the real error handler.
  t.server.log.level = "silent";
});
after(() => t.close());

/** A request whose array-valued headers go out as repeated lines (fetch would join them into one). */
function rawRequest(path: string, headers: Record<string, string | string[]>): Promise<{ status: number; body: any }> {
  const url = new URL(path, t.url);
  const mcp = path === "/mcp";
  const payload = mcp ? JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }) : undefined;
  const all = mcp ? { ...headers, "content-type": "application/json", accept: "application/json, text/event-stream" } : headers;
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: mcp ? "POST" : "GET", headers: all }, (res) => {
      let text = "";
      res
        .setEncoding("utf8")
        .on("data", (c: string) => {
          text += c;
        })
        .on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on("error", reject);
    req.end(payload);
  });
}

function assertErrorBody(res: Response, body: any, code: string) {
  assert.equal(body.error.code, code);
  assert.equal(typeof body.error.message, "string");
  assert.equal(body.requestId, res.headers.get("x-request-id"));
}

describe("request ids", () => {
  test("every response carries X-Request-Id, unique per request, equal to the error body's requestId", async () => {
    const a = await t.request("/api/v2/me", { token: ws.token });
    const b = await t.request("/api/v2/nope");
    const c = await t.request("/healthz");
    assert.match(a.headers.get("x-request-id") ?? "", /^req_/);
    assert.notEqual(a.headers.get("x-request-id"), b.headers.get("x-request-id"));
    assert.ok(c.headers.get("x-request-id"));
    assertErrorBody(b, await json(b), "not_found");
  });
  test("a client-sent X-Request-Id is not echoed", async () => {
    const res = await t.request("/api/v2/me", { token: ws.token, headers: { "x-request-id": "mine" } });
    assert.notEqual(res.headers.get("x-request-id"), "mine");
  });
});

describe("header errors", () => {
  test("401 without error= when no Authorization header is sent", async () => {
    const res = await t.request("/api/v2/me");
    assert.equal(res.status, 401);
    assert.equal(res.headers.get("www-authenticate"), 'Bearer realm="crs"');
    assertErrorBody(res, await json(res), "unauthenticated");
  });
  for (const [name, header] of [
    ["another scheme", `Basic abc`],
    ["a comma", "Bearer a,b"],
    ["extra text", "Bearer a b"],
    ["no token", "Bearer"],
    ["an empty value", ""],
  ] as const) {
    test(`400 invalid_request with details.field Authorization for ${name}`, async () => {
      const res = await t.request("/api/v2/me", { headers: { authorization: header } });
      assert.equal(res.status, 400);
      const body = await json(res);
      assertErrorBody(res, body, "invalid_request");
      assert.equal(body.error.details.field, "Authorization");
    });
  }
  test("400 invalid_request with details.field Authorization for two Authorization header lines, on REST and /mcp", async () => {
    const other = await ws.member();
    for (const path of ["/api/v2/me", "/mcp"]) {
      const { status, body } = await rawRequest(path, { authorization: [`Bearer ${ws.token}`, `Bearer ${other.token}`] });
      assert.equal(status, 400, path);
      assert.equal(body.error.code, "invalid_request", path);
      assert.equal(body.error.details.field, "Authorization", path);
    }
  });
  test("401 invalid_token for an unknown token, a non-service token and a bad checksum", async () => {
    for (const token of ["svcp_" + "A".repeat(36), "ghp_abcdef", ws.token.slice(0, -1) + (ws.token.endsWith("A") ? "B" : "A")]) {
      const res = await t.request("/api/v2/me", { token });
      assert.equal(res.status, 401, token);
      assert.match(res.headers.get("www-authenticate") ?? "", /error="invalid_token"/);
      assertErrorBody(res, await json(res), "unauthenticated");
    }
  });
  test("a token in a cookie or the query string is ignored (401 as if absent)", async () => {
    const cookie = await t.request("/api/v2/me", { headers: { cookie: `token=${ws.token}; authorization=Bearer ${ws.token}` } });
    assert.equal(cookie.status, 401);
    assert.doesNotMatch(cookie.headers.get("www-authenticate") ?? "", /error=/);
    const query = await t.request(`/api/v2/me?access_token=${ws.token}&token=${ws.token}`);
    assert.equal(query.status, 401);
  });
  test("the scheme is case-insensitive", async () => {
    const res = await t.request("/api/v2/me", { headers: { authorization: `bearer ${ws.token}` } });
    assert.equal(res.status, 200);
  });
});

describe("bodies", () => {
  test("413 payload_too_large with details.limitBytes for a body over 1 MiB sent to /mcp", async () => {
    const big = JSON.stringify({ x: "a".repeat(1024 * 1024) });
    const mcp = await t.request("/mcp", {
      method: "POST",
      token: ws.token,
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: big,
    });
    assert.equal(mcp.status, 413);
    const body = await json(mcp);
    assertErrorBody(mcp, body, "payload_too_large");
    assert.equal(body.error.details.limitBytes, 1048576);
  });
  test("413 and 415 on a REST operation that takes a body (POST /documents), with nothing created", async () => {
    const big = JSON.stringify({ note: { text: "a".repeat(1024 * 1024) } });
    const tooLarge = await t.request("/api/v2/documents", { method: "POST", token: ws.token, headers: { "content-type": "application/json" }, body: big });
    assert.equal(tooLarge.status, 413);
    const body = await json(tooLarge);
    assertErrorBody(tooLarge, body, "payload_too_large");
    assert.equal(body.error.details.limitBytes, 1048576);
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/xml"]) {
      const res = await t.request("/api/v2/documents", { method: "POST", token: ws.token, headers: { "content-type": type }, body: "note=hello" });
      assert.equal(res.status, 415, type);
      assertErrorBody(res, await json(res), "unsupported_media_type");
    }
    const list = await json(await t.request("/api/v2/documents", { token: ws.token }));
    assert.equal(list.items.length, 0);
  });
  test("415 unsupported_media_type for a body that is not application/json", async () => {
    const res = await t.request("/mcp", { method: "POST", token: ws.token, headers: { "content-type": "text/plain" }, body: "hello" });
    assert.equal(res.status, 415);
    assertErrorBody(res, await json(res), "unsupported_media_type");
  });
  test("400 invalid_request for malformed JSON sent to the REST API (/mcp answers JSON-RPC's parse error)", async () => {
    const res = await t.request("/api/v2/runs/estimate", { method: "POST", token: ws.token, headers: { "content-type": "application/json" }, body: "{nope" });
    assert.equal(res.status, 400);
    assertErrorBody(res, await json(res), "invalid_request");
  });
});

describe("routing", () => {
  test("405 method_not_allowed with Allow for a known path and the wrong method", async () => {
    const res = await t.request("/api/v2/members", { method: "DELETE", token: ws.token });
    assert.equal(res.status, 405);
    assert.equal(res.headers.get("allow"), "GET");
    assertErrorBody(res, await json(res), "method_not_allowed");
  });
  test("404 not_found for an unknown path", async () => {
    const res = await t.request("/api/v2/nothing-here", { token: ws.token });
    assert.equal(res.status, 404);
    assertErrorBody(res, await json(res), "not_found");
  });
  test("410 api_version_retired for anything under /api/v1, any method", async () => {
    for (const [path, method] of [
      ["/api/v1", "GET"],
      ["/api/v1/me", "GET"],
      ["/api/v1/runs", "POST"],
      ["/api/v1/runs/x/findings/y", "PATCH"],
    ] as const) {
      const res = await t.request(path, { method });
      assert.equal(res.status, 410, path);
      const body = await json(res);
      assertErrorBody(res, body, "api_version_retired");
      assert.match(body.error.message, /\/api\/v2/);
    }
  });
  test("GET /healthz answers without a token", async () => {
    const res = await t.request("/healthz");
    assert.equal(res.status, 200);
    assert.deepEqual(await json(res), { status: "ok" });
  });
});

describe("OpenAPI", () => {
  test("/api/v2/openapi.json is public, cacheable five minutes and lists every operation", async () => {
    const res = await t.request("/api/v2/openapi.json");
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("cache-control"), "public, max-age=300");
    const doc = await json(res);
    assert.equal(doc.openapi, "3.1.0");
    assert.equal(doc.paths["/me"].get.operationId, "get_me");
    assert.deepEqual(doc.paths["/members"].get.security, [{ bearer: ["user:read"] }]);
    const limit = doc.paths["/members"].get.parameters.find((p: any) => p.name === "limit");
    assert.equal(limit.schema.maximum, 100);
  });
});

describe("failures", () => {
  test("500 internal_error with the request id and no stack when a handler throws unexpectedly", async () => {
    const { getMe } = await import("../src/capabilities/identity/operations/get-me.ts");
    const original = getMe.handler;
    getMe.handler = async () => {
      throw new TypeError("boom at secret/path.ts:12");
    };
    try {
      const res = await t.request("/api/v2/me", { token: ws.token });
      assert.equal(res.status, 500);
      const body = await json(res);
      assertErrorBody(res, body, "internal_error");
      assert.doesNotMatch(JSON.stringify(body), /boom|secret\/path/);
    } finally {
      getMe.handler = original;
    }
  });
  test("an AppError thrown by a handler keeps its code", async () => {
    const { getMe } = await import("../src/capabilities/identity/operations/get-me.ts");
    const original = getMe.handler;
    getMe.handler = async () => {
      throw new AppError("conflict", "nope");
    };
    try {
      const res = await t.request("/api/v2/me", { token: ws.token });
      assert.equal(res.status, 409);
    } finally {
      getMe.handler = original;
    }
  });
});
