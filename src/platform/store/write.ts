// A transaction that decides from what it reads (a balance, an idempotency key) and must not race
// another one doing the same for the same workspace. SQLite: BEGIN IMMEDIATE takes the one write
// lock before the first read, across processes too. PostgreSQL: the workspace row is locked FOR
// UPDATE, so such transactions of one workspace run one at a time while other workspaces go on.
import { sql, type Kysely } from "kysely";
import type { Store } from "./index.ts";
import type { Database } from "./schema.ts";

export async function workspaceTransaction<T>(store: Store, workspaceId: number, fn: (tx: Kysely<Database>) => Promise<T>): Promise<T> {
  if (store.engine === "postgres") {
    return store.db.transaction().execute(async (tx) => {
      await tx.selectFrom("workspaces").select("id").where("id", "=", workspaceId).forUpdate().execute();
      return fn(tx);
    });
  }
  // Kysely's SQLite driver hands out its one connection under a mutex: nothing else runs in between.
  return store.db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const result = await fn(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (err) {
      await sql`rollback`.execute(conn).catch(() => {});
      throw err;
    }
  });
}
