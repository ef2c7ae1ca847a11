// What other capabilities keep on a workspace's row: the monthly spending limit (runs checks it
// against the ledger) and the inbox version (findings bumps it with every import and triage change;
// positions cache on it). Each takes the caller's database handle, so it joins the caller's transaction.
import type { Kysely } from "kysely";
import type { Database } from "../../platform/store/schema.ts";

type Db = Kysely<Database>;

/** The workspace's monthly spending limit in cents; null for none (or no such workspace). */
export async function workspaceSpendLimit(db: Db, workspaceId: number): Promise<number | null> {
  const row = await db.selectFrom("workspaces").select("spend_limit_cents").where("id", "=", workspaceId).executeTakeFirst();
  return row?.spend_limit_cents ?? null;
}

/** Sets (or with null removes) the limit, unchecked (runs checks the amount); false when there is no such workspace. */
export async function setWorkspaceSpendLimit(db: Db, workspaceId: number, cents: number | null): Promise<boolean> {
  const res = await db.updateTable("workspaces").set({ spend_limit_cents: cents }).where("id", "=", workspaceId).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** The workspace's inbox version (0 for none). */
export async function workspaceInboxVersion(db: Db, workspaceId: number): Promise<number> {
  const row = await db.selectFrom("workspaces").select("inbox_version").where("id", "=", workspaceId).executeTakeFirst();
  return row?.inbox_version ?? 0;
}

/** Bumps the inbox version and returns the new one; inside a transaction, the row stays locked until it ends. */
export async function bumpWorkspaceInboxVersion(db: Db, workspaceId: number): Promise<number> {
  const row = await db
    .updateTable("workspaces")
    .set((eb) => ({ inbox_version: eb("inbox_version", "+", 1) }))
    .where("id", "=", workspaceId)
    .returning("inbox_version")
    .executeTakeFirstOrThrow();
  return row.inbox_version;
}
