// Dynamic client registration (RFC 7591) of public clients, and redirect URI matching: exact,
// except that a loopback redirect (RFC 8252 §7.3) matches on any port.
import { randomBytes } from "node:crypto";
import type { Store } from "../../platform/store/index.ts";
import { isName } from "../../kernel/text.ts";
import { OAuthError } from "./errors.ts";

export interface Client {
  id: string;
  name: string;
  redirectUris: string[];
}

/** The crs command line's client (migration 013): it never registers, and only it is verified. */
export const firstPartyClientId = "crs-cli";

/** Whether crs knows who made the client: decided by the fixed id alone, never by a name. */
export const isVerifiedClient = (id: string): boolean => id === firstPartyClientId;

const loopbackHosts = new Set(["127.0.0.1", "[::1]", "localhost"]);
const maxRedirects = 10;

function parseUrl(uri: string): URL | undefined {
  try {
    return new URL(uri);
  } catch {
    return undefined;
  }
}

function isLoopback(u: URL): boolean {
  return u.protocol === "http:" && loopbackHosts.has(u.hostname);
}

/** https anywhere, http only on a loopback address, or a private-use scheme (RFC 8252 §7.1: com.example.app:/cb). */
function acceptableRedirect(uri: string): boolean {
  const u = parseUrl(uri);
  if (!u || u.hash || uri.includes("#") || uri.length > 2000) return false;
  if (u.protocol === "https:") return !u.username && !u.password;
  if (u.protocol === "http:") return isLoopback(u);
  // Private-use schemes must contain a dot (reverse domain), which also keeps out javascript:, data:, file: and the like.
  return /^[a-z][a-z0-9+.-]*\.[a-z0-9+.-]+:$/.test(u.protocol);
}

export function redirectMatches(registered: readonly string[], requested: string): boolean {
  if (registered.includes(requested)) return true;
  const r = parseUrl(requested);
  if (!r || !isLoopback(r) || requested.includes("#")) return false;
  return registered.some((uri) => {
    const g = parseUrl(uri);
    return !!g && isLoopback(g) && g.hostname === r.hostname && g.pathname === r.pathname && g.search === r.search;
  });
}

const str = (v: unknown): v is string => typeof v === "string";

export async function registerClient(store: Store, meta: Record<string, unknown>, now = new Date()) {
  const uris = meta.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || uris.length > maxRedirects || !uris.every(str)) {
    throw new OAuthError("invalid_redirect_uri", `redirect_uris must list 1 to ${maxRedirects} URIs.`);
  }
  const bad = uris.find((u) => !acceptableRedirect(u));
  if (bad !== undefined)
    throw new OAuthError(
      "invalid_redirect_uri",
      `Redirect URI ${bad.slice(0, 200)} is not allowed: use https, a loopback http address or a private-use scheme, without a fragment.`,
    );
  const method = meta.token_endpoint_auth_method ?? "none";
  if (method !== "none") throw new OAuthError("invalid_client_metadata", "Only public clients register here: token_endpoint_auth_method must be none.");
  // Clients list grants they might use elsewhere (VS Code adds the device code grant): the server
  // answers with the subset it supports (RFC 7591 §3.2.1), as long as the code grant is in it.
  const asked = meta.grant_types ?? ["authorization_code", "refresh_token"];
  if (!Array.isArray(asked) || !asked.includes("authorization_code")) {
    throw new OAuthError("invalid_client_metadata", "grant_types must include authorization_code.");
  }
  const grants = ["authorization_code", ...(asked.includes("refresh_token") ? ["refresh_token"] : [])];
  const responses = meta.response_types ?? ["code"];
  if (!Array.isArray(responses) || !responses.includes("code")) {
    throw new OAuthError("invalid_client_metadata", "response_types must include code.");
  }
  if (meta.client_name !== undefined && (!str(meta.client_name) || meta.client_name.trim() === "")) {
    throw new OAuthError("invalid_client_metadata", "client_name must be a non-empty string.");
  }
  if (str(meta.client_name) && !isName(meta.client_name)) {
    throw new OAuthError("invalid_client_metadata", "client_name may not hold control characters.");
  }
  const name = str(meta.client_name) ? meta.client_name.trim().slice(0, 100) : "Unnamed client";
  const id = `crsc_${randomBytes(18).toString("base64url")}`;
  await store.db
    .insertInto("oauth_clients")
    .values({ id, name, redirect_uris: JSON.stringify(uris), created_at: now.toISOString() })
    .execute();
  return {
    client_id: id,
    client_id_issued_at: Math.floor(now.getTime() / 1000),
    client_name: name,
    redirect_uris: uris,
    grant_types: grants,
    response_types: ["code"],
    token_endpoint_auth_method: "none",
    ...(str(meta.scope) ? { scope: meta.scope } : {}),
  };
}

export async function findClient(store: Store, id: string | undefined): Promise<Client | undefined> {
  if (!id || id.length > 100) return undefined;
  const row = await store.db.selectFrom("oauth_clients").select(["id", "name", "redirect_uris"]).where("id", "=", id).executeTakeFirst();
  return row ? { id: row.id, name: row.name, redirectUris: JSON.parse(row.redirect_uris) as string[] } : undefined;
}
