// The client side of the server's OAuth 2.1 authorization server, by the standards only:
// discovery (RFC 8414), authorization code with PKCE S256 and a loopback redirect on any port
// (RFC 8252) as the server's own first-party client, refresh, revocation (RFC 7009).
import { bodyOf, ClientError, reach } from "./api.ts";
import { target, writeLogin, type Login } from "./credentials.ts";

export interface ServerMetadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  registration_endpoint?: string;
  revocation_endpoint?: string;
  scopes_supported?: string[];
}

async function postForm(url: string, form: Record<string, string>): Promise<{ status: number; body: any }> {
  const res = await reach(
    url,
    url,
    { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" }, body: new URLSearchParams(form) },
    "",
  );
  return { status: res.status, body: await bodyOf(res) };
}

export async function discover(url: string): Promise<ServerMetadata> {
  const res = await reach(
    url,
    `${url}/.well-known/oauth-authorization-server`,
    { headers: { accept: "application/json" } },
    "Is the server running? Check " + "--url or CRS_URL.",
  );
  if (!res.ok)
    throw new ClientError(`${url} offers no OAuth sign-in (${res.status}); use crs login --with-token with an API key.`, {
      exitCode: 1,
      code: "oauth_unavailable",
    });
  return (await res.json()) as ServerMetadata;
}

/**
 * The id of the command line's own client on every crs server (created with the store; see
 * migration 013): no registration, and the consent screen shows it as verified.
 */
export const cliClientId = "crs-cli";

export function pkce(): { verifier: string; challenge: string; state: string } {
  const { createHash, randomBytes } = process.getBuiltinModule("node:crypto"); // only logins need it
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url"), state: randomBytes(16).toString("base64url") };
}

export interface TokenAnswer {
  access_token: string;
  refresh_token?: string;
  expires_in?: number;
  scope?: string;
}

export async function exchange(meta: ServerMetadata, form: Record<string, string>): Promise<TokenAnswer> {
  const r = await postForm(meta.token_endpoint, form);
  if (r.status !== 200 || typeof r.body?.access_token !== "string") {
    throw new ClientError(`Sign-in failed: ${r.body?.error_description ?? r.body?.error ?? `token endpoint answered ${r.status}`}`, {
      exitCode: 4,
      code: r.body?.error ?? "oauth_failed",
    });
  }
  return r.body as TokenAnswer;
}

export function loginOf(url: string, clientId: string, t: TokenAnswer, now = Date.now()): Login {
  return {
    url,
    kind: "oauth",
    token: t.access_token,
    refreshToken: t.refresh_token,
    clientId,
    expiresAt: t.expires_in ? new Date(now + t.expires_in * 1000).toISOString() : undefined,
  };
}

/** The access token to use: refreshed (and stored again) first when it expires within a minute. */
async function refreshIfExpiring(login: Login, env: NodeJS.ProcessEnv): Promise<string> {
  if (login.kind !== "oauth" || !login.refreshToken || !login.clientId || !login.expiresAt) return login.token;
  if (Date.parse(login.expiresAt) - Date.now() > 60_000) return login.token;
  const meta = await discover(login.url);
  const t = await exchange(meta, { grant_type: "refresh_token", refresh_token: login.refreshToken, client_id: login.clientId });
  const next = loginOf(login.url, login.clientId, { ...t, refresh_token: t.refresh_token ?? login.refreshToken });
  writeLogin(next, env);
  return next.token;
}

/** The token for a request: CRS_TOKEN as given, else the stored login's (an OAuth one refreshed first). */
export async function currentToken(env: NodeJS.ProcessEnv): Promise<string | null> {
  const t = target(env);
  return t.token && !env.CRS_TOKEN && t.login ? refreshIfExpiring(t.login, env) : t.token;
}

/** Revokes the refresh token (ending the grant) and the access token; the failures, if any. */
export async function revoke(login: Login): Promise<string[]> {
  const failures: string[] = [];
  let meta: ServerMetadata;
  try {
    meta = await discover(login.url);
  } catch (err) {
    return [(err as Error).message];
  }
  if (!meta.revocation_endpoint) return ["the server has no revocation endpoint"];
  const tokens: Array<[string, string | undefined]> = [
    ["refresh_token", login.refreshToken],
    ["access_token", login.token],
  ];
  for (const [hint, token] of tokens) {
    if (!token) continue;
    try {
      const r = await postForm(meta.revocation_endpoint, { token, token_type_hint: hint, ...(login.clientId ? { client_id: login.clientId } : {}) });
      if (r.status !== 200) failures.push(`${hint}: ${r.body?.error_description ?? r.body?.error ?? r.status}`);
    } catch (err) {
      failures.push(`${hint}: ${(err as Error).message}`);
    }
  }
  return failures;
}
