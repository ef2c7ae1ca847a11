import type { Kysely } from "kysely";

// A pending status on a connected pull request while its review is queued or running: the post-back
// job now starts with the run (phase `start`: post the pending status, then wait for the run to end)
// and is re-armed when the run ends (phase `end`: the review and the final status, or a cancelled
// status for a run cancelled or failed after its pending status was posted).
export function pendingStatus() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      /** start: the run was seen queued or running; end: the run ended (every job made before this migration). */
      await db.schema
        .alterTable("post_back_jobs")
        .addColumn("phase", "text", (c) => c.notNull().defaultTo("end"))
        .execute();
      /** When the pending status was posted on the head; null when none was (nothing to turn final). */
      await db.schema.alterTable("post_back_jobs").addColumn("pending_at", "text").execute();
      /** GitHub App: the in-progress check run the final verdict updates. */
      await db.schema.alterTable("post_back_jobs").addColumn("check_run_id", "text").execute();
      /** The newer head whose automatic review cancelled this run's (its status says it was superseded). */
      await db.schema.alterTable("post_back_jobs").addColumn("superseded_by", "text").execute();
      await db.schema.createIndex("post_back_jobs_phase").on("post_back_jobs").columns(["phase", "run_id"]).execute();
    },
  };
}
