// What a signed-in user manages for themself in the app's developer settings: their own API keys
// and authorized apps (OAuth grants) in the active workspace, and their password.
import { AppError, invalidField } from "../../kernel/errors.ts";
import type { Store } from "../../platform/store/index.ts";
import { revokeUserGrant, userGrants } from "../oauth/index.ts";
import { setPassword } from "./accounts.ts";
import { verifyPassword } from "./passwords.ts";

export async function listOwnKeys(store: Store, workspaceId: number, userId: number) {
  const rows = await store.db
    .selectFrom("tokens")
    .select(["id", "name", "token_prefix", "scopes", "created_at", "last_used_at"])
    .where("workspace_id", "=", workspaceId)
    .where("user_id", "=", userId)
    .where("kind", "=", "api_key")
    .where("revoked_at", "is", null)
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    prefix: r.token_prefix,
    scopes: r.scopes.split(","),
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at,
  }));
}

export async function revokeOwnKey(store: Store, workspaceId: number, userId: number, keyId: number): Promise<void> {
  const r = await store.db
    .updateTable("tokens")
    .set({ revoked_at: new Date().toISOString() })
    .where("id", "=", keyId)
    .where("workspace_id", "=", workspaceId)
    .where("user_id", "=", userId)
    .where("kind", "=", "api_key")
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) throw new AppError("not_found", "No such API key.");
}

/**
 * The user's live OAuth grants in the workspace (one of their tokens still valid), with when a token
 * was last used: the grants come from oauth, their tokens' use and life from one grouped read here.
 */
export async function listOwnApps(store: Store, workspaceId: number, userId: number, now = new Date()) {
  const grants = await userGrants(store.db, workspaceId, userId);
  if (grants.length === 0) return [];
  const at = now.toISOString();
  const ids = grants.map((g) => g.id);
  const use = await store.db
    .selectFrom("tokens")
    .select((eb) => {
      const valid = eb.and([eb("revoked_at", "is", null), eb("expires_at", ">", at)]);
      return ["grant_id", eb.fn.max("last_used_at").as("lastUsedAt"), eb.fn.max(eb.case().when(valid).then(1).else(0).end()).as("live")];
    })
    .where("workspace_id", "=", workspaceId)
    .where("user_id", "=", userId)
    .where("grant_id", "in", ids)
    .groupBy("grant_id")
    .execute();
  const byGrant = new Map(use.map((u) => [u.grant_id, u]));
  return grants.flatMap((g) => {
    const u = byGrant.get(g.id);
    return u && Number(u.live) === 1 ? [{ ...g, lastUsedAt: u.lastUsedAt ?? null }] : [];
  });
}

export async function revokeOwnApp(store: Store, workspaceId: number, userId: number, grantId: number): Promise<void> {
  if (!(await revokeUserGrant(store.db, workspaceId, userId, grantId))) throw new AppError("not_found", "No such authorized app.");
}

/** Checks the current password, then sets the new one (which revokes every key and token of the user). */
export async function changePassword(store: Store, userId: number, current: string, next: string, confirm: string) {
  const user = await store.db.selectFrom("users").select("password_hash").where("id", "=", userId).executeTakeFirstOrThrow();
  if (!(await verifyPassword(user.password_hash, current))) throw invalidField("current", "The current password is wrong.");
  if (next !== confirm) throw invalidField("confirm", "The new passwords do not match.");
  return setPassword(store, userId, next);
}
