import { sql, type RawBuilder } from "kysely";
import type { Engine } from "./index.ts";

/**
 * A text column compared byte-wise on both engines, so sort order and keyset cursors agree
 * between SQLite (BINARY) and PostgreSQL (whose default collation ignores punctuation).
 */
export function bytewise(engine: Engine, column: string): RawBuilder<string> {
  return engine === "postgres" ? sql<string>`${sql.ref(column)} collate "C"` : sql<string>`${sql.ref(column)}`;
}
