// The crs command line's browser login (src/cli/client) against the authorization server: it
// registers, sends the user to consent, receives the code on its loopback port and stores the
// svca_ token; logout revokes the tokens on the server.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { consent, signIn, userWithPassword, type Browser } from "./browser.ts";
import { testClient } from "./fixtures/client.ts";
import { expectError, json, startTestServer, type TestServer, type TestWorkspace } from "./harness.ts";
import { credentialsPath, readLogin, writeLogin } from "../src/cli/client/credentials.ts";
import { readFileSync } from "node:fs";

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
  const hooks = { async openUrl(url: string) { await fetch(await consent(browser, url.slice(t.url.length))); } };
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
