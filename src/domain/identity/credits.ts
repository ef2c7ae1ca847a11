import { sql } from "kysely";
import type { Store } from "../../store/index.ts";
import { compiledOnce } from "../../store/compiled.ts";

// GET /me reads the balance on every admin request: the query is compiled once per database handle
// and run with the workspace id (building and compiling it cost more than running it).
const balanceQuery = compiledOnce((db) => db.selectFrom("credit_ledger")
  .select(sql<number>`coalesce(sum(amount_cents), 0)`.as("balance"))
  .where("workspace_id", "=", 0)
  .compile(), "balance query must take exactly the workspace id");

/** The workspace's balance: the sum of its ledger (grants positive, charges negative). */
export async function creditBalanceCents(store: Store, workspaceId: number): Promise<number> {
  const rows = await balanceQuery(store.db, workspaceId);
  return Number(rows[0]?.balance ?? 0);
}
