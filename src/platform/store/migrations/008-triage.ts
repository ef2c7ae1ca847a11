import type { Kysely } from "kysely";
import type { Engine } from "../index.ts";
import { withId } from "./helpers.ts";

// Triage of the inbox: finding-level state on the finding (investigating, the active decision,
// assignee, severity override, dismissal, duplicate), per-commit statuses (open, fixed,
// false-positive) recorded where they were set, every change in an activity log, and comments.
export function triage(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const [name, type] of [
        ["investigating", "integer"],
        ["decision_kind", "text"],
        ["decision_reason", "text"],
        ["decision_until", "text"],
        ["decision_by", "integer"],
        ["decision_at", "text"],
        ["assignee_id", "integer"],
        ["severity_override", "text"],
        ["dismissed_at", "text"],
        ["dismissed_reason", "text"],
        ["duplicate_of", "integer"],
      ] as const) {
        await db.schema
          .alterTable("findings")
          .addColumn(name, type, (c) => (name === "investigating" ? c.notNull().defaultTo(0) : c))
          .execute();
      }
      await db.schema
        .createTable("finding_statuses")
        .addColumn("workspace_id", "integer", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
        .addColumn("repository_id", "integer", (c) => c.notNull().references("repositories.id").onDelete("cascade"))
        .addColumn("sha", "text", (c) => c.notNull())
        .addColumn("finding_id", "integer", (c) => c.notNull().references("findings.id").onDelete("cascade"))
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("reason", "text", (c) => c.notNull())
        .addColumn("actor_id", "integer")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("finding_statuses_pk", ["workspace_id", "repository_id", "finding_id", "sha"])
        .execute();
      await withId(engine, db.schema.createTable("finding_activity"))
        .addColumn("workspace_id", "integer", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
        .addColumn("finding_id", "integer", (c) => c.notNull().references("findings.id").onDelete("cascade"))
        .addColumn("actor_id", "integer")
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("before_json", "text")
        .addColumn("after_json", "text")
        .addColumn("repository_id", "integer")
        .addColumn("sha", "text")
        .addColumn("reason", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("finding_activity_finding").on("finding_activity").columns(["workspace_id", "finding_id", "id"]).execute();
      await withId(engine, db.schema.createTable("finding_comments"))
        .addColumn("workspace_id", "integer", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
        .addColumn("finding_id", "integer", (c) => c.notNull().references("findings.id").onDelete("cascade"))
        .addColumn("author_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("reply_to", "integer")
        .addColumn("idempotency_key", "text")
        .addColumn("request_hash", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("finding_comments_finding").on("finding_comments").columns(["workspace_id", "finding_id", "id"]).execute();
      await db.schema
        .createIndex("finding_comments_idempotency")
        .unique()
        .on("finding_comments")
        .columns(["workspace_id", "author_id", "idempotency_key"])
        .execute();
      // Bumped by every import and triage change: what a position computed is reused until it moves.
      await db.schema
        .alterTable("workspaces")
        .addColumn("inbox_version", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      // Lists read a repository's presence per reviewed commit and findings by assignee.
      await db.schema.createIndex("findings_assignee").on("findings").columns(["workspace_id", "assignee_id"]).execute();
    },
  };
}
