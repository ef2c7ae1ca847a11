import type { Kysely } from "kysely";
import type { Engine } from "../index.ts";
import { withId } from "./helpers.ts";

// Repositories connected to their code host: the connection (credentials and webhook secret
// encrypted with CRS_SECRET_KEY), the review policy, the webhook deliveries (a queue claimed with a
// lease, like runs), the automatic runs started for a pull request (coalescing, the daily cap) and
// the ones that could not be paid (reported on the pull request). A service user per connection
// starts the automatic runs, so the ledger and the activity name it.
export function connections(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable("connections")
        .addColumn("repository_id", "integer", (c) => c.primaryKey().references("repositories.id").onDelete("cascade"))
        .addColumn("workspace_id", "integer", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
        .addColumn("host", "text", (c) => c.notNull())
        .addColumn("api_url", "text", (c) => c.notNull())
        .addColumn("host_repo", "text", (c) => c.notNull())
        /** lower(host_repo): webhooks name the repository; matched case-insensitively. */
        .addColumn("host_repo_key", "text", (c) => c.notNull())
        .addColumn("auth_kind", "text", (c) => c.notNull())
        /** AES-256-GCM under the server key: the token or the App's private key, with its ids. */
        .addColumn("credentials_enc", "text", (c) => c.notNull())
        .addColumn("webhook_secret_enc", "text", (c) => c.notNull())
        .addColumn("webhook_id", "text")
        .addColumn("service_user_id", "integer", (c) => c.notNull().references("users.id"))
        .addColumn("access_state", "text", (c) => c.notNull().defaultTo("unknown"))
        .addColumn("access_reason", "text")
        .addColumn("access_checked_at", "text")
        .addColumn("reconciled_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("connections_host_repo").on("connections").columns(["host", "host_repo_key"]).execute();
      await db.schema.createIndex("connections_workspace").on("connections").column("workspace_id").execute();
      await db.schema
        .createTable("review_policies")
        .addColumn("repository_id", "integer", (c) => c.primaryKey().references("repositories.id").onDelete("cascade"))
        .addColumn("workspace_id", "integer", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
        .addColumn("auto_review", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("forks", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("focuses_json", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("max_run_price_cents", "integer")
        .addColumn("daily_cap_cents", "integer")
        .addColumn("inline_comments", "integer", (c) => c.notNull().defaultTo(30))
        .addColumn("fail_at_severity", "text", (c) => c.notNull().defaultTo("high"))
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("review_policies_workspace").on("review_policies").columns(["workspace_id", "repository_id"]).execute();
      await withId(engine, db.schema.createTable("webhook_deliveries"))
        .addColumn("host", "text", (c) => c.notNull())
        /** The host's delivery id (X-GitHub-Delivery, X-Gitlab-Event-UUID). */
        .addColumn("delivery_id", "text", (c) => c.notNull())
        .addColumn("event", "text", (c) => c.notNull())
        .addColumn("workspace_id", "integer", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
        .addColumn("repository_id", "integer", (c) => c.notNull().references("repositories.id").onDelete("cascade"))
        .addColumn("payload", "text", (c) => c.notNull())
        /** queued, processing, done, ignored, failed. */
        .addColumn("state", "text", (c) => c.notNull())
        .addColumn("outcome", "text")
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("lease_owner", "text")
        .addColumn("lease_until", "text")
        .addColumn("received_at", "text", (c) => c.notNull())
        .addColumn("processed_at", "text")
        .execute();
      // One row per delivery id and repository: a redelivery (or 10,000 of them) finds the row.
      await db.schema.createIndex("webhook_deliveries_id").unique().on("webhook_deliveries").columns(["host", "delivery_id", "repository_id"]).execute();
      await db.schema.createIndex("webhook_deliveries_state").on("webhook_deliveries").columns(["state", "id"]).execute();
      await db.schema.createIndex("webhook_deliveries_repo").on("webhook_deliveries").columns(["workspace_id", "repository_id", "id"]).execute();
      await db.schema
        .createTable("automatic_runs")
        .addColumn("run_id", "integer", (c) => c.primaryKey().references("runs.id").onDelete("cascade"))
        .addColumn("workspace_id", "integer", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
        .addColumn("repository_id", "integer", (c) => c.notNull().references("repositories.id").onDelete("cascade"))
        .addColumn("pr", "integer", (c) => c.notNull())
        .addColumn("head_sha", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("automatic_runs_pr").on("automatic_runs").columns(["repository_id", "pr", "head_sha"]).execute();
      await db.schema.createIndex("automatic_runs_workspace").on("automatic_runs").columns(["workspace_id", "run_id"]).execute();
      await withId(engine, db.schema.createTable("unpaid_reviews"))
        .addColumn("workspace_id", "integer", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
        .addColumn("repository_id", "integer", (c) => c.notNull().references("repositories.id").onDelete("cascade"))
        .addColumn("pr", "integer", (c) => c.notNull())
        .addColumn("head_sha", "text", (c) => c.notNull())
        /** The error code: insufficient_credits, spend_cap_reached, price_exceeds_max, daily_cap_reached, change_refused, ... */
        .addColumn("reason", "text", (c) => c.notNull())
        .addColumn("message", "text", (c) => c.notNull())
        .addColumn("price_cents", "integer")
        /** Set by post-back once the notice is on the pull request. */
        .addColumn("reported_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("unpaid_reviews_pr").unique().on("unpaid_reviews").columns(["repository_id", "pr", "head_sha"]).execute();
      await db.schema.createIndex("unpaid_reviews_workspace").on("unpaid_reviews").columns(["workspace_id", "id"]).execute();
    },
  };
}
