import type { Kysely } from "kysely";
import type { Engine } from "../index.ts";
import { withId } from "./helpers.ts";

export function identity(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable("settings")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("value", "text", (c) => c.notNull())
        .execute();
      await withId(engine, db.schema.createTable("users"))
        .addColumn("email", "text", (c) => c.notNull().unique())
        .addColumn("username", "text", (c) => c.notNull())
        .addColumn("name", "text")
        .addColumn("password_hash", "text")
        .addColumn("suspended", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("users_username").on("users").column("username").execute();
      await withId(engine, db.schema.createTable("workspaces"))
        .addColumn("slug", "text", (c) => c.notNull().unique())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("memberships")
        .addColumn("workspace_id", "integer", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("role", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("memberships_pk", ["workspace_id", "user_id"])
        .execute();
      await db.schema.createIndex("memberships_user").on("memberships").column("user_id").execute();
      await withId(engine, db.schema.createTable("tokens"))
        .addColumn("workspace_id", "integer", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("token_hash", "text", (c) => c.notNull().unique())
        .addColumn("scopes", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("last_used_at", "text")
        .addColumn("expires_at", "text")
        .addColumn("revoked_at", "text")
        .execute();
      await db.schema.createIndex("tokens_workspace").on("tokens").columns(["workspace_id", "id"]).execute();
      await db.schema.createIndex("tokens_user").on("tokens").column("user_id").execute();
      await withId(engine, db.schema.createTable("credit_ledger"))
        .addColumn("workspace_id", "integer", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
        .addColumn("amount_cents", "integer", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("note", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("credit_ledger_workspace").on("credit_ledger").columns(["workspace_id", "id"]).execute();
    },
  };
}
