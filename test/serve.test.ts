// `crs serve` as a user runs it: a fresh data dir prints a working key once; a restart does not.
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { test } from "node:test";
import { compileCache } from "./child-env.ts";

const bin = resolve(import.meta.dirname, "../bin/crs.js");

function serve(dataDir: string): Promise<{ child: ChildProcess; stdout: () => string; url: string }> {
  const child = spawn(process.execPath, [bin, "serve"], {
    // Always the embedded default here: the point is that it needs no configuration.
    env: { PATH: process.env.PATH ?? "", ...compileCache, HOME: process.env.HOME ?? "", CRS_DATA_DIR: dataDir, PORT: "0", CRS_LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (err += d));
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`no banner in 60 s: ${out} ${err}`)), 60_000);
    const check = () => {
      const m = /API:\s+(\S+)\/api\/v2/.exec(out);
      if (m && (out.includes("try:") || out.includes("data:"))) {
        // The banner is written in one go; give it a moment to arrive whole.
        setTimeout(() => {
          clearTimeout(timer);
          done({ child, stdout: () => out, url: m[1]! });
        }, 100);
        child.stdout!.off("data", check);
      }
    };
    child.stdout!.on("data", check);
    child.on("exit", (code) => {
      clearTimeout(timer);
      fail(new Error(`exited ${code}: ${out} ${err}`));
    });
  });
}

async function stop(child: ChildProcess): Promise<void> {
  child.removeAllListeners("exit");
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

test("crs serve on a fresh data dir prints the admin's credentials and a key that answers GET /me", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "crs-serve-"));
  try {
    const first = await serve(dataDir);
    const key = /API key:\s+(svcp_\w+)/.exec(first.stdout())?.[1];
    assert.ok(key, first.stdout());
    assert.match(first.stdout(), /sign in:\s+\S+@\S+ \/ \S{12,}/);
    const res = await fetch(`${first.url}/api/v2/me`, { headers: { authorization: `Bearer ${key}` } });
    assert.equal(res.status, 200);
    const me = (await res.json()) as any;
    assert.equal(me.organization.slug, "demo");
    assert.equal(me.token.scopes.length, 7);
    assert.equal(me.credits.balanceCents, 1000);
    assert.equal((await fetch(`${first.url}/healthz`)).status, 200);
    await stop(first.child);

    const second = await serve(dataDir);
    assert.doesNotMatch(second.stdout(), /svcp_/);
    const again = await fetch(`${second.url}/api/v2/me`, { headers: { authorization: `Bearer ${key}` } });
    assert.equal(again.status, 200);
    await stop(second.child);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test("crs serve refuses a bad configuration with exit code 2", async () => {
  const child = spawn(process.execPath, [bin, "serve"], {
    env: { PATH: process.env.PATH ?? "", ...compileCache, PORT: "not-a-port" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let err = "";
  child.stderr!.on("data", (d) => (err += d));
  const code = await new Promise((r) => child.on("exit", r));
  assert.equal(code, 2);
  assert.match(err, /PORT/);
});
