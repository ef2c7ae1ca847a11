// The connections capability's tables (migration 016).
import type { ColumnType, Generated } from "kysely";
import type { PostBackTables } from "./post-back/store.ts";

export type HostName = "github" | "gitlab";
export type ConnectionAccess = "unknown" | "ok" | "lost" | "unavailable";

export interface ConnectionsTable {
  repository_id: number;
  workspace_id: number;
  host: HostName;
  api_url: string;
  host_repo: string;
  host_repo_key: string;
  auth_kind: "token" | "app";
  /** AES-256-GCM under the server key (secret-key.ts); never leaves the process decrypted. */
  credentials_enc: string;
  webhook_secret_enc: string;
  /** The hook crs created on the host, or null when the admin set it up by hand. */
  webhook_id: string | null;
  service_user_id: number;
  access_state: Generated<ConnectionAccess>;
  access_reason: string | null;
  access_checked_at: string | null;
  reconciled_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ReviewPoliciesTable {
  repository_id: number;
  workspace_id: number;
  auto_review: number;
  forks: number;
  focuses_json: string;
  max_run_price_cents: number | null;
  daily_cap_cents: number | null;
  inline_comments: number;
  fail_at_severity: string;
  updated_at: string;
}

export type DeliveryState = "queued" | "processing" | "done" | "ignored" | "failed";

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  host: HostName;
  delivery_id: string;
  event: string;
  workspace_id: number;
  repository_id: number;
  /** JSON: the intent read from the payload (events.ts), not the whole payload. */
  payload: string;
  state: DeliveryState;
  outcome: string | null;
  attempts: Generated<number>;
  lease_owner: string | null;
  lease_until: string | null;
  received_at: string;
  processed_at: string | null;
  /** A queued delivery whose last attempt failed waits until then; null: due now (migration 020). */
  next_attempt_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface AutomaticRunsTable {
  run_id: number;
  workspace_id: number;
  repository_id: number;
  pr: number;
  head_sha: string;
  created_at: string;
}

export interface UnpaidReviewsTable {
  id: Generated<number>;
  workspace_id: number;
  repository_id: number;
  pr: number;
  head_sha: string;
  reason: string;
  message: string;
  price_cents: number | null;
  reported_at: string | null;
  created_at: string;
}

export interface ConnectionTables extends PostBackTables {
  connections: ConnectionsTable;
  review_policies: ReviewPoliciesTable;
  webhook_deliveries: WebhookDeliveriesTable;
  automatic_runs: AutomaticRunsTable;
  unpaid_reviews: UnpaidReviewsTable;
}
