// Two server processes: this test process and a child started with the `crs` executable, on the
// same store and the same Redis (same CRS_RATE_LIMIT_PREFIX): a user's reads budget is shared
// between them. Skipped when REDIS_URL is unset.
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { resolve } from "node:path";
import { after, before, test } from "node:test";
import { startTestServer, unique, type TestServer, type TestWorkspace } from "./harness.ts";
import { compileCache } from "./child-env.ts";

const redisUrl = process.env.REDIS_URL;
const bin = resolve(import.meta.dirname, "../bin/crs.js");

let a: TestServer;
let ws: TestWorkspace;
let child: ChildProcess | undefined;
let childUrl = "";

before(async () => {
  if (!redisUrl) return;
  const prefix = unique("crs:test:proc:");
  a = await startTestServer({ env: { CRS_RATE_LIMITS: "reads=4/1m" }, rateLimitPrefix: prefix });
  ws = await a.workspace();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    ...compileCache,
    HOME: process.env.HOME ?? "",
    CRS_DATA_DIR: a.config.dataDir,
    PORT: "0",
    CRS_LOG_LEVEL: "warn",
    CRS_SYNC_INTERVAL_SECONDS: "0",
    REDIS_URL: redisUrl,
    CRS_RATE_LIMIT_PREFIX: prefix,
    CRS_RATE_LIMITS: "reads=4/1m",
  };
  if (a.schema) (env.DATABASE_URL = a.databaseUrl!), (env.CRS_DB_SCHEMA = a.schema);
  child = spawn(process.execPath, [bin, "serve"], { env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  childUrl = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`second server did not start: ${out}`)), 30_000);
    child!.stdout!.on("data", (d) => {
      out += d;
      const m = /API:\s+(\S+)\/api\/v2/.exec(out);
      if (m) {
        clearTimeout(timer);
        done(m[1]!);
      }
    });
    child!.stderr!.on("data", (d) => (out += d));
    child!.on("exit", (code) => {
      clearTimeout(timer);
      fail(new Error(`second server exited ${code}: ${out}`));
    });
  });
});

after(async () => {
  if (child) {
    child.removeAllListeners("exit");
    const exited = new Promise((r) => child!.once("exit", r));
    child.kill("SIGTERM");
    await exited;
  }
  await a?.close();
});

test("two server processes on one Redis share a user's reads budget", { skip: redisUrl ? false : "REDIS_URL is not set" }, async () => {
  const me = (base: string) => fetch(`${base}/api/v2/me`, { headers: { authorization: `Bearer ${ws.token}` } });
  const statuses: number[] = [];
  const remaining: string[] = [];
  for (const base of [a.url, childUrl, a.url, childUrl, childUrl, a.url]) {
    const res = await me(base);
    statuses.push(res.status);
    remaining.push(res.headers.get("x-ratelimit-remaining") ?? "");
    await res.arrayBuffer();
  }
  assert.deepEqual(statuses, [200, 200, 200, 200, 429, 429]);
  assert.deepEqual(remaining.slice(0, 4), ["3", "2", "1", "0"]);
});
