// Developer settings, authorized apps, the consent screen and the password page, clicked through
// over HTTP with a signed-in session; what they create is used against the API.
import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import * as accounts from "../src/capabilities/identity/index.ts";
import { Browser, consent, hiddenFields, signIn, userWithPassword } from "./browser.ts";
import { expectError, json, startTestServer, unique, type TestServer, type TestWorkspace } from "./harness.ts";

let t: TestServer;
let ws: TestWorkspace;
before(async () => {
  t = await startTestServer();
  ws = await t.workspace();
});
after(() => t.close());

const redirect = "http://127.0.0.1:40333/cb";

async function signedIn() {
  const user = await userWithPassword(t, ws);
  const { browser } = await signIn(t, user.email, user.password);
  return { user, browser };
}

/** Registers a client named `name` and returns an authorization URL (path) and its verifier. */
async function authorization(name: string, scope = "user:read runs:write") {
  const reg = await json(
    await fetch(`${t.url}/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_name: name, redirect_uris: [redirect] }),
    }),
  );
  const verifier = randomBytes(32).toString("base64url");
  const q = new URLSearchParams({
    response_type: "code",
    client_id: reg.client_id,
    redirect_uri: redirect,
    scope,
    state: "z",
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
  });
  return { url: `/oauth/authorize?${q}`, clientId: reg.client_id as string, verifier };
}

async function tokenFor(browser: Browser, a: Awaited<ReturnType<typeof authorization>>): Promise<string> {
  const back = await consent(browser, a.url);
  const res = await fetch(`${t.url}/oauth/token`, {
    method: "POST",
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code: back.searchParams.get("code")!,
      client_id: a.clientId,
      redirect_uri: redirect,
      code_verifier: a.verifier,
    }),
  });
  return (await json(res)).access_token;
}

describe("API keys", () => {
  test("a key needs a scope; created, it is shown once, works, is listed by prefix and can be revoked", async () => {
    const { browser } = await signedIn();
    const page = await browser.get("/app/settings/keys");
    assert.equal(page.status, 200);
    assert.doesNotMatch(page.text, /type="checkbox"[^>]*checked/, "no scope is ticked");
    const csrf = hiddenFields(page.text, "/app/settings/keys");
    const none = await browser.post("/app/settings/keys", { ...csrf, name: "ci" });
    assert.equal(none.status, 400);
    assert.match(none.text, /Tick at least one scope/);
    const body = new URLSearchParams({ ...csrf, name: "ci <key>" });
    body.append("scopes", "user:read");
    body.append("scopes", "repos:read");
    const created = await browser.post("/app/settings/keys", body);
    const html = created.text;
    const token = /id="new-token" readonly value="(svcp_[^"]+)"/.exec(html)?.[1];
    assert.ok(token, "the token is shown");
    assert.match(html, /ci &lt;key&gt;/);
    const me = await t.request("/api/v2/me", { token });
    assert.equal(me.status, 200);
    assert.deepEqual((await json(me)).token.scopes.sort(), ["repos:read", "user:read"]);
    const list = await browser.get("/app/settings/keys");
    assert.ok(list.text.includes(`${token.slice(0, 9)}…`), "the prefix is listed");
    assert.ok(!list.text.includes(token), "the token is not shown again");
    const id = /action="\/app\/settings\/keys\/(\d+)\/revoke"/.exec(list.text)![1]!;
    const revoked = await browser.post(`/app/settings/keys/${id}/revoke`, hiddenFields(list.text, `/app/settings/keys/${id}/revoke`));
    assert.equal(revoked.status, 303);
    await expectError(await t.request("/api/v2/me", { token }), 401, "unauthenticated");
  });
  test("another user's key cannot be revoked", async () => {
    const { browser } = await signedIn();
    const page = await browser.get("/app/settings/keys");
    const res = await browser.post(`/app/settings/keys/${ws.keyId}/revoke`, hiddenFields(page.text, "/app/settings/keys"));
    assert.equal(res.status, 404);
    assert.equal((await t.request("/api/v2/me", { token: ws.token })).status, 200);
  });
});

describe("consent screen and authorized apps", () => {
  test("names the unverified client, the workspace and each scope, marking runs:write as spending credits", async () => {
    const { browser } = await signedIn();
    const a = await authorization("Evil <script>alert(1)</script>");
    const screen = await browser.get(a.url);
    assert.equal(screen.status, 200);
    assert.ok(!screen.text.includes("<script>alert(1)"), "the client name is escaped");
    assert.match(screen.text, /Evil &lt;script&gt;/);
    assert.match(screen.text, /unverified/);
    assert.ok(screen.text.includes(`<strong>${ws.slug}</strong>`));
    assert.match(screen.text, /Estimate and start review runs.*spends credits/);
    assert.match(screen.text, /See your account/);
    assert.doesNotMatch(screen.text, /<select/, "no workspace picker");
  });
  test("without a session the request goes through sign-in and comes back to consent", async () => {
    const user = await userWithPassword(t, ws);
    const a = await authorization("Roundtrip");
    const browser = new Browser(t.url);
    const first = await browser.get(a.url);
    assert.equal(first.status, 302);
    const signInPath = first.location!;
    const form = await browser.get(signInPath);
    const done = await browser.post("/app/sign-in", { ...hiddenFields(form.text, "/app/sign-in"), email: user.email, password: user.password });
    assert.equal(done.location, a.url);
    assert.equal((await browser.get(done.location!)).status, 200);
  });
  test("the token reads the workspace active at consent; revoking the app ends it at once", async () => {
    const { user, browser } = await signedIn();
    const other = await accounts.createWorkspace(t.app.store, unique("wsb-").toLowerCase());
    await accounts.addMember(t.app.store, other.id, user.id, "member");
    const home = await browser.get("/app");
    await browser.post("/app/workspace", { ...hiddenFields(home.text, "/app/workspace"), workspace: String(other.id) });
    const token = await tokenFor(browser, await authorization("Bound app"));
    assert.equal((await json(await t.request("/api/v2/me", { token }))).organization.id, other.id);
    const apps = await browser.get("/app/settings/apps");
    assert.match(apps.text, /Bound app/);
    const id = /action="\/app\/settings\/apps\/(\d+)\/revoke"/.exec(apps.text)![1]!;
    assert.equal((await browser.post(`/app/settings/apps/${id}/revoke`, hiddenFields(apps.text, `/app/settings/apps/${id}/revoke`))).status, 303);
    await expectError(await t.request("/api/v2/me", { token }), 401, "unauthenticated");
    assert.doesNotMatch((await browser.get("/app/settings/apps")).text, /Bound app/);
  });
});

describe("authorized apps lists live grants only", () => {
  test("an app whose tokens have all expired is no longer listed", async () => {
    const { user, browser } = await signedIn();
    await tokenFor(browser, await authorization("Expiring app"));
    assert.match((await browser.get("/app/settings/apps")).text, /Expiring app/);
    const grants = t.app.store.db.selectFrom("oauth_grants").select("id").where("user_id", "=", user.id);
    await t.app.store.db
      .updateTable("tokens")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("grant_id", "in", grants)
      .execute();
    assert.doesNotMatch((await browser.get("/app/settings/apps")).text, /Expiring app/);
  });
});

describe("change password", () => {
  test("a user in no workspace can change their password too", async () => {
    const password = `pw-${unique("p")}`;
    const user = await accounts.createUser(t.app.store, { username: unique("lone"), email: `${unique("l")}@example.test`, password });
    const { browser } = await signIn(t, user.email, password);
    const page = await browser.get("/app/settings/password");
    const done = await browser.post("/app/settings/password", {
      ...hiddenFields(page.text, "/app/settings/password"),
      current: password,
      password: "new password 2",
      confirm: "new password 2",
    });
    assert.equal(done.status, 200);
    assert.equal((await signIn(t, user.email, "new password 2")).page.status, 303);
  });
  test("needs the current password; then revokes every key and app of the user and ends other sessions", async () => {
    const { user, browser } = await signedIn();
    const elsewhere = (await signIn(t, user.email, user.password)).browser;
    const key = await accounts.createApiKey(t.app.store, { workspaceId: ws.id, userId: user.id, scopes: "user:read" });
    const token = await tokenFor(browser, await authorization("Password app"));
    const page = await browser.get("/app/settings/password");
    const csrf = hiddenFields(page.text, "/app/settings/password");
    const wrong = await browser.post("/app/settings/password", { ...csrf, current: "not it", password: "new password 1", confirm: "new password 1" });
    assert.equal(wrong.status, 400);
    assert.equal((await t.request("/api/v2/me", { token: key.token })).status, 200);
    const ok = await browser.post("/app/settings/password", { ...csrf, current: user.password, password: "new password 1", confirm: "new password 1" });
    assert.equal(ok.status, 200);
    await expectError(await t.request("/api/v2/me", { token: key.token }), 401, "unauthenticated");
    await expectError(await t.request("/api/v2/me", { token }), 401, "unauthenticated");
    assert.equal((await elsewhere.get("/app")).status, 302, "the other session ended");
    assert.equal((await browser.get("/app")).status, 200, "this session stays");
    assert.equal((await signIn(t, user.email, "new password 1")).page.status, 303);
  });
});

describe("settings changes go through the operation pipeline", () => {
  let limited: TestServer;
  let lws: TestWorkspace;
  before(async () => {
    limited = await startTestServer({ env: { CRS_RATE_LIMITS: "settings=2/1m" } });
    lws = await limited.workspace();
  });
  after(() => limited.close());

  const liveKeys = async (userId: number) =>
    (
      await limited.app.store.db
        .selectFrom("tokens")
        .select("id")
        .where("user_id", "=", userId)
        .where("kind", "=", "api_key")
        .where("revoked_at", "is", null)
        .execute()
    ).length;

  test("past the settings bucket a change answers 429 with Retry-After and makes nothing", async () => {
    const user = await userWithPassword(limited, lws);
    const { browser } = await signIn(limited, user.email, user.password);
    const page = await browser.get("/app/settings/keys");
    const form = (name: string) => new URLSearchParams({ ...hiddenFields(page.text, "/app/settings/keys"), name, scopes: "user:read" });
    const first = await browser.post("/app/settings/keys", form("one"));
    assert.equal(first.status, 201);
    assert.equal(first.res.headers.get("x-ratelimit-limit"), "2");
    const list = await browser.get("/app/settings/keys");
    const id = /action="\/app\/settings\/keys\/(\d+)\/revoke"/.exec(list.text)![1]!;
    assert.equal((await browser.post(`/app/settings/keys/${id}/revoke`, hiddenFields(list.text, `/app/settings/keys/${id}/revoke`))).status, 303);
    const refused = await browser.post("/app/settings/keys", form("three"));
    assert.equal(refused.status, 429);
    assert.ok(Number(refused.res.headers.get("retry-after")) > 0, "Retry-After is sent");
    assert.equal(await liveKeys(user.id), 0, "no key was made past the budget");
  });

  test("a key's name over 100 characters is refused with the field's message, not cut", async () => {
    const user = await userWithPassword(limited, lws);
    const { browser } = await signIn(limited, user.email, user.password);
    const page = await browser.get("/app/settings/keys");
    const res = await browser.post(
      "/app/settings/keys",
      new URLSearchParams({ ...hiddenFields(page.text, "/app/settings/keys"), name: "k".repeat(101), scopes: "user:read" }),
    );
    assert.equal(res.status, 400);
    assert.match(res.text, /The name is 1 to 100 characters/);
    assert.equal(await liveKeys(user.id), 0);
  });
});
