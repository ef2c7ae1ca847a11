// A user's OAuth grants as identity sees them: they end with the user's tokens (a password change,
// a removed membership), and the developer settings list and revoke them as authorized apps.
import type { Kysely } from "kysely";
import type { Database } from "../../platform/store/schema.ts";
import { revokeGrant } from "./grants.ts";

/**
 * Ends the user's live grants (in one workspace, or in all when none is given), in the caller's
 * transaction: identity revokes the tokens issued under them in the same one.
 */
export async function endUserGrants(db: Kysely<Database>, userId: number, workspaceId: number | undefined, at: string): Promise<void> {
  let q = db.updateTable("oauth_grants").set({ revoked_at: at }).where("user_id", "=", userId).where("revoked_at", "is", null);
  if (workspaceId !== undefined) q = q.where("workspace_id", "=", workspaceId);
  await q.execute();
}

export interface UserGrant {
  id: number;
  clientId: string;
  clientName: string;
  scopes: string[];
  createdAt: string;
}

/** The user's grants in the workspace that were not revoked, by id, with their client's name. */
export async function userGrants(db: Kysely<Database>, workspaceId: number, userId: number): Promise<UserGrant[]> {
  const rows = await db
    .selectFrom("oauth_grants as g")
    .innerJoin("oauth_clients as c", "c.id", "g.client_id")
    .select(["g.id", "c.id as clientId", "c.name", "g.scopes", "g.created_at"])
    .where("g.workspace_id", "=", workspaceId)
    .where("g.user_id", "=", userId)
    .where("g.revoked_at", "is", null)
    .orderBy("g.id")
    .execute();
  return rows.map((r) => ({ id: r.id, clientId: r.clientId, clientName: r.name, scopes: r.scopes.split(","), createdAt: r.created_at }));
}

/** Revokes one of the user's live grants in the workspace and its tokens; false when there is no such grant. */
export async function revokeUserGrant(db: Kysely<Database>, workspaceId: number, userId: number, grantId: number, now = new Date()): Promise<boolean> {
  const row = await db
    .selectFrom("oauth_grants")
    .select("id")
    .where("id", "=", grantId)
    .where("workspace_id", "=", workspaceId)
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  if (!row) return false;
  await revokeGrant(db, row.id, now);
  return true;
}
