import type { Kysely } from "kysely";

// The review posted back on a connected pull request: a job per completed change review (a queue
// claimed with a lease, retried with backoff), the summary comment edited on later runs, the
// findings already commented on (never commented twice; a reply when a push fixes one), and the
// delivery state shown on the run.
export function postBack() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      /** JSON: { state, attempts, lastError, commentUrl, updatedAt } once a post-back job exists; null otherwise. */
      await db.schema.alterTable("runs").addColumn("delivery_json", "text").execute();
      await db.schema
        .createTable("post_back_jobs")
        .addColumn("run_id", "integer", (c) => c.primaryKey().references("runs.id").onDelete("cascade"))
        .addColumn("workspace_id", "integer", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
        .addColumn("repository_id", "integer", (c) => c.notNull().references("repositories.id").onDelete("cascade"))
        .addColumn("pr", "integer", (c) => c.notNull())
        .addColumn("head_sha", "text", (c) => c.notNull())
        /** pending, posting, posted, retrying, failed. */
        .addColumn("state", "text", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("next_attempt_at", "text", (c) => c.notNull())
        .addColumn("lease_owner", "text")
        .addColumn("lease_until", "text")
        .addColumn("last_error", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("post_back_jobs_due").on("post_back_jobs").columns(["state", "next_attempt_at"]).execute();
      await db.schema.createIndex("post_back_jobs_workspace").on("post_back_jobs").columns(["workspace_id", "run_id"]).execute();
      await db.schema
        .createTable("pull_request_posts")
        .addColumn("repository_id", "integer", (c) => c.notNull().references("repositories.id").onDelete("cascade"))
        .addColumn("pr", "integer", (c) => c.notNull())
        .addColumn("workspace_id", "integer", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
        .addColumn("summary_comment_id", "text", (c) => c.notNull())
        .addColumn("summary_url", "text", (c) => c.notNull())
        .addColumn("run_id", "integer", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("pull_request_posts_pk", ["workspace_id", "repository_id", "pr"])
        .execute();
      await db.schema
        .createTable("posted_findings")
        .addColumn("repository_id", "integer", (c) => c.notNull().references("repositories.id").onDelete("cascade"))
        .addColumn("pr", "integer", (c) => c.notNull())
        .addColumn("finding_id", "integer", (c) => c.notNull())
        .addColumn("workspace_id", "integer", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
        .addColumn("comment_id", "text", (c) => c.notNull())
        .addColumn("url", "text", (c) => c.notNull())
        .addColumn("run_id", "integer", (c) => c.notNull())
        /** When the reply saying a push fixed it was posted; null while it is still reported. */
        .addColumn("fixed_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("posted_findings_pk", ["workspace_id", "repository_id", "pr", "finding_id"])
        .execute();
    },
  };
}
