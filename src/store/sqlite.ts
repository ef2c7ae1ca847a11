// Kysely's SqliteDialect expects a better-sqlite3-shaped database; this adapts node:sqlite to it,
// caching prepared statements (preparing dominates the cost of small queries).
import { DatabaseSync, type StatementSync } from "node:sqlite";
import { SqliteDialect } from "kysely";

type Param = null | number | bigint | string | Uint8Array;

function toParams(params: ReadonlyArray<unknown>): Param[] {
  return params.map((p) => (typeof p === "boolean" ? (p ? 1 : 0) : p === undefined ? null : (p as Param)));
}

export function openSqlite(file: string): { dialect: SqliteDialect; db: DatabaseSync } {
  const db = new DatabaseSync(file, { timeout: 5000 });
  db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;");
  const cache = new Map<string, { stmt: StatementSync; reader: boolean }>();
  const prepare = (sql: string) => {
    let entry = cache.get(sql);
    if (!entry) {
      const stmt = db.prepare(sql);
      entry = { stmt, reader: stmt.columns().length > 0 };
      if (cache.size > 500) cache.clear();
      cache.set(sql, entry);
    }
    return entry;
  };
  const database = {
    close: () => db.close(),
    prepare(sql: string) {
      const { stmt, reader } = prepare(sql);
      return {
        reader,
        all: (params: ReadonlyArray<unknown>) => stmt.all(...toParams(params)),
        run: (params: ReadonlyArray<unknown>) => {
          const r = stmt.run(...toParams(params));
          return { changes: r.changes, lastInsertRowid: r.lastInsertRowid };
        },
        iterate: (params: ReadonlyArray<unknown>) => stmt.iterate(...toParams(params)),
      };
    },
  };
  return { dialect: new SqliteDialect({ database: database as never }), db };
}
