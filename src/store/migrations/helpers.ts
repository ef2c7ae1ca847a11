import type { CreateTableBuilder, Kysely } from "kysely";
import type { Engine } from "../index.ts";

export interface MigrationDef {
  up(db: Kysely<unknown>): Promise<void>;
}

/** An auto-incrementing integer primary key, spelled per engine. */
export function withId<T extends string>(engine: Engine, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, "id"> {
  return engine === "postgres"
    ? table.addColumn("id", "serial", (c) => c.primaryKey())
    : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
}
