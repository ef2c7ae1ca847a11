// The authorization request (RFC 6749 §4.1.1 with OAuth 2.1's PKCE S256 requirement and the RFC 8707
// resource indicator) and the single-use code issued when the user approves it.
import { createHash, randomBytes } from "node:crypto";
import type { Store } from "../../platform/store/index.ts";
import { isScope, scopes as allScopes, type Scope } from "../../kernel/scopes.ts";
import { findClient, redirectMatches, type Client } from "./clients.ts";
import { OAuthError } from "./errors.ts";

const codeLifetimeMs = 5 * 60 * 1000;

export interface AuthorizationRequest {
  client: Client;
  redirectUri: string;
  state: string | undefined;
  scopes: Scope[];
  codeChallenge: string;
  resource: string;
}

/** What a request that cannot be trusted to redirect gets: an error page, never a redirect (no open redirect). */
export class UnsafeRequest extends Error {}

/**
 * An error of a request whose client and redirect URI are verified. It may go back to that URI only
 * once the user has seen the client (RFC 9700 §4.11.2): registration is open, so before that a
 * redirect would bounce visitors from this origin to any site.
 */
export class RedirectableError extends OAuthError {
  readonly redirectUri: string;
  readonly state: string | undefined;
  readonly client: Client;
  constructor(err: OAuthError, redirectUri: string, state: string | undefined, client: Client) {
    super(err.error, err.message);
    this.redirectUri = redirectUri;
    this.state = state;
    this.client = client;
  }
}

/** The resource indicators this server answers for: the whole service, its MCP endpoint and its REST API. */
function resourcesOf(baseUrl: string): string[] {
  return [baseUrl, `${baseUrl}/`, `${baseUrl}/mcp`, `${baseUrl}/api/v2`];
}

/** The resource a token is bound to; absent means the whole service. */
export function checkResource(baseUrl: string, resource: string | undefined): string {
  if (resource === undefined || resource === "") return baseUrl;
  if (!resourcesOf(baseUrl).includes(resource)) throw new OAuthError("invalid_target", `This server issues tokens for ${baseUrl} and ${baseUrl}/mcp only.`);
  return resource === `${baseUrl}/` ? baseUrl : resource;
}

/** Space-separated scopes; none asked means every scope (the consent screen lists them). */
function parseRequestedScopes(raw: string | undefined): Scope[] {
  // offline_access is OpenID's way to ask for a refresh token; every grant here has one.
  const items = [...new Set((raw ?? "").split(" ").filter((s) => s && s !== "offline_access"))];
  if (items.length === 0) return [...allScopes];
  const unknown = items.filter((s) => !isScope(s));
  if (unknown.length) throw new OAuthError("invalid_scope", `Unknown scope ${unknown.join(", ").slice(0, 200)}.`);
  return allScopes.filter((s) => items.includes(s));
}

const challengeRe = /^[A-Za-z0-9._~-]{43,128}$/;

export async function checkAuthorizationRequest(store: Store, baseUrl: string, q: Record<string, string | undefined>): Promise<AuthorizationRequest> {
  const client = await findClient(store, q.client_id);
  if (!client) throw new UnsafeRequest("The application is not registered with this server (unknown client_id).");
  const redirectUri = q.redirect_uri ?? (client.redirectUris.length === 1 ? client.redirectUris[0]! : undefined);
  if (!redirectUri || !redirectMatches(client.redirectUris, redirectUri)) {
    throw new UnsafeRequest("The redirect_uri is not one the application registered.");
  }
  const state = q.state;
  try {
    if (q.response_type !== "code") throw new OAuthError("unsupported_response_type", "Only response_type=code is supported.");
    if (!q.code_challenge) throw new OAuthError("invalid_request", "PKCE is required: send code_challenge with code_challenge_method=S256.");
    if (q.code_challenge_method !== "S256") throw new OAuthError("invalid_request", "Only code_challenge_method=S256 is supported.");
    if (!challengeRe.test(q.code_challenge)) throw new OAuthError("invalid_request", "code_challenge is not a valid S256 challenge.");
    return { client, redirectUri, state, scopes: parseRequestedScopes(q.scope), codeChallenge: q.code_challenge, resource: checkResource(baseUrl, q.resource) };
  } catch (err) {
    if (err instanceof OAuthError) throw new RedirectableError(err, redirectUri, state, client);
    throw err;
  }
}

export function hashCode(code: string): string {
  return createHash("sha256").update(code).digest("hex");
}

/** Issues the code for an approved request, bound to the user and the workspace active at consent. */
export async function issueCode(store: Store, req: AuthorizationRequest, userId: number, workspaceId: number, now = new Date()): Promise<string> {
  const code = randomBytes(32).toString("base64url");
  await store.db
    .insertInto("oauth_codes")
    .values({
      code_hash: hashCode(code),
      client_id: req.client.id,
      user_id: userId,
      workspace_id: workspaceId,
      scopes: req.scopes.join(","),
      resource: req.resource,
      redirect_uri: req.redirectUri,
      code_challenge: req.codeChallenge,
      expires_at: new Date(now.getTime() + codeLifetimeMs).toISOString(),
      used_at: null,
      grant_id: null,
    })
    .execute();
  return code;
}

/** The client's redirect URI with the code or error and the state (RFC 6749 §4.1.2). */
export function redirectWith(redirectUri: string, params: Record<string, string | undefined>): string {
  const u = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) u.searchParams.set(k, v);
  return u.toString();
}
