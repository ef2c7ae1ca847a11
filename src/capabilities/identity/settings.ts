// What a signed-in user manages for themself in the app's developer settings: their own API keys
// and authorized apps (OAuth grants) in the active workspace, and their password.
import { AppError, invalidField } from "../../kernel/errors.ts";
import type { Store } from "../../platform/store/index.ts";
import { revokeGrant } from "../oauth/index.ts";
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

/** The user's live OAuth grants in the workspace (one of their tokens still valid), with when a token was last used. */
export async function listOwnApps(store: Store, workspaceId: number, userId: number, now = new Date()) {
  const rows = await store.db
    .selectFrom("oauth_grants as g")
    .innerJoin("oauth_clients as c", "c.id", "g.client_id")
    .leftJoin("tokens as t", "t.grant_id", "g.id")
    .select((eb) => ["g.id", "c.id as clientId", "c.name", "g.scopes", "g.created_at", eb.fn.max("t.last_used_at").as("lastUsedAt")])
    .where("g.workspace_id", "=", workspaceId)
    .where("g.user_id", "=", userId)
    .where("g.revoked_at", "is", null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("tokens as live")
          .select("live.id")
          .whereRef("live.grant_id", "=", "g.id")
          .where("live.revoked_at", "is", null)
          .where("live.expires_at", ">", now.toISOString()),
      ),
    )
    .groupBy(["g.id", "c.id", "c.name", "g.scopes", "g.created_at"])
    .orderBy("g.id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    clientId: r.clientId,
    clientName: r.name,
    scopes: r.scopes.split(","),
    createdAt: r.created_at,
    lastUsedAt: r.lastUsedAt ?? null,
  }));
}

export async function revokeOwnApp(store: Store, workspaceId: number, userId: number, grantId: number): Promise<void> {
  const row = await store.db
    .selectFrom("oauth_grants")
    .select("id")
    .where("id", "=", grantId)
    .where("workspace_id", "=", workspaceId)
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  if (!row) throw new AppError("not_found", "No such authorized app.");
  await revokeGrant(store.db, row.id);
}

/** Checks the current password, then sets the new one (which revokes every key and token of the user). */
export async function changePassword(store: Store, userId: number, current: string, next: string, confirm: string) {
  const user = await store.db.selectFrom("users").select("password_hash").where("id", "=", userId).executeTakeFirstOrThrow();
  if (!(await verifyPassword(user.password_hash, current))) throw invalidField("current", "The current password is wrong.");
  if (next !== confirm) throw invalidField("confirm", "The new passwords do not match.");
  return setPassword(store, userId, next);
}
