// `crs mcp` as MCP clients that launch a process use it: the official SDK's stdio client spawns
// `node bin/crs.js mcp`, which forwards to the in-process server. The server runs in this
// process, so children are only ever spawned asynchronously.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { CallToolResultSchema, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { writeLogin } from "../src/faces/cli/client/credentials.ts";
import { startTestServer, type TestServer, type TestWorkspace } from "./harness.ts";
import { callTool, mcpClient } from "./mcp-client.ts";
import { compileCache } from "./child-env.ts";

const bin = join(import.meta.dirname, "..", "bin", "crs.js");
let t: TestServer;
let ws: TestWorkspace;
let config: string;
before(async () => {
  t = await startTestServer();
  ws = await t.workspace();
  config = mkdtempSync(join(tmpdir(), "crs-mcp-stdio-"));
});
after(async () => {
  await t.close();
  rmSync(config, { recursive: true, force: true });
});

/** The environment of the child: no stored login unless a test writes one under `config`. */
function childEnv(extra: Record<string, string>): Record<string, string> {
  return { PATH: process.env.PATH ?? "", ...compileCache, HOME: config, XDG_CONFIG_HOME: config, ...extra };
}

async function stdioClient(extra: Record<string, string>): Promise<Client> {
  const client = new Client({ name: "crs-stdio-test", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [bin, "mcp"], env: childEnv(extra), stderr: "ignore" }));
  return client;
}

/** Runs `crs mcp` to its end with stdin closed; its exit code and standard error. */
function runToExit(extra: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, "mcp"], { env: childEnv(extra), stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stderr }));
  });
}

test("tools/list over stdio equals the HTTP tool list for the same token", async () => {
  const [stdio, http] = [await stdioClient({ CRS_URL: t.url, CRS_TOKEN: ws.token }), await mcpClient(t.url, ws.token)];
  try {
    const viaStdio = (await stdio.listTools()).tools;
    assert.ok(viaStdio.length > 10);
    assert.deepEqual(viaStdio, (await http.listTools()).tools);
  } finally {
    await stdio.close();
    await http.close();
  }
});

test("a key with fewer scopes sees fewer tools over stdio, the same ones as over HTTP", async () => {
  const m = await ws.member({ scopes: ["user:read", "repos:read"] });
  const [stdio, http, full] = [await stdioClient({ CRS_URL: t.url, CRS_TOKEN: m.token }), await mcpClient(t.url, m.token), await mcpClient(t.url, ws.token)];
  try {
    const names = (await stdio.listTools()).tools.map((x) => x.name);
    assert.deepEqual(
      names,
      (await http.listTools()).tools.map((x) => x.name),
    );
    assert.ok(names.length < (await full.listTools()).tools.length);
    assert.ok(names.includes("get_me") && !names.includes("start_run"));
  } finally {
    await stdio.close();
    await http.close();
    await full.close();
  }
});

test("calls are forwarded: get_me answers the caller, an error is an isError result with the spec's code", async () => {
  const client = await stdioClient({ CRS_URL: t.url, CRS_TOKEN: ws.token });
  try {
    const me = await callTool(client, "get_me");
    assert.equal(me.isError, false);
    assert.equal(me.body.user.username, ws.username);
    const bad = await callTool(client, "list_members", { limit: 500 });
    assert.equal(bad.isError, true);
    assert.equal(bad.body.error.code, "invalid_request");
    assert.match(bad.body.requestId, /^req_/);
    const unknown = await callTool(client, "drop_tables");
    assert.equal(unknown.body.error.code, "not_found");
  } finally {
    await client.close();
  }
});

test("malformed tools/call params over stdio answer the server's -32602", async () => {
  const client = await stdioClient({ CRS_URL: t.url, CRS_TOKEN: ws.token });
  try {
    await assert.rejects(
      client.request({ method: "tools/call", params: { name: "get_me", arguments: "x" as never } }, CallToolResultSchema),
      (err: unknown) => err instanceof McpError && err.code === ErrorCode.InvalidParams && /arguments/.test(err.message),
    );
  } finally {
    await client.close();
  }
});

test("without CRS_TOKEN, crs mcp uses the stored login for that URL", async () => {
  writeLogin({ url: t.url, token: ws.token, kind: "api_key" }, { XDG_CONFIG_HOME: config });
  try {
    const client = await stdioClient({ CRS_URL: t.url });
    try {
      assert.equal((await callTool(client, "get_me")).body.user.username, ws.username);
    } finally {
      await client.close();
    }
  } finally {
    rmSync(join(config, "crs"), { recursive: true, force: true });
  }
});

test("with no token at all, crs mcp exits 4 and says how to log in", async () => {
  const r = await runToExit({ CRS_URL: t.url });
  assert.equal(r.code, 4);
  assert.match(r.stderr, new RegExp(`not logged in to ${t.url.replace(/\./g, "\\.")}.*crs login`));
});

test("a rejected token exits 4 naming the server", async () => {
  const r = await runToExit({ CRS_URL: t.url, CRS_TOKEN: "svcp_not_a_real_token" });
  assert.equal(r.code, 4);
  assert.match(r.stderr, new RegExp(`${t.url.replace(/\./g, "\\.")} rejected the token \\(401\\)`));
});

test("an unreachable server exits 1 with a message naming the URL", async () => {
  // A port that was free a moment ago: nothing listens there.
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
  const port = (probe.address() as { port: number }).port;
  await new Promise((r) => probe.close(r));
  const r = await runToExit({ CRS_URL: `http://127.0.0.1:${port}`, CRS_TOKEN: ws.token });
  assert.equal(r.code, 1);
  assert.match(r.stderr, new RegExp(`Could not reach http://127\\.0\\.0\\.1:${port} \\(ECONNREFUSED\\)`));
});
