// Redirect URIs cannot be turned into an open redirect: registration accepts only https, loopback
// http and private-use schemes; authorization matches them exactly, loopback on any port (RFC 8252).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { Browser, signIn, userWithPassword } from "./browser.ts";
import { json, startTestServer, type TestServer } from "./harness.ts";
import * as oauth from "./oauth-requests.ts";
import { authorizeUrl, pkce } from "./oauth-requests.ts";

let t: TestServer;
let browser: Browser;
before(async () => {
  t = await startTestServer();
  const ws = await t.workspace();
  const user = await userWithPassword(t, ws);
  ({ browser } = await signIn(t, user.email, user.password));
});
after(() => t.close());

const redirect = "http://127.0.0.1:40111/callback";
const client = (uris = [redirect]) => oauth.client(t.url, uris);
const register = (body: Record<string, unknown>) => oauth.register(t.url, body);

describe("redirect URIs", () => {
  test("an unregistered redirect_uri gets an error page, never a redirect", async () => {
    const id = await client();
    const p = pkce();
    const page = await browser.get(
      authorizeUrl({
        response_type: "code",
        client_id: id,
        redirect_uri: "https://evil.example/cb",
        code_challenge: p.challenge,
        code_challenge_method: "S256",
      }),
    );
    assert.equal(page.status, 400);
    assert.equal(page.location, null);
    assert.match(page.text, /redirect_uri is not one the application registered/);
  });
  test("an unknown client_id gets an error page, never a redirect", async () => {
    const page = await browser.get(authorizeUrl({ response_type: "code", client_id: "crsc_nope", redirect_uri: redirect }));
    assert.equal(page.status, 400);
    assert.equal(page.location, null);
  });
  test("without a session, a bad request of a registered client gets an error page (400), not a redirect to its URI", async () => {
    const id = await client(["https://evil.example/landing"]);
    const p = pkce();
    const anonymous = new Browser(t.url);
    for (const bad of [
      { response_type: "token", code_challenge: p.challenge, code_challenge_method: "S256" },
      { response_type: "code" },
      { response_type: "code", code_challenge: p.challenge, code_challenge_method: "plain" },
      { response_type: "code", code_challenge: p.challenge, code_challenge_method: "S256", scope: "everything" },
    ]) {
      const page = await anonymous.get(authorizeUrl({ client_id: id, ...bad }));
      assert.equal(page.status, 400, JSON.stringify(bad));
      assert.equal(page.location, null);
      assert.match(page.res.headers.get("content-type") ?? "", /^text\/html/);
      assert.ok(!page.text.includes("evil.example"), "the page does not link to the client's URI");
    }
  });
  test("a signed-in user's bad request is shown with the client named; nothing redirects by itself", async () => {
    const id = await client(["https://evil.example/landing"]);
    const page = await browser.get(authorizeUrl({ response_type: "token", client_id: id }));
    assert.equal(page.status, 400);
    assert.equal(page.location, null);
    assert.match(page.text, /Attack test/);
    assert.match(page.text, /unsupported_response_type/);
  });
  test("a loopback redirect matches on any port (RFC 8252) but not on another path or host", async () => {
    const id = await client();
    const p = pkce();
    const base = { response_type: "code", client_id: id, code_challenge: p.challenge, code_challenge_method: "S256" };
    assert.equal((await browser.get(authorizeUrl({ ...base, redirect_uri: "http://127.0.0.1:5999/callback" }))).status, 200);
    assert.equal((await browser.get(authorizeUrl({ ...base, redirect_uri: "http://127.0.0.1:5999/other" }))).status, 400);
    assert.equal((await browser.get(authorizeUrl({ ...base, redirect_uri: "http://[::1]:5999/callback" }))).status, 400);
  });
  test("a non-loopback redirect must match exactly", async () => {
    const id = await client(["https://app.example/cb"]);
    const p = pkce();
    const base = { response_type: "code", client_id: id, code_challenge: p.challenge, code_challenge_method: "S256" };
    assert.equal((await browser.get(authorizeUrl({ ...base, redirect_uri: "https://app.example/cb" }))).status, 200);
    assert.equal((await browser.get(authorizeUrl({ ...base, redirect_uri: "https://app.example/cb?x=1" }))).status, 400);
    assert.equal((await browser.get(authorizeUrl({ ...base, redirect_uri: "https://app.example:444/cb" }))).status, 400);
  });
  test("registration refuses javascript:, plain http to a remote host and fragments", async () => {
    for (const uri of ["javascript:alert(1)", "http://app.example/cb", "https://app.example/cb#x", "data:text/html,hi"]) {
      const res = await register({ client_name: "x", redirect_uris: [uri] });
      assert.equal(res.status, 400, uri);
      assert.equal((await json(res)).error, "invalid_redirect_uri");
    }
  });
  test("registration keeps the supported grant types of those asked for, and needs the code grant", async () => {
    const res = await register({
      client_name: "VS Code-like",
      redirect_uris: ["http://127.0.0.1:33418", "https://vscode.dev/redirect"],
      grant_types: ["authorization_code", "refresh_token", "urn:ietf:params:oauth:grant-type:device_code"],
    });
    assert.equal(res.status, 201);
    assert.deepEqual((await json(res)).grant_types, ["authorization_code", "refresh_token"]);
    const implicit = await register({ client_name: "x", redirect_uris: [redirect], grant_types: ["implicit"], response_types: ["token"] });
    assert.equal((await json(implicit)).error, "invalid_client_metadata");
  });
  test("registration refuses confidential clients", async () => {
    const res = await register({ client_name: "x", redirect_uris: [redirect], token_endpoint_auth_method: "client_secret_basic" });
    assert.equal((await json(res)).error, "invalid_client_metadata");
  });
});
