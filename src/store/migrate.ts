import { sql } from "kysely";
import { Migrator, type Migration, type MigrationProvider } from "kysely/migration";
import type { Store } from "./index.ts";
import { migrations } from "./migrations/index.ts";

export async function migrateToLatest(store: Store): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(store.engine) as unknown as Record<string, Migration> };
  // On PostgreSQL the migration bookkeeping lives in the current schema, so isolated schemas
  // (tests, several deployments in one database) never see each other's history or locks.
  let migrationTableSchema: string | undefined;
  if (store.engine === "postgres") {
    const r = await sql<{ s: string }>`select current_schema() as s`.execute(store.db);
    migrationTableSchema = r.rows[0]?.s;
  }
  const migrator = new Migrator({ db: store.db, provider, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r: { status: string }) => r.status === "Error");
    throw new Error(`migration ${failed?.migrationName ?? "?"} failed: ${String((error as Error).message ?? error)}`, { cause: error });
  }
}
