// svca_ token; logout revokes the tokens on the server.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { consent, signIn, userWithPassword, type Browser } from "./browser.ts";
import { testClient } from "./fixtures/client.ts";
import { expectError, json, startTestServer, type TestServer, type TestWorkspace } from "./harness.ts";
import { credentialsPath, readLogin, writeLogin } from "../src/faces/cli/client/credentials.ts";
import { readFileSync } from "node:fs";
import { register } from "./oauth-requests.ts";

let t: TestServer;
let ws: TestWorkspace;
let browser: Browser;
before(async () => {
  t = await startTestServer();
  ws = await t.workspace();
  const user = await userWithPassword(t, ws);
  ({ browser } = await signIn(t, user.email, user.password));
});
after(() => t.close());

test("crs login signs in through consent, and crs logout revokes the token it got", async () => {
  const c = testClient(t.url);
  const hooks = {
    // The "browser": approve the consent screen, then follow the redirect to the CLI's loopback port.
    async openUrl(url: string) {
      const back = await consent(browser, url.slice(t.url.length));
      await fetch(back);
    },
  };
  const login = await c.run(["login", "--scopes", "user:read,findings:read"], { hooks });
  assert.equal(login.code, 0, login.err);
  assert.match(login.err, new RegExp(`workspace ${ws.slug}`));
  const stored = readLogin(c.env)!;
  assert.match(stored.token, /^svca_/);
  const me = await json(await t.request("/api/v2/me", { token: stored.token }));
  assert.deepEqual(me.token.scopes.sort(), ["findings:read", "user:read"]);
  const logout = await c.run(["logout"]);
  assert.equal(logout.code, 0, logout.err);
  assert.match(logout.err, /Tokens revoked/);
  await expectError(await t.request("/api/v2/me", { token: stored.token }), 401, "unauthenticated");
});

async function loggedIn() {
  const c = testClient(t.url);
  const hooks = {
    async openUrl(url: string) {
      await fetch(await consent(browser, url.slice(t.url.length)));
    },
  };
  const login = await c.run(["login", "--scopes", "user:read"], { hooks });
  assert.equal(login.code, 0, login.err);
  return c;
}

test("an access token about to expire is refreshed silently before the call, and the rotated tokens are stored", async () => {
  const c = await loggedIn();
  const first = readLogin(c.env)!;
  writeLogin({ ...first, expiresAt: new Date(Date.now() + 10_000).toISOString() }, c.env);
  const me = await c.run(["me", "--json"]);
  assert.equal(me.code, 0, me.err);
  const next = readLogin(c.env)!;
  assert.notEqual(next.token, first.token);
  assert.notEqual(next.refreshToken, first.refreshToken);
  assert.ok(Date.parse(next.expiresAt!) > Date.now() + 30 * 60_000);
  assert.equal((await t.request("/api/v2/me", { token: next.token })).status, 200);
});

test("logout says when revocation failed, exits 1, and still forgets the tokens here", async () => {
  const c = await loggedIn();
  const stored = readLogin(c.env)!;
  // The server is unreachable at logout time.
  writeLogin({ ...stored, url: "http://127.0.0.1:9" }, c.env);
  const out = await c.run(["logout"]);
  assert.equal(out.code, 1);
  assert.match(out.err, /Revocation failed .*may stay valid/);
  assert.equal(readLogin(c.env), null, "no token is left here");
  assert.deepEqual(JSON.parse(readFileSync(credentialsPath(c.env), "utf8")), { url: "http://127.0.0.1:9" }, "only the server's URL is kept");
  // Not revoked: the token still works until it expires, which is what the message says.
  assert.equal((await t.request("/api/v2/me", { token: stored.token })).status, 200);
});

test("crs login uses the first-party client crs-cli without registering; its consent screen says verified", async () => {
  const clients = async () => (await t.app.store.db.selectFrom("oauth_clients").select("id").execute()).map((r) => r.id);
  const before = await clients();
  assert.ok(before.includes("crs-cli"), "the store has the first-party client from the start");
  const c = testClient(t.url);
  let screen = "";
  const hooks = {
    async openUrl(url: string) {
      const u = new URL(url);
      assert.equal(u.searchParams.get("client_id"), "crs-cli");
      screen = (await browser.get(url.slice(t.url.length))).text;
      await fetch(await consent(browser, url.slice(t.url.length)));
    },
  };
  const login = await c.run(["login", "--scopes", "user:read"], { hooks });
  assert.equal(login.code, 0, login.err);
  assert.deepEqual((await clients()).sort(), before.sort(), "nothing was registered");
  assert.match(screen, /<span class="tag">verified<\/span>/);
  assert.doesNotMatch(screen, /unverified|has not verified/);
  assert.equal(readLogin(c.env)!.clientId, "crs-cli");
});

test('a registered client that calls itself "crs command line" stays unverified: only the fixed id is', async () => {
  const reg = await json(await register(t.url, { client_name: "crs command line", redirect_uris: ["http://127.0.0.1/callback"] }));
  assert.notEqual(reg.client_id, "crs-cli");
  const q = new URLSearchParams({
    response_type: "code",
    client_id: reg.client_id,
    redirect_uri: "http://127.0.0.1:5555/callback",
    code_challenge: "a".repeat(43),
    code_challenge_method: "S256",
  });
  const screen = await browser.get(`/oauth/authorize?${q}`);
  assert.equal(screen.status, 200);
  assert.match(screen.text, /unverified/);
  assert.match(screen.text, /crs has not verified who made it/);
});

test("crs-cli accepts loopback redirects on any port and nothing else", async () => {
  const base = { response_type: "code", client_id: "crs-cli", code_challenge: "a".repeat(43), code_challenge_method: "S256" };
  for (const uri of ["http://127.0.0.1:1/callback", "http://127.0.0.1:65000/callback", "http://[::1]:4000/callback"]) {
    assert.equal((await browser.get(`/oauth/authorize?${new URLSearchParams({ ...base, redirect_uri: uri })}`)).status, 200, uri);
  }
  for (const uri of ["https://evil.example/callback", "http://127.0.0.1:4000/other", "http://localhost.evil.example/callback"]) {
    const page = await browser.get(`/oauth/authorize?${new URLSearchParams({ ...base, redirect_uri: uri })}`);
    assert.equal(page.status, 400, uri);
    assert.equal(page.location, null);
  }
});
