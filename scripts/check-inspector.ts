// One run of the official MCP Inspector's CLI mode against a real `crs serve`: the tool list, a
// read, a call with bad arguments, and the stdio face through `crs mcp`. Run by .ci/run; needs the
// npm registry the first time (npx caches the Inspector). Exits non-zero on any mismatch.
import assert from "node:assert/strict";
import { execFile, spawn } from "node:child_process";
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";

const inspector = "@modelcontextprotocol/inspector@2.12.0";
const run = promisify(execFile);
const bin = resolve(import.meta.dirname, "../bin/crs.js");

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const { port } = s.address() as { port: number };
  await new Promise((r) => s.close(r));
  return port;
}

// npx finds (the first time, fetches) the Inspector once; each check then starts its launcher with
// node directly, which saves an npx start (about a second of CPU) per call.
const launcher = realpathSync((await run("npx", ["-y", "-p", inspector, "-c", "command -v mcp-inspector"], { timeout: 300_000 })).stdout.trim());

/** The Inspector's JSON output; it exits 5 when a tool answered isError, which some checks expect. */
async function inspect(args: string[], opts: { toolError?: boolean } = {}): Promise<any> {
  const r = await run(process.execPath, [launcher, "--cli", ...args], { maxBuffer: 64 * 1024 * 1024, timeout: 180_000 }).catch(
    (err: { code?: number; stdout?: string; stderr?: string }) => {
      if (opts.toolError && err.code === 5 && err.stdout) return { stdout: err.stdout };
      throw err;
    },
  );
  return JSON.parse(r.stdout);
}

const dataDir = mkdtempSync(join(tmpdir(), "crs-inspector-"));
const port = await freePort();
const server = spawn(process.execPath, [bin, "serve"], {
  env: { ...process.env, CRS_DATA_DIR: dataDir, PORT: String(port), CRS_LOG_LEVEL: "info" },
  stdio: ["ignore", "pipe", "pipe"],
});
try {
  let log = "";
  const key = await new Promise<string>((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`no API key printed:\n${log}`)), 60_000);
    const seen = (d: Buffer) => {
      log += d;
      const m = /svcp_[A-Za-z0-9_]+/.exec(log);
      if (m) {
        clearTimeout(timer);
        res(m[0]);
      }
    };
    server.stdout.on("data", seen);
    server.stderr.on("data", seen);
  });
  const url = `http://127.0.0.1:${port}`;
  const http = [`${url}/mcp`, "--transport", "http", "--header", `Authorization: Bearer ${key}`];

  // The calls are independent: they run together.
  const [listed, me, repos, bad, stdio] = await Promise.all([
    inspect([...http, "--method", "tools/list"]),
    inspect([...http, "--method", "tools/call", "--tool-name", "get_me"]),
    inspect([...http, "--method", "tools/call", "--tool-name", "list_repositories", "--tool-arg", "limit=1"]),
    inspect([...http, "--method", "tools/call", "--tool-name", "list_repositories", "--tool-arg", "limit=1000"], { toolError: true }),
    // The stdio face: `crs mcp` forwarding to the same server.
    inspect(["-e", `CRS_URL=${url}`, "-e", `CRS_TOKEN=${key}`, "--method", "tools/list", "--", process.execPath, bin, "mcp"]),
  ]);
  const names = listed.tools.map((t: { name: string }) => t.name);
  for (const name of ["get_me", "list_repositories", "estimate_run", "start_run", "list_findings", "update_findings"]) {
    assert.ok(names.includes(name), `tools/list lacks ${name}: ${names.join(", ")}`);
  }
  assert.ok(
    listed.tools.every((t: any) => t.inputSchema && t.outputSchema && t.annotations),
    "every tool has schemas and annotations",
  );

  assert.equal(me.isError ?? false, false, JSON.stringify(me));
  assert.equal(typeof me.structuredContent.user.username, "string");

  assert.equal(repos.structuredContent.items.length, 1);

  assert.equal(bad.isError, true);
  assert.match(JSON.stringify(bad.content), /invalid_request/);

  assert.deepEqual(
    stdio.tools.map((t: { name: string }) => t.name),
    names,
  );
  console.log(`MCP Inspector (${inspector}) CLI: ${names.length} tools over HTTP and stdio; get_me, list_repositories and an invalid call behave`);
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  rmSync(dataDir, { recursive: true, force: true });
}
