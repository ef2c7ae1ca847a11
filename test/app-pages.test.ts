// The app's pages over HTTP: sign-in (cookie flags, CSRF, throttling), sign-out, the workspace
// switcher and its effect on consent, and escaping of every value.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { App } from "../src/kernel/app.ts";
import * as accounts from "../src/capabilities/identity/index.ts";
import { createSession, deleteExpiredSessions, readSession } from "../src/capabilities/identity/sessions.ts";
import { cookieOptions } from "../src/capabilities/identity/web/session.ts";
import { Browser, hiddenFields, signIn, userWithPassword } from "./browser.ts";
import { startTestServer, unique, type TestServer, type TestWorkspace } from "./harness.ts";

let t: TestServer;
let ws: TestWorkspace;
before(async () => {
  t = await startTestServer({ env: { CRS_SIGN_IN_MAX_FAILURES: "3" } });
  ws = await t.workspace();
});
after(() => t.close());

describe("sign-in", () => {
  test("a signed-in session is an HTTP-only SameSite cookie stored only as a hash, not Secure on http", async () => {
    const user = await userWithPassword(t, ws);
    const browser = new Browser(t.url);
    const form = await browser.get("/app/sign-in?next=/app/settings/keys");
    const res = await browser.post("/app/sign-in", { ...hiddenFields(form.text, "/app/sign-in"), email: user.email.toUpperCase(), password: user.password });
    assert.equal(res.status, 303);
    assert.equal(res.location, "/app/settings/keys");
    const cookie = res.res.headers.getSetCookie().find((c) => c.startsWith("crs_session="))!;
    assert.match(cookie, /HttpOnly/);
    assert.match(cookie, /SameSite=Lax/);
    assert.doesNotMatch(cookie, /Secure/);
    const value = browser.cookies.get("crs_session")!;
    const rows = await t.app.store.db.selectFrom("app_sessions").select("id_hash").where("user_id", "=", user.id).execute();
    assert.equal(rows.length, 1);
    assert.notEqual(rows[0]!.id_hash, value);
    assert.equal((await browser.get("/app")).status, 200);
  });
  test("a wrong password answers 401 with the form again and no session", async () => {
    const user = await userWithPassword(t, ws);
    const { browser, page } = await signIn(t, user.email, "wrong password");
    assert.equal(page.status, 401);
    assert.match(page.text, /email or password is wrong/);
    assert.equal(browser.cookies.has("crs_session"), false);
  });
  test("after too many failures the account is throttled, even with the right password", async () => {
    const user = await userWithPassword(t, ws);
    for (let i = 0; i < 3; i++) assert.equal((await signIn(t, user.email, "nope")).page.status, 401);
    const { page } = await signIn(t, user.email, user.password);
    assert.equal(page.status, 429);
    assert.equal(page.res.headers.get("retry-after"), "900");
  });
  test("a successful sign-in clears the account's failures", async () => {
    const user = await userWithPassword(t, ws);
    for (let i = 0; i < 2; i++) assert.equal((await signIn(t, user.email, "nope")).page.status, 401);
    assert.equal((await signIn(t, user.email, user.password)).page.status, 303);
    for (let i = 0; i < 2; i++) assert.equal((await signIn(t, user.email, "nope")).page.status, 401);
    assert.equal((await signIn(t, user.email, user.password)).page.status, 303);
  });
  test("after too many failures from one address, every account is throttled there", async () => {
    // Its own server, so this address's count does not reach the other tests.
    const s = await startTestServer({ env: { CRS_SIGN_IN_MAX_FAILURES: "1" } });
    try {
      const w = await s.workspace();
      for (let i = 0; i < 5; i++) assert.equal((await signIn(s, `nobody${i}@example.test`, "nope")).page.status, 401);
      const user = await userWithPassword(s, w);
      assert.equal((await signIn(s, user.email, user.password)).page.status, 429);
    } finally {
      await s.close();
    }
  });
  test("a sign-in form posted without its CSRF token is refused", async () => {
    const user = await userWithPassword(t, ws);
    const browser = new Browser(t.url);
    await browser.get("/app/sign-in");
    const res = await browser.post("/app/sign-in", { email: user.email, password: user.password });
    assert.equal(res.status, 403);
    assert.equal(browser.cookies.has("crs_session"), false);
  });
  test("next never leads off the server", async () => {
    const user = await userWithPassword(t, ws);
    for (const next of ["//evil.example/x", "https://evil.example/", "/\\evil.example"]) {
      const { page } = await signIn(t, user.email, user.password, next);
      assert.equal(page.location, "/app", next);
    }
  });
  test("a suspended user cannot sign in", async () => {
    const user = await userWithPassword(t, ws);
    await accounts.setSuspended(t.app.store, user.id, true);
    assert.equal((await signIn(t, user.email, user.password)).page.status, 401);
  });
  test("pages need a session; without one they lead to sign-in and back", async () => {
    const res = await new Browser(t.url).get("/app/settings/keys");
    assert.equal(res.status, 302);
    assert.equal(res.location, `/app/sign-in?next=${encodeURIComponent("/app/settings/keys")}`);
  });
  test("sign-out ends the session in the database", async () => {
    const user = await userWithPassword(t, ws);
    const { browser } = await signIn(t, user.email, user.password);
    const home = await browser.get("/app");
    const cookie = browser.cookies.get("crs_session")!;
    const out = await browser.post("/app/sign-out", hiddenFields(home.text, "/app/sign-out"));
    assert.equal(out.status, 303);
    const rows = await t.app.store.db.selectFrom("app_sessions").select("id_hash").where("user_id", "=", user.id).execute();
    assert.equal(rows.length, 0);
    browser.cookies.set("crs_session", cookie);
    assert.equal((await browser.get("/app")).status, 302);
  });
  test("pages cannot be framed and are not cached", async () => {
    const res = await new Browser(t.url).get("/app/sign-in");
    assert.equal(res.res.headers.get("x-frame-options"), "DENY");
    assert.match(res.res.headers.get("content-security-policy")!, /frame-ancestors 'none'/);
    assert.equal(res.res.headers.get("cache-control"), "no-store");
  });
});

describe("workspace switcher", () => {
  test("switches the active workspace, only to one the user belongs to", async () => {
    const user = await userWithPassword(t, ws);
    const other = await accounts.createWorkspace(t.app.store, unique("ws2-").toLowerCase(), "Other <b>space</b>");
    await accounts.addMember(t.app.store, other.id, user.id, "member");
    const stranger = await accounts.createWorkspace(t.app.store, unique("ws3-").toLowerCase());
    const { browser } = await signIn(t, user.email, user.password);
    const home = await browser.get("/app");
    assert.match(home.text, /Other &lt;b&gt;space&lt;\/b&gt;/, "names are escaped");
    const csrf = hiddenFields(home.text, "/app/workspace");
    const refused = await browser.post("/app/workspace", { ...csrf, workspace: String(stranger.id) });
    assert.equal(refused.status, 404);
    const switched = await browser.post("/app/workspace", { ...csrf, workspace: String(other.id) });
    assert.equal(switched.status, 303);
    assert.match((await browser.get("/app")).text, /Active workspace: <strong>Other &lt;b&gt;space/);
  });
});

describe("cookies and housekeeping", () => {
  test("cookies are Secure when the base URL is https", () => {
    assert.equal(cookieOptions({ config: { baseUrl: "https://crs.example" } } as App).secure, true);
    assert.equal(cookieOptions({ config: { baseUrl: "http://127.0.0.1:8080" } } as App).secure, false);
  });
  test("an expired session is not accepted and is deleted by the cleanup", async () => {
    const user = await userWithPassword(t, ws);
    const value = await createSession(t.app.store, user.id, 1, new Date(Date.now() - 2 * 3600_000));
    assert.equal(await readSession(t.app.store, value), undefined);
    await deleteExpiredSessions(t.app.store);
    const rows = await t.app.store.db.selectFrom("app_sessions").select("id_hash").where("user_id", "=", user.id).execute();
    assert.equal(rows.length, 0);
  });
  test("the root leads to the app", async () => {
    const res = await new Browser(t.url).get("/");
    assert.equal(res.location, "/app");
  });
});
