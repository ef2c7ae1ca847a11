// The store: Kysely over node:sqlite (embedded default) or pg (DATABASE_URL). Migrations run at start.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import type { Database } from "./schema.ts";
import { migrateToLatest } from "./migrate.ts";
import { openSqlite } from "./sqlite.ts";

export type Engine = "sqlite" | "postgres";

export interface Store {
  db: Kysely<Database>;
  engine: Engine;
  close(): Promise<void>;
  /**
   * Refreshes the query planner's statistics where they are stale (SQLite's `PRAGMA optimize`;
   * on PostgreSQL, ANALYZE of the tables autovacuum would analyze next, now). Without them SQLite
   * reads findings by id through the workspace index, scanning the whole workspace for each batch
   * of ids, and PostgreSQL plans a large import's first reads on default estimates.
   */
  optimize(): Promise<void>;
}

export interface StoreOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** PostgreSQL schema to use (created if missing); tests isolate themselves this way. */
  schema?: string;
  migrate?: boolean;
}

// pg returns BIGINT (sums, counts) as strings; ours fit comfortably in a double.
pg.types.setTypeParser(20, (v) => Number(v));

export async function openStore(opts: StoreOptions): Promise<Store> {
  let store: Store;
  if (opts.databaseUrl) {
    const schema = opts.schema;
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 3000,
      idleTimeoutMillis: 10_000,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    // An idle client losing its connection must not crash the process; the next query reports it.
    pool.on("error", () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    if (schema) {
      // Two processes creating the schema at once can both pass "if not exists"; the loser's
      // duplicate error means the schema is there, which is all we need.
      await sql`create schema if not exists ${sql.id(schema)}`.execute(db).catch((err: { code?: string }) => {
        if (err.code !== "23505" && err.code !== "42P06") throw err;
      });
    }
    store = { db, engine: "postgres", close: () => db.destroy(), optimize: () => analyzeStale(db) };
  } else {
    mkdirSync(opts.dataDir, { recursive: true });
    const { dialect } = openSqlite(join(opts.dataDir, "crs.sqlite"));
    const db = new Kysely<Database>({ dialect });
    // 0x10002: analyse every table whose size changed enough since (bounded by an analysis limit).
    store = {
      db,
      engine: "sqlite",
      close: () => db.destroy(),
      optimize: async () => {
        await sql`PRAGMA optimize=0x10002`.execute(db);
      },
    };
  }
  if (opts.migrate !== false) {
    try {
      await migrateToLatest(store);
    } catch (err) {
      await store.close();
      throw err;
    }
  }
  await store.optimize();
  return store;
}

/**
 * ANALYZE of this schema's tables whose rows changed by more than autovacuum's own threshold since
 * their last analysis (50 rows plus a tenth of the table), so the reads right after a large import
 * do not wait for autovacuum's next round (up to a minute) to be planned on real numbers.
 */
async function analyzeStale(db: Kysely<Database>): Promise<void> {
  const stale = await sql<{ relname: string }>`select relname from pg_stat_user_tables
    where schemaname = current_schema() and n_mod_since_analyze > 50 + 0.1 * n_live_tup`.execute(db);
  for (const { relname } of stale.rows) await sql`analyze ${sql.id(relname)}`.execute(db);
}
