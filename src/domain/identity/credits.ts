import { sql, type CompiledQuery, type Kysely } from "kysely";
import type { Store } from "../../store/index.ts";
import type { Database } from "../../store/schema.ts";

function balanceQuery(db: Kysely<Database>) {
  return db.selectFrom("credit_ledger")
    .select(sql<number>`coalesce(sum(amount_cents), 0)`.as("balance"))
    .where("workspace_id", "=", 0)
    .compile();
}
type BalanceRow = ReturnType<typeof balanceQuery> extends CompiledQuery<infer R> ? R : never;

// GET /me reads the balance on every admin request: the query is compiled once per database handle
// and run with the workspace id (building and compiling it cost more than running it).
const compiled = new WeakMap<Kysely<Database>, ReturnType<typeof balanceQuery>>();

/** The workspace's balance: the sum of its ledger (grants positive, charges negative). */
export async function creditBalanceCents(store: Store, workspaceId: number): Promise<number> {
  let query = compiled.get(store.db);
  if (!query) {
    query = balanceQuery(store.db);
    if (query.parameters.length !== 1) throw new Error("balance query must take exactly the workspace id");
    compiled.set(store.db, query);
  }
  const { rows } = await store.db.executeQuery<BalanceRow>({ ...query, parameters: [workspaceId] });
  return Number(rows[0]?.balance ?? 0);
}
