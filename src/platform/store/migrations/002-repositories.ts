import type { Kysely } from "kysely";
import type { Engine } from "../index.ts";
import { withId } from "./helpers.ts";

export function repositories(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(engine, db.schema.createTable("repositories"))
        .addColumn("workspace_id", "integer", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
        .addColumn("full_name", "text", (c) => c.notNull())
        /** lower(full_name): owner/name is matched case-insensitively, like code hosts do. */
        .addColumn("full_name_key", "text", (c) => c.notNull())
        .addColumn("remote", "text", (c) => c.notNull())
        .addColumn("web_url", "text")
        /** Set by the operator (--default-branch); otherwise the remote's HEAD after a sync. */
        .addColumn("default_branch_override", "text")
        .addColumn("default_branch", "text")
        .addColumn("mirror_state", "text", (c) => c.notNull().defaultTo("pending"))
        .addColumn("mirror_reason", "text")
        .addColumn("mirror_message", "text")
        .addColumn("last_synced_at", "text")
        .addColumn("last_attempt_at", "text")
        .addColumn("access", "text", (c) => c.notNull().defaultTo("unknown"))
        .addColumn("access_reason", "text")
        /** Cross-process sync lock: a lease (owner, expiry) taken with a conditional update. */
        .addColumn("sync_owner", "text")
        .addColumn("sync_lease_until", "text")
        .addColumn("sync_requested_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("repositories_name").unique().on("repositories").columns(["workspace_id", "full_name_key"]).execute();
      await db.schema
        .createTable("reviewed_commits")
        .addColumn("workspace_id", "integer", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
        .addColumn("repository_id", "integer", (c) => c.notNull().references("repositories.id").onDelete("cascade"))
        .addColumn("sha", "text", (c) => c.notNull())
        .addColumn("reviewed_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("reviewed_commits_pk", ["workspace_id", "repository_id", "sha"])
        .execute();
    },
  };
}
