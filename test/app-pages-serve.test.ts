// `crs serve` on a fresh data dir, as a user starts it: the printed admin credentials sign in to the
// app, and the discovery documents name the real address the server listens on.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { test } from "node:test";
import { Browser, hiddenFields } from "./browser.ts";
import { compileCache } from "./child-env.ts";

const bin = resolve(import.meta.dirname, "../bin/crs.js");

test("the first start's admin signs in at /app and the metadata names the listening address", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "crs-serve-app-"));
  const child = spawn(process.execPath, [bin, "serve", "--no-worker"], {
    env: { PATH: process.env.PATH ?? "", ...compileCache, HOME: process.env.HOME ?? "", CRS_DATA_DIR: dataDir, PORT: "0", CRS_LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  try {
    let out = "";
    const banner = await new Promise<string>((done, fail) => {
      child.stdout!.on("data", (d) => {
        out += d;
        if (/sign in:.*\n[\s\S]*try:/.test(out)) done(out);
      });
      child.on("exit", (code) => fail(new Error(`exited ${code}: ${out}`)));
    });
    const url = /App:\s+(\S+)\/app/.exec(banner)![1]!;
    const [, email, password] = /sign in:\s+(\S+) \/ (\S+)/.exec(banner)!;
    const meta = (await (await fetch(`${url}/.well-known/oauth-authorization-server`)).json()) as { issuer: string; token_endpoint: string };
    assert.equal(meta.issuer, url);
    assert.equal(meta.token_endpoint, `${url}/oauth/token`);
    const browser = new Browser(url);
    const form = await browser.get("/app/sign-in");
    const res = await browser.post("/app/sign-in", { ...hiddenFields(form.text, "/app/sign-in"), email: email!, password: password! });
    assert.equal(res.status, 303);
    const home = await browser.get("/app");
    assert.equal(home.status, 200);
    assert.match(home.text, /Active workspace: <strong>Demo<\/strong> \(demo\)/);
  } finally {
    child.removeAllListeners("exit");
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
});
