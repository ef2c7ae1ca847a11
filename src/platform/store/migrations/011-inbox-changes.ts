import type { Kysely } from "kysely";

// Which inbox version last changed each finding, and the version of the last import: a position
// computed at an older version is then brought up to date by re-reading only the findings triaged
// since, instead of being computed again (unless an import came in between).
export function inboxChanges() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable("workspaces")
        .addColumn("import_version", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable("findings")
        .addColumn("changed_version", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex("findings_changed_version").on("findings").columns(["workspace_id", "changed_version"]).execute();
    },
  };
}
