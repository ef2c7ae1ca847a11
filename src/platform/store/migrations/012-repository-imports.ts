import type { Kysely } from "kysely";

// The inbox version of the last finding import into each repository: an import into one
// repository no longer makes every other repository's cached position be computed again (the
// findings it touched that others share are marked changed instead, see bumpInbox).
export function repositoryImports() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable("repositories")
        .addColumn("import_version", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
