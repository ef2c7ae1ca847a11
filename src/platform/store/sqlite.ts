// Kysely's SqliteDialect expects a better-sqlite3-shaped database; this adapts node:sqlite to it,
// caching prepared statements (preparing dominates the cost of small queries).
import { DatabaseSync, type StatementSync } from "node:sqlite";
import { SqliteDialect } from "kysely";

type Param = null | number | bigint | string | Uint8Array;

interface PreparedWrapper {
  reader: boolean;
  all(params: ReadonlyArray<unknown>): unknown[];
  run(params: ReadonlyArray<unknown>): { changes: number | bigint; lastInsertRowid: number | bigint };
  iterate(params: ReadonlyArray<unknown>): Iterator<unknown>;
}

function toParams(params: ReadonlyArray<unknown>): Param[] {
  return params.map((p) => (typeof p === "boolean" ? (p ? 1 : 0) : p === undefined ? null : (p as Param)));
}

export function openSqlite(file: string): { dialect: SqliteDialect; db: DatabaseSync } {
  const db = new DatabaseSync(file, { timeout: 5000 });
  db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;");
  // One entry per SQL text: the prepared statement and the Kysely-facing wrapper around it, both
  // reused, so a repeated query allocates nothing but its parameters and rows.
  const cache = new Map<string, PreparedWrapper>();
  const wrap = (stmt: StatementSync): PreparedWrapper => ({
    reader: stmt.columns().length > 0,
    all: (params) => stmt.all(...toParams(params)),
    run: (params) => {
      const r = stmt.run(...toParams(params));
      return { changes: r.changes, lastInsertRowid: r.lastInsertRowid };
    },
    iterate: (params) => stmt.iterate(...toParams(params)),
  });
  const database = {
    close: () => db.close(),
    prepare(sql: string): PreparedWrapper {
      let entry = cache.get(sql);
      if (!entry) {
        entry = wrap(db.prepare(sql));
        if (cache.size > 500) cache.clear();
        cache.set(sql, entry);
      }
      return entry;
    },
  };
  return { dialect: new SqliteDialect({ database: database as never }), db };
}
