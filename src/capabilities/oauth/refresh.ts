// The token endpoint's refresh grant (RFC 6749 §6) and revocation (RFC 7009): a refresh token is
// used once and replaced, and presenting a used one again (a sign it leaked) revokes the whole grant.
import type { Store } from "../../platform/store/index.ts";
import { hasValidChecksum, hashToken, tokenKind } from "../../kernel/tokens.ts";
import { checkResource } from "./authorize.ts";
import { OAuthError } from "./errors.ts";
import { invalidGrant, issueTokens, revokeGrant, stillAllowed, type TokenResponse, type TokenSettings } from "./grants.ts";

export interface RefreshRequest {
  refresh_token?: string;
  client_id?: string;
  resource?: string;
  scope?: string;
}

export async function refreshTokens(store: Store, s: TokenSettings, p: RefreshRequest, now = new Date()): Promise<TokenResponse> {
  if (!p.refresh_token) throw new OAuthError("invalid_request", "refresh_token is required.");
  if (tokenKind(p.refresh_token) !== "oauth_refresh" || !hasValidChecksum(p.refresh_token)) throw invalidGrant("The refresh token is invalid.");
  const row = await store.db
    .selectFrom("tokens as t")
    .innerJoin("oauth_grants as g", "g.id", "t.grant_id")
    .innerJoin("oauth_clients as k", "k.id", "g.client_id")
    .select([
      "t.id",
      "t.revoked_at",
      "t.expires_at",
      "g.id as grantId",
      "g.client_id",
      "g.user_id",
      "g.workspace_id",
      "g.scopes",
      "g.resource",
      "g.revoked_at as grantRevokedAt",
      "k.name as clientName",
    ])
    .where("t.token_hash", "=", hashToken(p.refresh_token))
    .where("t.kind", "=", "oauth_refresh")
    .executeTakeFirst();
  if (!row) throw invalidGrant("The refresh token is invalid.");
  if (p.client_id !== undefined && p.client_id !== row.client_id) throw invalidGrant("The refresh token was issued to another client.");
  if (row.grantRevokedAt !== null) throw invalidGrant("The authorization was revoked.");
  const reused = async () => {
    // Reuse of a rotated refresh token: the grant is ended, for the legitimate client too.
    await revokeGrant(store.db, row.grantId, now);
    return invalidGrant("The refresh token was already used; the authorization is revoked.");
  };
  if (row.revoked_at !== null) throw await reused();
  if (row.expires_at !== null && row.expires_at <= now.toISOString()) throw invalidGrant("The refresh token expired.");
  if (p.resource !== undefined && checkResource(s.baseUrl, p.resource) !== row.resource) {
    throw new OAuthError("invalid_target", "resource differs from the authorization's.");
  }
  const granted = row.scopes.split(",");
  const asked = p.scope ? p.scope.split(" ").filter(Boolean) : granted;
  // A scope parameter of only spaces would issue a token for nothing and use up the refresh token.
  if (asked.length === 0) throw new OAuthError("invalid_scope", "scope names no scope; leave it out to keep the authorization's scopes.");
  if (asked.some((x) => !granted.includes(x))) throw new OAuthError("invalid_scope", "A refresh cannot add scopes to the authorization.");
  // Claimed with a conditional update, so two concurrent refreshes with one token cannot both win.
  const used = await store.db
    .updateTable("tokens")
    .set({ revoked_at: now.toISOString() })
    .where("id", "=", row.id)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) === 0) throw await reused();
  return store.db.transaction().execute(async (tx) => {
    if (!(await stillAllowed(tx, row.user_id, row.workspace_id))) throw invalidGrant("The user no longer has access to the workspace.");
    // Row-locks the grant: a revocation racing this refresh either comes first (and this one
    // fails) or waits for it and then revokes the tokens issued here too.
    const live = await tx
      .updateTable("oauth_grants")
      .set({ last_used_at: now.toISOString() })
      .where("id", "=", row.grantId)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    if (Number(live.numUpdatedRows) === 0) throw invalidGrant("The authorization was revoked.");
    return issueTokens(
      tx,
      s,
      {
        id: row.grantId,
        userId: row.user_id,
        workspaceId: row.workspace_id,
        scopes: granted.filter((x) => asked.includes(x)).join(","),
        clientName: row.clientName,
      },
      now,
    );
  });
}

/** RFC 7009: revoking an access or refresh token ends its grant; unknown tokens are not an error. */
export async function revokeToken(store: Store, p: { token?: string; client_id?: string }, now = new Date()): Promise<void> {
  if (!p.token) throw new OAuthError("invalid_request", "token is required.");
  const kind = tokenKind(p.token);
  if ((kind !== "oauth_access" && kind !== "oauth_refresh") || !hasValidChecksum(p.token)) return;
  const row = await store.db
    .selectFrom("tokens as t")
    .innerJoin("oauth_grants as g", "g.id", "t.grant_id")
    .select(["g.id", "g.client_id"])
    .where("t.token_hash", "=", hashToken(p.token))
    .executeTakeFirst();
  if (!row) return;
  if (p.client_id !== undefined && p.client_id !== row.client_id) throw new OAuthError("unauthorized_client", "The token was issued to another client.");
  await revokeGrant(store.db, row.id, now);
}
