// The whole OAuth flow driven by the official MCP SDK's client-side auth against the real server:
// a 401 from /mcp leads to discovery (RFC 9728, RFC 8414), registration (RFC 7591), PKCE, consent
// approved in a signed-in session, the code exchange, refresh with rotation, reuse detection and
// revocation (RFC 7009).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { auth, UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { hasValidChecksum, hashToken } from "../src/kernel/tokens.ts";
import { consent, signIn, userWithPassword, type Browser } from "./browser.ts";
import { callTool } from "./mcp-client.ts";
import { MemoryProvider } from "./oauth-client.ts";
import { expectError, json, startTestServer, type TestServer, type TestWorkspace } from "./harness.ts";

let t: TestServer;
let ws: TestWorkspace;
let browser: Browser;
let user: Awaited<ReturnType<typeof userWithPassword>>;
before(async () => {
  t = await startTestServer();
  ws = await t.workspace();
  user = await userWithPassword(t, ws);
  ({ browser } = await signIn(t, user.email, user.password));
});
after(() => t.close());

const mcpUrl = () => new URL(`${t.url}/mcp`);

async function connect(provider: MemoryProvider): Promise<Client> {
  const client = new Client({ name: "oauth-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider }));
  return client;
}

/** Runs the SDK's flow to the consent screen, approves it and finishes with the code. */
async function authorize(provider: MemoryProvider): Promise<void> {
  const transport = new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider });
  await assert.rejects(new Client({ name: "oauth-test", version: "1.0.0" }).connect(transport), UnauthorizedError);
  assert.ok(provider.authorizationUrl, "the SDK was sent to the authorization endpoint");
  const back = await consent(browser, provider.authorizationUrl.toString());
  assert.equal(back.searchParams.get("state"), provider.stateValue);
  await transport.finishAuth(back.searchParams.get("code")!);
}

const tokenRequest = (form: Record<string, string>) => fetch(`${t.url}/oauth/token`, { method: "POST", body: new URLSearchParams(form) });

describe("MCP client signs in by URL alone", () => {
  test("401 from /mcp names the protected resource metadata, which names this authorization server", async () => {
    const res = await fetch(mcpUrl(), { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    assert.equal(res.status, 401);
    const challenge = res.headers.get("www-authenticate")!;
    const m = /resource_metadata="([^"]+)"/.exec(challenge);
    assert.equal(m?.[1], `${t.url}/.well-known/oauth-protected-resource/mcp`);
    const prm = await json(await fetch(m![1]!));
    assert.equal(prm.resource, `${t.url}/mcp`);
    assert.deepEqual(prm.authorization_servers, [t.url]);
    const meta = await json(await fetch(`${t.url}/.well-known/oauth-authorization-server`));
    assert.equal(meta.issuer, t.url);
    assert.deepEqual(meta.code_challenge_methods_supported, ["S256"]);
    assert.deepEqual(meta.token_endpoint_auth_methods_supported, ["none"]);
  });

  test("the SDK registers, gets consent and tools work with the svca_ token it receives", async () => {
    const provider = new MemoryProvider();
    await authorize(provider);
    const access = provider.saved!.access_token;
    assert.match(access, /^svca_/);
    assert.ok(hasValidChecksum(access));
    assert.match(provider.saved!.refresh_token!, /^svcr_/);
    assert.equal(provider.saved!.expires_in, 3600);
    const stored = await t.app.store.db.selectFrom("tokens").selectAll().where("token_hash", "=", hashToken(access)).executeTakeFirstOrThrow();
    assert.equal(stored.kind, "oauth_access");
    assert.equal(stored.user_id, user.id);
    assert.equal(stored.workspace_id, ws.id);
    const grant = await t.app.store.db.selectFrom("oauth_grants").selectAll().where("id", "=", stored.grant_id!).executeTakeFirstOrThrow();
    assert.equal(grant.resource, `${t.url}/mcp`);
    const client = await connect(provider);
    const me = await callTool(client, "get_me");
    assert.equal(me.isError, false);
    assert.equal(me.body.user.id, user.id);
    assert.equal(me.body.token.kind, "oauth_access");
    await client.close();
    // The same token works against REST.
    const rest = await t.request("/api/v2/me", { token: access });
    assert.equal(rest.status, 200);
    assert.equal((await json(rest)).organization.id, ws.id);
  });

  test("refresh rotates both tokens; the old access token keeps working until it expires", async () => {
    const provider = new MemoryProvider();
    await authorize(provider);
    const first = provider.saved!;
    assert.equal(await auth(provider, { serverUrl: mcpUrl() }), "AUTHORIZED");
    const second = provider.saved!;
    assert.notEqual(second.access_token, first.access_token);
    assert.notEqual(second.refresh_token, first.refresh_token);
    assert.equal((await t.request("/api/v2/me", { token: second.access_token })).status, 200);
  });

  test("reusing a rotated refresh token is refused and revokes the whole grant", async () => {
    const provider = new MemoryProvider();
    await authorize(provider);
    const first = provider.saved!;
    await auth(provider, { serverUrl: mcpUrl() });
    const second = provider.saved!;
    const reuse = await tokenRequest({ grant_type: "refresh_token", refresh_token: first.refresh_token!, client_id: provider.client!.client_id });
    assert.equal(reuse.status, 400);
    assert.equal((await json(reuse)).error, "invalid_grant");
    await expectError(await t.request("/api/v2/me", { token: second.access_token }), 401, "unauthenticated");
    const later = await tokenRequest({ grant_type: "refresh_token", refresh_token: second.refresh_token!, client_id: provider.client!.client_id });
    assert.equal((await json(later)).error, "invalid_grant");
  });

  test("two refreshes racing with one refresh token: one is refused and the grant ends", async () => {
    const provider = new MemoryProvider();
    await authorize(provider);
    const form = { grant_type: "refresh_token", refresh_token: provider.saved!.refresh_token!, client_id: provider.client!.client_id };
    const answers = await Promise.all([tokenRequest(form), tokenRequest(form)]);
    // The loser looks like a stolen token being replayed: the grant ends, with the winner's tokens
    // if there was a winner (a revocation landing first refuses both).
    assert.ok(answers.some((r) => r.status === 400));
    for (const r of answers.filter((a) => a.status === 200)) {
      await expectError(await t.request("/api/v2/me", { token: (await json(r)).access_token }), 401, "unauthenticated");
    }
  });

  test("revoking the refresh token (RFC 7009) ends the grant's access tokens at once", async () => {
    const provider = new MemoryProvider();
    await authorize(provider);
    const tokens = provider.saved!;
    const res = await fetch(`${t.url}/oauth/revoke`, {
      method: "POST",
      body: new URLSearchParams({ token: tokens.refresh_token!, token_type_hint: "refresh_token", client_id: provider.client!.client_id }),
    });
    assert.equal(res.status, 200);
    const after = await t.request("/api/v2/me", { token: tokens.access_token });
    await expectError(after, 401, "unauthenticated");
    assert.match(after.headers.get("www-authenticate")!, /error="invalid_token"/);
    // The SDK tries to refresh, which the ended grant refuses.
    await assert.rejects(connect(provider), (err: Error) => err.name === "InvalidGrantError");
  });

  test("revoking an unknown token answers 200 (RFC 7009 §2.2)", async () => {
    const res = await fetch(`${t.url}/oauth/revoke`, { method: "POST", body: new URLSearchParams({ token: "svca_nonsense" }) });
    assert.equal(res.status, 200);
  });
});
