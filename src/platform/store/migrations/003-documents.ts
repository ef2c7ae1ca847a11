import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Engine } from "../index.ts";
import { withId } from "./helpers.ts";

// Focuses, focus revisions, upload slots and context documents. Every key and index leads with
// workspace_id: every query filters by it.
export function documents(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(engine, db.schema.createTable("focuses"))
        .addColumn("workspace_id", "integer", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
        .addColumn("slug", "text", (c) => c.notNull())
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("emoji", "text")
        .addColumn("instructions", "text", (c) => c.notNull())
        .addColumn("revision", "integer", (c) => c.notNull())
        .addColumn("archived_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("focuses_slug").unique().on("focuses").columns(["workspace_id", "slug"]).execute();

      await db.schema
        .createTable("focus_revisions")
        .addColumn("workspace_id", "integer", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
        .addColumn("focus_id", "integer", (c) => c.notNull().references("focuses.id").onDelete("cascade"))
        .addColumn("revision", "integer", (c) => c.notNull())
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("emoji", "text")
        .addColumn("instructions", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("focus_revisions_pk", ["workspace_id", "focus_id", "revision"])
        .execute();

      await db.schema
        .createTable("document_uploads")
        .addColumn("workspace_id", "integer", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
        .addColumn("id", "text", (c) => c.notNull())
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("filename", "text", (c) => c.notNull())
        .addColumn("content_type", "text", (c) => c.notNull())
        .addColumn("state", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("size_bytes", "integer")
        .addColumn("sha256", "text")
        .addColumn("document_id", "integer")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("uploaded_at", "text")
        .addPrimaryKeyConstraint("document_uploads_pk", ["workspace_id", "id"])
        .execute();
      await db.schema.createIndex("document_uploads_expiry").on("document_uploads").columns(["workspace_id", "expires_at"]).execute();

      await withId(engine, db.schema.createTable("documents"))
        .addColumn("workspace_id", "integer", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("filename", "text")
        .addColumn("content_type", "text")
        .addColumn("size_bytes", "integer", (c) => c.notNull())
        .addColumn("sha256", "text", (c) => c.notNull())
        .addColumn("note_text", "text")
        .addColumn("repository_id", "integer", (c) => c.references("repositories.id").onDelete("set null"))
        .addColumn("created_by", "integer", (c) => c.notNull().references("users.id"))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("archived_at", "text")
        .addColumn("archived_by", "integer")
        .execute();
      // Identical content in a workspace is one active document; concurrent creates meet here.
      await db.schema
        .createIndex("documents_active_sha")
        .unique()
        .on("documents")
        .columns(["workspace_id", "sha256"])
        .where(sql.ref("archived_at"), "is", null)
        .execute();
      await db.schema.createIndex("documents_list").on("documents").columns(["workspace_id", "archived_at", "id"]).execute();
      await db.schema.createIndex("documents_repository").on("documents").columns(["workspace_id", "repository_id", "id"]).execute();
    },
  };
}
