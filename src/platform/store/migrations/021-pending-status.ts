import { type Kysely, sql } from "kysely";

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
      // One job of a pull request is posted at a time, whatever the number of workers: two at once
      // would both find no summary comment and post two. A pair already posting keeps the older one.
      await sql`update post_back_jobs set state = 'retrying', lease_owner = null, lease_until = null
        where state = 'posting' and exists (select 1 from post_back_jobs o where o.state = 'posting'
          and o.workspace_id = post_back_jobs.workspace_id and o.repository_id = post_back_jobs.repository_id
          and o.pr = post_back_jobs.pr and o.run_id < post_back_jobs.run_id)`.execute(db);
      await db.schema
        .createIndex("post_back_jobs_one_posting")
        .unique()
        .on("post_back_jobs")
        .columns(["workspace_id", "repository_id", "pr"])
        .where(sql<boolean>`state = 'posting'`)
        .execute();
      await db.schema.createIndex("post_back_jobs_phase").on("post_back_jobs").columns(["phase", "run_id"]).execute();
    },
  };
}
