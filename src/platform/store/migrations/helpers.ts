import type { CreateTableBuilder, Kysely } from "kysely";
import type { Engine } from "../index.ts";

export interface MigrationDef {
  up(db: Kysely<unknown>): Promise<void>;
}

/** The largest id withId's column holds: serial is a 32-bit integer on PostgreSQL. */
export const maxId = 2 ** 31 - 1;

/** An auto-incrementing integer primary key, spelled per engine. */
export function withId<T extends string>(engine: Engine, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, "id"> {
  return engine === "postgres"
    ? table.addColumn("id", "serial", (c) => c.primaryKey())
    : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
}
