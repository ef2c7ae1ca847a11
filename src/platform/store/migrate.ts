// Applies the migrations that have not run yet, once, also when several processes start together.
// Kysely's Migrator introspects every schema of the database on each start (and fails when another
// schema is dropped meanwhile), so crs keeps its own small ledger table instead.
import { sql, type Kysely } from "kysely";
import type { Store } from "./index.ts";
import { migrations } from "./migrations/index.ts";

export const ledgerTable = "crs_migrations";

async function pending(db: Kysely<any>, names: string[]): Promise<string[]> {
  await sql`create table if not exists ${sql.table(ledgerTable)} (name text primary key, applied_at text not null)`.execute(db);
  const rows = await db.selectFrom(ledgerTable).select("name").execute();
  const done = new Set(rows.map((r: { name: string }) => r.name));
  return names.filter((n) => !done.has(n));
}

export async function migrateToLatest(store: Store): Promise<void> {
  const all = migrations(store.engine);
  const names = Object.keys(all).sort();
  const apply = async (db: Kysely<any>) => {
    for (const name of await pending(db, names)) {
      try {
        await all[name]!.up(db);
      } catch (err) {
        throw new Error(`migration ${name} failed: ${(err as Error).message}`, { cause: err });
      }
      await db.insertInto(ledgerTable).values({ name, applied_at: new Date().toISOString() }).execute();
    }
  };
  if (store.engine === "postgres") {
    // DDL is transactional on PostgreSQL; the advisory lock (per schema) makes a second process
    // wait and then find nothing left to do.
    await store.db.transaction().execute(async (tx) => {
      await sql`select pg_advisory_xact_lock(hashtext(current_schema() || '.crs_migrations'))`.execute(tx);
      await apply(tx as unknown as Kysely<any>);
    });
    return;
  }
  // SQLite: BEGIN IMMEDIATE takes the write lock up front, so a concurrent `crs admin` waits
  // (busy timeout) instead of reading a stale ledger.
  await store.db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      await apply(conn as unknown as Kysely<any>);
      await sql`commit`.execute(conn);
    } catch (err) {
      await sql`rollback`.execute(conn).catch(() => {});
      throw err;
    }
  });
}
