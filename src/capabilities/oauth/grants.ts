// The token endpoint's authorization-code grant (RFC 6749 §4.1.3) as OAuth 2.1 has it: a code is
// exchanged once, with its PKCE verifier, for a grant and its first tokens. The refresh grant and
// revocation are in refresh.ts; what both issue and end is here.
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { AuthConfig } from "../../kernel/config.ts";
import type { Store } from "../../platform/store/index.ts";
import type { Database } from "../../platform/store/schema.ts";
import { safeEqual } from "../../kernel/safe-equal.ts";
import { generateToken, hashToken } from "../../kernel/tokens.ts";
import { checkResource, hashCode } from "./authorize.ts";
import { OAuthError } from "./errors.ts";

export interface TokenResponse {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  refresh_token: string;
  scope: string;
}

export interface TokenSettings {
  auth: AuthConfig;
  baseUrl: string;
}

const verifierRe = /^[A-Za-z0-9._~-]{43,128}$/;
export const invalidGrant = (why: string) => new OAuthError("invalid_grant", why);

function s256(verifier: string): string {
  return createHash("sha256").update(verifier).digest("base64url");
}

/** Ends a grant: it and every access and refresh token issued under it (the grant first: see refreshTokens). */
export async function revokeGrant(db: Kysely<Database>, grantId: number, now = new Date()): Promise<void> {
  const at = now.toISOString();
  await db.updateTable("oauth_grants").set({ revoked_at: at }).where("id", "=", grantId).where("revoked_at", "is", null).execute();
  await db.updateTable("tokens").set({ revoked_at: at }).where("grant_id", "=", grantId).where("revoked_at", "is", null).execute();
}

/** The user must still be active and a member of the workspace to get tokens (access ends with them). */
export async function stillAllowed(db: Kysely<Database>, userId: number, workspaceId: number): Promise<boolean> {
  const row = await db
    .selectFrom("users as u")
    .innerJoin("memberships as m", (j) => j.onRef("m.user_id", "=", "u.id").on("m.workspace_id", "=", workspaceId))
    .select("u.suspended")
    .where("u.id", "=", userId)
    .executeTakeFirst();
  return !!row && !row.suspended;
}

export async function issueTokens(
  db: Kysely<Database>,
  s: TokenSettings,
  grant: { id: number; userId: number; workspaceId: number; scopes: string; clientName: string },
  now: Date,
): Promise<TokenResponse> {
  const access = generateToken("oauth_access");
  const refresh = generateToken("oauth_refresh");
  const base = {
    workspace_id: grant.workspaceId,
    user_id: grant.userId,
    name: `OAuth: ${grant.clientName}`,
    scopes: grant.scopes,
    created_at: now.toISOString(),
    last_used_at: null,
    revoked_at: null,
    grant_id: grant.id,
  };
  await db
    .insertInto("tokens")
    .values([
      { ...base, kind: "oauth_access", token_hash: hashToken(access), expires_at: new Date(now.getTime() + s.auth.accessTokenSeconds * 1000).toISOString() },
      {
        ...base,
        kind: "oauth_refresh",
        token_hash: hashToken(refresh),
        expires_at: new Date(now.getTime() + s.auth.refreshTokenDays * 86400_000).toISOString(),
      },
    ])
    .execute();
  return {
    access_token: access,
    token_type: "Bearer",
    expires_in: s.auth.accessTokenSeconds,
    refresh_token: refresh,
    scope: grant.scopes.split(",").join(" "),
  };
}

export interface CodeExchange {
  code?: string;
  code_verifier?: string;
  redirect_uri?: string;
  client_id?: string;
  resource?: string;
}

export async function exchangeCode(store: Store, s: TokenSettings, p: CodeExchange, now = new Date()): Promise<TokenResponse> {
  if (!p.code) throw new OAuthError("invalid_request", "code is required.");
  if (!p.client_id) throw new OAuthError("invalid_request", "client_id is required.");
  const code = await store.db
    .selectFrom("oauth_codes as c")
    .innerJoin("oauth_clients as k", "k.id", "c.client_id")
    .selectAll("c")
    .select("k.name as clientName")
    .where("c.code_hash", "=", hashCode(p.code))
    .executeTakeFirst();
  if (!code) throw invalidGrant("The code is invalid.");
  if (code.used_at !== null) {
    // A replayed code: whatever was issued for it may be in the wrong hands (RFC 6749 §4.1.2).
    if (code.grant_id !== null) await revokeGrant(store.db, code.grant_id, now);
    throw invalidGrant("The code was already used.");
  }
  const claimed = await store.db
    .updateTable("oauth_codes")
    .set({ used_at: now.toISOString() })
    .where("code_hash", "=", code.code_hash)
    .where("used_at", "is", null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) throw invalidGrant("The code was already used.");
  if (code.expires_at <= now.toISOString()) throw invalidGrant("The code expired.");
  if (code.client_id !== p.client_id) throw invalidGrant("The code was issued to another client.");
  // OAuth 2.1 drops redirect_uri from the token request (PKCE binds the code); when sent, it must match.
  if (p.redirect_uri !== undefined && p.redirect_uri !== code.redirect_uri) throw invalidGrant("redirect_uri differs from the authorization request's.");
  if (!p.code_verifier || !verifierRe.test(p.code_verifier) || !safeEqual(s256(p.code_verifier), code.code_challenge)) {
    throw invalidGrant("The PKCE code_verifier does not match the code_challenge.");
  }
  if (p.resource !== undefined && checkResource(s.baseUrl, p.resource) !== code.resource) {
    throw new OAuthError("invalid_target", "resource differs from the authorization request's.");
  }
  return store.db.transaction().execute(async (tx) => {
    if (!(await stillAllowed(tx, code.user_id, code.workspace_id))) throw invalidGrant("The user no longer has access to the workspace.");
    const grant = await tx
      .insertInto("oauth_grants")
      .values({
        client_id: code.client_id,
        user_id: code.user_id,
        workspace_id: code.workspace_id,
        scopes: code.scopes,
        resource: code.resource,
        created_at: now.toISOString(),
        last_used_at: null,
        revoked_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await tx.updateTable("oauth_codes").set({ grant_id: grant.id }).where("code_hash", "=", code.code_hash).execute();
    return issueTokens(tx, s, { id: grant.id, userId: code.user_id, workspaceId: code.workspace_id, scopes: code.scopes, clientName: code.clientName }, now);
  });
}
