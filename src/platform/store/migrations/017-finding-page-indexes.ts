import { type Kysely, sql } from "kysely";

// A finding's page reads the other findings of its rule in the same file (finding_presence by
// repository and path) and the findings marked duplicates of it (findings by duplicate_of). Without
// these indexes both reads scan (every presence row of the repository; every finding of the
// workspace): 40 ms and 15 to 60 ms of a finding page on a 100,000-finding workspace (npm run bench:web).
export function findingPageIndexes() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.createIndex("finding_presence_path").on("finding_presence").columns(["workspace_id", "repository_id", "path"]).execute();
      // Partial: nearly every finding has none, and an index over all of them reads to the planner as
      // matching the whole workspace (so SQLite scanned by number instead).
      await db.schema
        .createIndex("findings_duplicate_of")
        .on("findings")
        .columns(["workspace_id", "duplicate_of"])
        .where(sql.ref("duplicate_of"), "is not", null)
        .execute();
    },
  };
}
