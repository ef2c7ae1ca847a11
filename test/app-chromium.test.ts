// The app's pages clicked through in a real headless Chromium (Debian's chromium, driven by
// playwright-core): sign in, create an API key and use it with curl, revoke it, approve an OAuth
// consent, revoke the app. .ci/run installs chromium; elsewhere set CRS_CHROMIUM or it is skipped.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { after, before, test } from "node:test";
import { promisify } from "node:util";
import { chromium, type Browser, type Page } from "playwright-core";
import { userWithPassword } from "./browser.ts";
import { json, startTestServer, type TestServer, type TestWorkspace } from "./harness.ts";

const executablePath = process.env.CRS_CHROMIUM ?? "/usr/bin/chromium";
const skip = existsSync(executablePath) ? false : `no Chromium at ${executablePath}`;
const run = promisify(execFile);

let t: TestServer;
let ws: TestWorkspace;
let browser: Browser;
let page: Page;
let user: { email: string; password: string };

before(async () => {
  if (skip) return;
  t = await startTestServer();
  ws = await t.workspace();
  user = await userWithPassword(t, ws);
  // --no-sandbox: CI runs as root, where Chromium's sandbox cannot start.
  browser = await chromium.launch({ executablePath, headless: true, args: ["--no-sandbox"] });
  page = await browser.newPage();
});
after(async () => {
  await browser?.close();
  await t?.close();
});

/** GET /api/v2/me with curl, as a user would try a new key: the status code. */
async function curlMe(token: string): Promise<number> {
  const { stdout } = await run("curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", "-H", `Authorization: Bearer ${token}`, `${t.url}/api/v2/me`]);
  return Number(stdout);
}

test("sign in, create a key and use it with curl, revoke it; approve a consent and revoke the app", { skip }, async () => {
  // Signing in: /app sends an anonymous visitor to the sign-in form and back.
  await page.goto(`${t.url}/app`);
  assert.match(page.url(), /\/app\/sign-in/);
  await page.locator("#email").fill(user.email);
  await page.locator("#password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${t.url}/app`);
  assert.match((await page.textContent("body")) ?? "", new RegExp(ws.slug));

  // A key with two scopes, shown once, works with curl.
  await page.goto(`${t.url}/app/settings/keys`);
  await page.locator("#name").fill("laptop");
  await page.locator('input[name="scopes"][value="user:read"]').check();
  await page.locator('input[name="scopes"][value="findings:read"]').check();
  await page.getByRole("button", { name: "Create key" }).click();
  const token = await page.locator("#new-token").inputValue();
  assert.match(token, /^svcp_/);
  assert.equal(await curlMe(token), 200);
  const me = await json(await t.request("/api/v2/me", { token }));
  assert.deepEqual([...me.token.scopes].sort(), ["findings:read", "user:read"]);

  // Revoking it in the page ends it at once.
  await page.locator("tr", { hasText: "laptop" }).getByRole("button", { name: "Revoke" }).click();
  await page.waitForURL(`${t.url}/app/settings/keys`);
  assert.equal(await curlMe(token), 401);

  // An OAuth client (a loopback redirect, as a CLI would use) gets approved on the consent screen.
  const { server, codes, port } = await loopback();
  try {
    const redirect = `http://127.0.0.1:${port}/callback`;
    const reg = await json(
      await fetch(`${t.url}/oauth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ client_name: "Browser test app", redirect_uris: [redirect] }),
      }),
    );
    const verifier = randomBytes(32).toString("base64url");
    const q = new URLSearchParams({
      response_type: "code",
      client_id: reg.client_id,
      redirect_uri: redirect,
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
      scope: "user:read runs:write",
      state: "s1",
      resource: t.url,
    });
    await page.goto(`${t.url}/oauth/authorize?${q}`);
    const consent = (await page.textContent("body")) ?? "";
    assert.match(consent, /Browser test app/);
    assert.match(consent, /unverified/i);
    assert.match(consent, /spends credits/i);
    await page.getByRole("button", { name: "Approve" }).click();
    const back = await codes;
    assert.equal(back.get("state"), "s1");
    const res = await fetch(`${t.url}/oauth/token`, {
      method: "POST",
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: back.get("code")!,
        client_id: reg.client_id,
        redirect_uri: redirect,
        code_verifier: verifier,
      }),
    });
    assert.equal(res.status, 200);
    const access = (await json(res)).access_token as string;
    assert.equal(await curlMe(access), 200);

    // Authorized apps lists it; revoking it ends its token at once.
    await page.goto(`${t.url}/app/settings/apps`);
    await page.locator("tr", { hasText: "Browser test app" }).getByRole("button", { name: "Revoke" }).click();
    await page.waitForURL(`${t.url}/app/settings/apps`);
    assert.equal(await curlMe(access), 401);
    assert.doesNotMatch((await page.textContent("body")) ?? "", /Browser test app/);
  } finally {
    server.close();
  }
});

/** A loopback HTTP server standing in for a native app's redirect: resolves with the callback's query. */
async function loopback(): Promise<{ server: Server; codes: Promise<URLSearchParams>; port: number }> {
  let resolve!: (q: URLSearchParams) => void;
  const codes = new Promise<URLSearchParams>((r) => (resolve = r));
  const server = createServer((req, res) => {
    resolve(new URL(req.url ?? "/", "http://127.0.0.1").searchParams);
    res.end("You can close this window.");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { server, codes, port: (server.address() as { port: number }).port };
}
