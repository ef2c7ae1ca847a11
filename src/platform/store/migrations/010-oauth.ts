import type { Kysely } from "kysely";
import type { Engine } from "../index.ts";
import { withId } from "./helpers.ts";

// The OAuth 2.1 authorization server and the web app's sign-in: registered public clients,
// single-use authorization codes, grants (one per approval: client, user, workspace, scopes,
// resource), access and refresh tokens in `tokens` tied to their grant, app sessions and failed
// sign-in attempts. Everything lives in the database so any server instance can continue a flow.
export function oauth(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable("oauth_clients")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("redirect_uris", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await withId(engine, db.schema.createTable("oauth_grants"))
        .addColumn("client_id", "text", (c) => c.notNull().references("oauth_clients.id").onDelete("cascade"))
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("workspace_id", "integer", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
        .addColumn("scopes", "text", (c) => c.notNull())
        .addColumn("resource", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("last_used_at", "text")
        .addColumn("revoked_at", "text")
        .execute();
      // Authorized apps lists a user's grants in the active workspace.
      await db.schema.createIndex("oauth_grants_workspace").on("oauth_grants").columns(["workspace_id", "user_id"]).execute();
      await db.schema
        .createTable("oauth_codes")
        .addColumn("code_hash", "text", (c) => c.primaryKey())
        .addColumn("client_id", "text", (c) => c.notNull().references("oauth_clients.id").onDelete("cascade"))
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("workspace_id", "integer", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
        .addColumn("scopes", "text", (c) => c.notNull())
        .addColumn("resource", "text", (c) => c.notNull())
        .addColumn("redirect_uri", "text", (c) => c.notNull())
        .addColumn("code_challenge", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("used_at", "text")
        // The grant the code was exchanged for: a replayed code revokes it.
        .addColumn("grant_id", "integer")
        .execute();
      // Access and refresh tokens belong to a grant; revoking the grant ends them all.
      await db.schema.alterTable("tokens").addColumn("grant_id", "integer").execute();
      // The first characters of an API key, shown in developer settings so a user can tell keys apart.
      await db.schema.alterTable("tokens").addColumn("token_prefix", "text").execute();
      await db.schema.createIndex("tokens_grant").on("tokens").column("grant_id").execute();
      await db.schema
        .createTable("app_sessions")
        .addColumn("id_hash", "text", (c) => c.primaryKey())
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("workspace_id", "integer")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("app_sessions_user").on("app_sessions").column("user_id").execute();
      await withId(engine, db.schema.createTable("sign_in_failures"))
        .addColumn("key", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("sign_in_failures_key").on("sign_in_failures").columns(["key", "created_at"]).execute();
    },
  };
}
