import type { Kysely } from "kysely";
import type { Engine } from "../index.ts";
import { withId } from "./helpers.ts";

// Paid runs and what billing needs beside the ledger of 001: a run is the queue entry, the record
// of what was priced and the progress a worker reports, all in one row (the row is the truth).
export function runs(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(engine, db.schema.createTable("runs"))
        .addColumn("workspace_id", "integer", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
        .addColumn("repository_id", "integer", (c) => c.notNull().references("repositories.id").onDelete("cascade"))
        .addColumn("created_by", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("trigger", "text", (c) => c.notNull())
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("state", "text", (c) => c.notNull())
        .addColumn("at", "text")
        .addColumn("ref", "text")
        .addColumn("sha", "text", (c) => c.notNull())
        .addColumn("change_json", "text")
        .addColumn("targets_json", "text", (c) => c.notNull())
        .addColumn("focuses_json", "text", (c) => c.notNull())
        .addColumn("documents_json", "text", (c) => c.notNull())
        .addColumn("scope_json", "text", (c) => c.notNull())
        .addColumn("steering", "text")
        .addColumn("price_cents", "integer", (c) => c.notNull())
        .addColumn("refunded_cents", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("idempotency_key", "text")
        .addColumn("request_hash", "text", (c) => c.notNull())
        .addColumn("retry_of", "integer")
        .addColumn("cancel_requested_at", "text")
        .addColumn("stages_json", "text", (c) => c.notNull())
        .addColumn("error_json", "text")
        .addColumn("import_json", "text")
        .addColumn("findings_json", "text")
        .addColumn("lease_owner", "text")
        .addColumn("lease_until", "text")
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("started_at", "text")
        .addColumn("ended_at", "text")
        .execute();
      await db.schema.createIndex("runs_workspace").on("runs").columns(["workspace_id", "id"]).execute();
      await db.schema.createIndex("runs_repository").on("runs").columns(["workspace_id", "repository_id", "id"]).execute();
      await db.schema.createIndex("runs_state").on("runs").columns(["state", "id"]).execute();
      // One key per caller: a repeated key finds the run it started (NULL keys never collide).
      await db.schema.createIndex("runs_idempotency").unique().on("runs").columns(["workspace_id", "created_by", "idempotency_key"]).execute();
      // Focus slugs a run used, for list_runs' focus filter.
      await db.schema
        .createTable("run_focuses")
        .addColumn("workspace_id", "integer", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
        .addColumn("run_id", "integer", (c) => c.notNull().references("runs.id").onDelete("cascade"))
        .addColumn("slug", "text", (c) => c.notNull())
        .addColumn("revision", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("run_focuses_pk", ["workspace_id", "slug", "run_id"])
        .execute();
      await db.schema.alterTable("credit_ledger").addColumn("run_id", "integer").execute();
      await db.schema.alterTable("credit_ledger").addColumn("created_by", "integer").execute();
      await db.schema.createIndex("credit_ledger_run").on("credit_ledger").columns(["run_id"]).execute();
      await db.schema.alterTable("workspaces").addColumn("spend_limit_cents", "integer").execute();
    },
  };
}
