// The API switched off (503 public_api_disabled, web and health keep working) and the store
// becoming unreachable (503 platform_unavailable, the server keeps running).
import assert from "node:assert/strict";
import { test } from "node:test";
import { startTcpProxy } from "../src/platform/limits/test-support.ts";
import { json, startTestServer } from "./harness.ts";

test("CRS_PUBLIC_API=off answers 503 public_api_disabled on the API and MCP while /healthz works", async () => {
  const t = await startTestServer({ env: { CRS_PUBLIC_API: "off" } });
  try {
    const ws = await t.workspace();
    for (const [path, method] of [
      ["/api/v2/me", "GET"],
      ["/api/v2/openapi.json", "GET"],
      ["/mcp", "POST"],
      ["/api/v1/me", "GET"],
    ] as const) {
      const res = await t.request(path, { method, token: ws.token, ...(method === "POST" ? { json: {} } : {}) });
      assert.equal(res.status, 503, path);
      const body = await json(res);
      assert.equal(body.error.code, "public_api_disabled");
      assert.equal(body.requestId, res.headers.get("x-request-id"));
    }
    const upload = await t.request("/uploads/1/00000000000000000000000000000000?expires=1&signature=x", { method: "PUT", body: "x" });
    assert.equal(upload.status, 503);
    assert.equal((await json(upload)).error.code, "public_api_disabled");
    assert.equal((await t.request("/healthz")).status, 200);
  } finally {
    await t.close();
  }
});

test("503 platform_unavailable when PostgreSQL becomes unreachable, and service resumes after", {
  skip: !process.env.DATABASE_URL && "needs DATABASE_URL",
}, async () => {
  const url = new URL(process.env.DATABASE_URL!);
  const proxy = await startTcpProxy(url.hostname, Number(url.port || 5432));
  url.host = `127.0.0.1:${proxy.port}`;
  const t = await startTestServer({ env: { DATABASE_URL: url.toString() } });
  try {
    const ws = await t.workspace();
    assert.equal((await t.request("/api/v2/me", { token: ws.token })).status, 200);
    await proxy.stop();
    const res = await t.request("/api/v2/me", { token: ws.token });
    assert.equal(res.status, 503);
    const body = await json(res);
    assert.equal(body.error.code, "platform_unavailable");
    assert.equal(body.requestId, res.headers.get("x-request-id"));
    await proxy.start();
    let status = 0;
    for (let i = 0; i < 20 && status !== 200; i++) {
      status = (await t.request("/api/v2/me", { token: ws.token })).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(status, 200);
  } finally {
    await proxy.start().catch(() => {});
    await t.close();
    await proxy.stop();
  }
});
