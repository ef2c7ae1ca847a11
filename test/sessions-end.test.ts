// Web sessions end when the password changes (by the operator or the user) or the user is suspended;
// a removed membership or a changed role applies to a live session at once. Through the real paths:
// the `crs admin` executable over the server's store and the app's forms.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { Browser, hiddenFields, signIn } from "./browser.ts";
import { startTestServer, type TestServer } from "./harness.ts";
import { cliEnv, crs, crsJson, type CliEnv, dropCliStore, sameStoreAsCli } from "./cli.ts";

let e: CliEnv;
let t: TestServer;
before(async () => {
  e = await cliEnv();
  await crsJson(e, ["admin", "workspace", "create", "acme"]);
  await crsJson(e, ["admin", "workspace", "create", "other"]);
  t = await startTestServer(sameStoreAsCli(e));
});
after(async () => {
  await t.close();
  await dropCliStore(e);
});

let n = 0;
/** A user made by the admin CLI, member of acme, signed in to the app. */
async function signedInUser(role: "admin" | "member" = "member") {
  const name = `u${++n}`;
  const password = `secret-${name}-pw`;
  await crsJson(e, ["admin", "user", "create", name, "--email", `${name}@example.test`, "--password", password]);
  await crsJson(e, ["admin", "member", "add", "acme", name, "--role", role]);
  const { browser, page } = await signIn(t, `${name}@example.test`, password);
  assert.equal(page.status, 303);
  return { name, password, browser };
}

/** Posts the create-key form of a page loaded earlier (its CSRF token still valid). */
async function createKey(browser: Browser, form: Record<string, string>) {
  const body = new URLSearchParams({ ...form, name: "after" });
  body.append("scopes", "user:read");
  return browser.post("/app/settings/keys", body);
}

async function keyCount(name: string): Promise<number> {
  const keys = await crsJson<{ user: { username: string } }[]>(e, ["admin", "key", "list", "acme"]);
  return keys.filter((k) => k.user.username === name).length;
}

describe("sessions end with the password or the account", () => {
  test("after `crs admin user set-password`, the old cookie cannot create an API key (303 to sign-in)", async () => {
    const bob = await signedInUser();
    const form = hiddenFields((await bob.browser.get("/app/settings/keys")).text, "/app/settings/keys");
    const r = await crs(e, ["admin", "user", "set-password", bob.name, "--password", "a new password"]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /1 web session\(s\) ended/);
    const res = await createKey(bob.browser, form);
    assert.equal(res.status, 303);
    assert.equal(res.location, "/app/sign-in");
    assert.equal(await keyCount(bob.name), 0);
    assert.equal((await bob.browser.get("/app")).status, 302);
  });
  test("a suspended user's sessions stay ended after unsuspension", async () => {
    const carol = await signedInUser();
    const form = hiddenFields((await carol.browser.get("/app/settings/keys")).text, "/app/settings/keys");
    assert.equal((await crs(e, ["admin", "user", "suspend", carol.name])).code, 0);
    assert.equal((await crs(e, ["admin", "user", "unsuspend", carol.name])).code, 0);
    const res = await createKey(carol.browser, form);
    assert.equal(res.status, 303);
    assert.equal(res.location, "/app/sign-in");
    assert.equal(await keyCount(carol.name), 0);
  });
  test("the user's own change ends their other sessions and re-issues the current one", async () => {
    const dave = await signedInUser();
    const elsewhere = (await signIn(t, `${dave.name}@example.test`, dave.password)).browser;
    const before = dave.browser.cookies.get("crs_session");
    const page = await dave.browser.get("/app/settings/password");
    const ok = await dave.browser.post("/app/settings/password", {
      ...hiddenFields(page.text, "/app/settings/password"),
      current: dave.password,
      password: "brand new pw",
      confirm: "brand new pw",
    });
    assert.equal(ok.status, 200);
    const after = dave.browser.cookies.get("crs_session");
    assert.ok(after && after !== before, "a new session cookie is set");
    assert.equal((await dave.browser.get("/app")).status, 200, "the new session works");
    const stale = new Browser(t.url);
    stale.cookies.set("crs_session", before!);
    assert.equal((await stale.get("/app")).status, 302, "the old cookie value is dead");
    assert.equal((await elsewhere.get("/app")).status, 302, "the other session ended");
  });
});

describe("membership changes apply to live sessions", () => {
  test("a member removed from the workspace can no longer create keys there", async () => {
    const erin = await signedInUser();
    const form = hiddenFields((await erin.browser.get("/app/settings/keys")).text, "/app/settings/keys");
    assert.equal((await crs(e, ["admin", "member", "remove", "acme", erin.name])).code, 0);
    const res = await createKey(erin.browser, form);
    assert.equal(res.status, 403);
    assert.equal(await keyCount(erin.name), 0);
  });
  test("a role change shows at once in the session", async () => {
    const frank = await signedInUser("member");
    assert.match((await frank.browser.get("/app")).text, /role member/);
    await crsJson(e, ["admin", "member", "add", "acme", frank.name, "--role", "admin"]);
    assert.match((await frank.browser.get("/app")).text, /role owner/);
  });
});
