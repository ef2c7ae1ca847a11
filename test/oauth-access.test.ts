// Every "When access ends" rule of the spec holds for svca_ tokens, and the refresh token cannot
// bring access back afterwards.
import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import * as accounts from "../src/capabilities/identity/index.ts";
import { hashToken } from "../src/kernel/tokens.ts";
import { revokeGrant } from "../src/capabilities/oauth/grants.ts";
import { consent, signIn, userWithPassword } from "./browser.ts";
import { json, startTestServer, type TestServer, type TestWorkspace } from "./harness.ts";

let t: TestServer;
let ws: TestWorkspace;
before(async () => {
  t = await startTestServer();
  ws = await t.workspace();
});
after(() => t.close());

const redirect = "http://127.0.0.1:40222/cb";

/** A user who went through the whole flow: their access and refresh tokens and client id. */
async function connected() {
  const user = await userWithPassword(t, ws, "member");
  const { browser } = await signIn(t, user.email, user.password);
  const reg = await json(
    await fetch(`${t.url}/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_name: "Access test", redirect_uris: [redirect] }),
    }),
  );
  const verifier = randomBytes(32).toString("base64url");
  const q = new URLSearchParams({
    response_type: "code",
    client_id: reg.client_id,
    redirect_uri: redirect,
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
    scope: "user:read runs:read",
    resource: t.url,
  });
  const back = await consent(browser, `/oauth/authorize?${q}`);
  const res = await fetch(`${t.url}/oauth/token`, {
    method: "POST",
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code: back.searchParams.get("code")!,
      client_id: reg.client_id,
      redirect_uri: redirect,
      code_verifier: verifier,
      resource: t.url,
    }),
  });
  assert.equal(res.status, 200);
  const tokens = await json(res);
  assert.equal(tokens.scope, "user:read runs:read");
  return { user, clientId: reg.client_id as string, access: tokens.access_token as string, refresh: tokens.refresh_token as string };
}

async function expectInvalidToken(token: string): Promise<void> {
  const res = await t.request("/api/v2/me", { token });
  assert.equal(res.status, 401);
  assert.equal((await json(res)).error.code, "unauthenticated");
  assert.match(res.headers.get("www-authenticate")!, /error="invalid_token"/);
}

async function refreshFails(c: { clientId: string; refresh: string }): Promise<void> {
  const res = await fetch(`${t.url}/oauth/token`, {
    method: "POST",
    body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: c.refresh, client_id: c.clientId }),
  });
  assert.equal(res.status, 400);
  assert.equal((await json(res)).error, "invalid_grant");
}

describe("svca_ access ends", () => {
  test("a token carries only the approved scopes", async () => {
    const c = await connected();
    const me = await json(await t.request("/api/v2/me", { token: c.access }));
    assert.deepEqual(me.token.scopes.sort(), ["runs:read", "user:read"]);
    const res = await t.request("/api/v2/members", { token: c.access });
    assert.equal(res.status, 200);
    const repos = await t.request("/api/v2/repositories", { token: c.access });
    assert.equal(repos.status, 403);
  });
  test("when it expired", async () => {
    const c = await connected();
    await t.app.store.db
      .updateTable("tokens")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("token_hash", "=", hashToken(c.access))
      .execute();
    await expectInvalidToken(c.access);
  });
  test("when the app was revoked", async () => {
    const c = await connected();
    const row = await t.app.store.db.selectFrom("tokens").select("grant_id").where("token_hash", "=", hashToken(c.access)).executeTakeFirstOrThrow();
    await revokeGrant(t.app.store.db, row.grant_id!);
    await expectInvalidToken(c.access);
    await refreshFails(c);
  });
  test("when the user changed the password, in every workspace", async () => {
    const c = await connected();
    await accounts.setPassword(t.app.store, c.user.id, "another password");
    await expectInvalidToken(c.access);
    await refreshFails(c);
  });
  test("when the membership was removed, and re-adding the user brings neither the token nor the grant back", async () => {
    const c = await connected();
    await accounts.removeMember(t.app.store, ws.id, c.user.id);
    await expectInvalidToken(c.access);
    await refreshFails(c);
    await accounts.addMember(t.app.store, ws.id, c.user.id, "member");
    await expectInvalidToken(c.access);
    await refreshFails(c);
    const grants = await t.app.store.db.selectFrom("oauth_grants").select("revoked_at").where("user_id", "=", c.user.id).execute();
    assert.ok(grants.length > 0 && grants.every((g) => g.revoked_at !== null));
  });
  test("when the account was suspended", async () => {
    const c = await connected();
    await accounts.setSuspended(t.app.store, c.user.id, true);
    await expectInvalidToken(c.access);
    await refreshFails(c);
  });
  test("a refresh token is never accepted by the API", async () => {
    const c = await connected();
    await expectInvalidToken(c.refresh);
  });
});

describe("refresh scopes", () => {
  const refresh = (c: { clientId: string; refresh: string }, scope: string) =>
    fetch(`${t.url}/oauth/token`, {
      method: "POST",
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: c.refresh, client_id: c.clientId, scope }),
    });
  test("a scope of only spaces is invalid_scope and leaves the refresh token usable", async () => {
    const c = await connected();
    for (const scope of [" ", "   "]) {
      const res = await refresh(c, scope);
      assert.equal(res.status, 400);
      assert.equal((await json(res)).error, "invalid_scope");
    }
    const ok = await refresh(c, "user:read");
    assert.equal(ok.status, 200);
    const tokens = await json(ok);
    assert.equal(tokens.scope, "user:read");
    assert.deepEqual((await json(await t.request("/api/v2/me", { token: tokens.access_token }))).token.scopes, ["user:read"]);
  });
});
