// Attacks on the authorization flow are refused: forged forms (CSRF), PKCE downgrades, code
// replay, foreign resources; and a denial reaches the client as access_denied.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { consent, hiddenFields, signIn, userWithPassword, type Browser } from "./browser.ts";
import { expectError, json, startTestServer, type TestServer, type TestWorkspace } from "./harness.ts";
import * as oauth from "./oauth-requests.ts";
import { authorizeUrl, pkce } from "./oauth-requests.ts";
import { deleteExpired, unusedClientDays } from "../src/capabilities/oauth/cleanup.ts";

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

const redirect = "http://127.0.0.1:40111/callback";
const client = (uris = [redirect]) => oauth.client(t.url, uris);
const token = (form: Record<string, string>) => oauth.tokenRequest(t.url, form);

async function codeFor(clientId: string, p = pkce(), redirectUri = redirect) {
  const back = await consent(
    browser,
    authorizeUrl({
      response_type: "code",
      client_id: clientId,
      redirect_uri: redirectUri,
      code_challenge: p.challenge,
      code_challenge_method: "S256",
      state: "s1",
    }),
  );
  return { code: back.searchParams.get("code")!, ...p };
}

/** The link back to the application on an authorization error page. */
function linkBack(html: string): string {
  const href = /<a href="([^"]+)" rel="noreferrer">Return to the application/.exec(html)?.[1];
  assert.ok(href, html.slice(0, 1000));
  return href.replace(/&amp;/g, "&");
}

describe("PKCE", () => {
  test("code_challenge_method=plain is refused on a page (400) whose link back carries the error and the state", async () => {
    const id = await client();
    const page = await browser.get(
      authorizeUrl({
        response_type: "code",
        client_id: id,
        redirect_uri: redirect,
        code_challenge: "a".repeat(43),
        code_challenge_method: "plain",
        state: "s",
      }),
    );
    assert.equal(page.status, 400);
    assert.equal(page.location, null);
    const back = new URL(linkBack(page.text));
    assert.equal(back.origin + back.pathname, redirect);
    assert.equal(back.searchParams.get("error"), "invalid_request");
    assert.equal(back.searchParams.get("state"), "s");
  });
  test("a request without code_challenge is refused without a redirect", async () => {
    const id = await client();
    const page = await browser.get(authorizeUrl({ response_type: "code", client_id: id, redirect_uri: redirect }));
    assert.equal(page.status, 400);
    assert.equal(page.location, null);
    assert.equal(new URL(linkBack(page.text)).searchParams.get("error"), "invalid_request");
  });
  test("a code exchanged without or with a wrong code_verifier gets invalid_grant", async () => {
    const id = await client();
    const { code } = await codeFor(id);
    const missing = await token({ grant_type: "authorization_code", code, client_id: id, redirect_uri: redirect });
    assert.equal((await json(missing)).error, "invalid_grant");
    const again = await codeFor(id);
    const wrong = await token({ grant_type: "authorization_code", code: again.code, client_id: id, redirect_uri: redirect, code_verifier: pkce().verifier });
    assert.equal(wrong.status, 400);
    assert.equal((await json(wrong)).error, "invalid_grant");
  });
});

describe("codes", () => {
  test("a replayed code is refused and revokes the tokens issued for it", async () => {
    const id = await client();
    const c = await codeFor(id);
    const form = { grant_type: "authorization_code", code: c.code, client_id: id, redirect_uri: redirect, code_verifier: c.verifier };
    const first = await token(form);
    assert.equal(first.status, 200);
    assert.equal(first.headers.get("cache-control"), "no-store");
    const issued = await json(first);
    assert.equal((await t.request("/api/v2/me", { token: issued.access_token })).status, 200);
    const replay = await token(form);
    assert.equal((await json(replay)).error, "invalid_grant");
    await expectError(await t.request("/api/v2/me", { token: issued.access_token }), 401, "unauthenticated");
  });
  test("a public client may name itself in HTTP Basic with an empty secret, but a secret is refused", async () => {
    const id = await client();
    const c = await codeFor(id);
    const form = new URLSearchParams({ grant_type: "authorization_code", code: c.code, redirect_uri: redirect, code_verifier: c.verifier });
    const withSecret = await fetch(`${t.url}/oauth/token`, {
      method: "POST",
      headers: { authorization: `Basic ${Buffer.from(`${id}:secret`).toString("base64")}` },
      body: form,
    });
    assert.equal(withSecret.status, 401);
    assert.equal((await json(withSecret)).error, "invalid_client");
    const ok = await fetch(`${t.url}/oauth/token`, {
      method: "POST",
      headers: { authorization: `Basic ${Buffer.from(`${id}:`).toString("base64")}` },
      body: form,
    });
    assert.equal(ok.status, 200);
  });
  test("a code is bound to its client and redirect URI", async () => {
    const id = await client();
    const other = await client();
    const c = await codeFor(id);
    const stolen = await token({ grant_type: "authorization_code", code: c.code, client_id: other, redirect_uri: redirect, code_verifier: c.verifier });
    assert.equal((await json(stolen)).error, "invalid_grant");
    const d = await codeFor(id);
    const elsewhere = await token({
      grant_type: "authorization_code",
      code: d.code,
      client_id: id,
      redirect_uri: "http://127.0.0.1:40111/other",
      code_verifier: d.verifier,
    });
    assert.equal((await json(elsewhere)).error, "invalid_grant");
  });
  test("a resource other than this server's is refused with invalid_target", async () => {
    const id = await client();
    const p = pkce();
    const page = await browser.get(
      authorizeUrl({
        response_type: "code",
        client_id: id,
        redirect_uri: redirect,
        code_challenge: p.challenge,
        code_challenge_method: "S256",
        resource: "https://other.example/mcp",
      }),
    );
    assert.equal(page.status, 400);
    assert.equal(new URL(linkBack(page.text)).searchParams.get("error"), "invalid_target");
  });
  test("an unknown grant type gets unsupported_grant_type", async () => {
    assert.equal((await json(await token({ grant_type: "password", username: "a", password: "b" }))).error, "unsupported_grant_type");
  });
});

describe("consent", () => {
  test("denying sends access_denied and the state to the client", async () => {
    const id = await client();
    const p = pkce();
    const back = await consent(
      browser,
      authorizeUrl({ response_type: "code", client_id: id, redirect_uri: redirect, code_challenge: p.challenge, code_challenge_method: "S256", state: "keep" }),
      "deny",
    );
    assert.equal(back.searchParams.get("error"), "access_denied");
    assert.equal(back.searchParams.get("state"), "keep");
    assert.equal(back.searchParams.get("code"), null);
    assert.equal(back.searchParams.get("iss"), t.url);
  });
  test("an approval without the CSRF token is refused and issues no code", async () => {
    const id = await client();
    const p = pkce();
    const screen = await browser.get(
      authorizeUrl({ response_type: "code", client_id: id, redirect_uri: redirect, code_challenge: p.challenge, code_challenge_method: "S256" }),
    );
    const { _csrf, ...fields } = hiddenFields(screen.text, "/oauth/authorize");
    assert.ok(_csrf);
    const forged = await browser.post("/oauth/authorize", { ...fields, decision: "approve" });
    assert.equal(forged.status, 403);
    assert.equal(forged.location, null);
    const codes = await t.app.store.db.selectFrom("oauth_codes").select("code_hash").where("client_id", "=", id).execute();
    assert.equal(codes.length, 0);
    const wrong = await browser.post("/oauth/authorize", { ...fields, _csrf: "x".repeat(52), decision: "approve" });
    assert.equal(wrong.status, 403);
  });
  test("the API ignores the session cookie", async () => {
    const res = await fetch(`${t.url}/api/v2/me`, { headers: { cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join("; ") } });
    await expectError(res, 401, "unauthenticated");
  });
});

describe("housekeeping of registered clients", () => {
  test("a client nobody authorized within a week is deleted and then unknown; authorized, recent and first-party ones stay", async () => {
    const unused = await client();
    const recent = await client();
    const used = await client();
    const c = await codeFor(used);
    const exchanged = await token({ grant_type: "authorization_code", code: c.code, client_id: used, redirect_uri: redirect, code_verifier: c.verifier });
    assert.equal(exchanged.status, 200);
    const weekAgo = new Date(Date.now() - (unusedClientDays + 1) * 86400_000).toISOString();
    await t.app.store.db.updateTable("oauth_clients").set({ created_at: weekAgo }).where("id", "in", [unused, used, "crs-cli"]).execute();
    await deleteExpired(t.app.store);
    const left = (await t.app.store.db.selectFrom("oauth_clients").select("id").where("id", "in", [unused, recent, used, "crs-cli"]).execute()).map(
      (r) => r.id,
    );
    assert.deepEqual(left.sort(), [recent, used, "crs-cli"].sort(), "the first-party client is never dropped");
    // The authorized client's tokens still work.
    const { access_token: accessToken } = await json(exchanged);
    assert.equal((await t.request("/api/v2/me", { token: accessToken })).status, 200);
    // The dropped one is unknown: the authorization endpoint refuses it without redirecting.
    const p = pkce();
    const page = await browser.get(
      authorizeUrl({
        response_type: "code",
        client_id: unused,
        redirect_uri: redirect,
        code_challenge: p.challenge,
        code_challenge_method: "S256",
        state: "s",
      }),
    );
    assert.equal(page.location, null);
    assert.equal(page.status, 400);
  });
});
