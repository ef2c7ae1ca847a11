import { sql } from "kysely";
import type { Store } from "../../store/index.ts";

/** The workspace's balance: the sum of its ledger (grants positive, charges negative). */
export async function creditBalanceCents(store: Store, workspaceId: number): Promise<number> {
  const row = await store.db.selectFrom("credit_ledger")
    .select(sql<number>`coalesce(sum(amount_cents), 0)`.as("balance"))
    .where("workspace_id", "=", workspaceId)
    .executeTakeFirst();
  return Number(row?.balance ?? 0);
}
