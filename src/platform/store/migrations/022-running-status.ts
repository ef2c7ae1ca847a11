import type { Kysely } from "kysely";

// GitLab's `running` commit status: once the worker has started a connected pull request's review,
// the post-back moves the head's pending status to running (GitHub has no such state). The job
// remembers that it did, so it is posted once, and never after the run ended.
export function runningStatus() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      /** When the running status was posted (GitLab); null when none was. */
      await db.schema.alterTable("post_back_jobs").addColumn("running_at", "text").execute();
    },
  };
}
