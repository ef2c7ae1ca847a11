import type { Kysely } from "kysely";

// Live progress the web app shows while a run analyses: how many findings the engine has reported so
// far (the stages already record files done of total). Written by whichever worker process holds
// the run, read by any server process, so it lives in the run row. And which repositories were added
// from the web app: their host is checked against the web policy again before every fetch.
export function runProgress() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable("runs").addColumn("findings_so_far", "integer").execute();
      await db.schema
        .alterTable("repositories")
        .addColumn("web_added", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
