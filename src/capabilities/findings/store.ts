import type { Generated } from "kysely";

export interface FindingsTable {
  id: Generated<number>;
  workspace_id: number;
  /** The n of the display key F-<n>, counted per workspace. */
  number: number;
  fingerprint: string;
  rule_id: string;
  title: string;
  description: string;
  severity: string;
  confidence: string;
  engine: string;
  cwe_json: string;
  tags_json: string;
  first_run_id: number;
  first_observed_at: string;
  last_run_id: number;
  report_count: number;
  /** Finding-level triage (migration 008). */
  investigating: Generated<number>;
  decision_kind: Generated<"wont-fix" | "risk-accepted" | null>;
  decision_reason: Generated<string | null>;
  /** Risk acceptance ends then (ISO); null for no expiry. */
  decision_until: Generated<string | null>;
  decision_by: Generated<number | null>;
  decision_at: Generated<string | null>;
  assignee_id: Generated<number | null>;
  severity_override: Generated<string | null>;
  dismissed_at: Generated<string | null>;
  dismissed_reason: Generated<string | null>;
  duplicate_of: Generated<number | null>;
  /** The inbox version of this finding's last triage change. */
  changed_version: Generated<number>;
}

export interface FindingStatusesTable {
  workspace_id: number;
  repository_id: number;
  sha: string;
  finding_id: number;
  status: "open" | "fixed" | "false-positive";
  reason: string;
  actor_id: number | null;
  created_at: string;
}

export interface FindingActivityTable {
  id: Generated<number>;
  workspace_id: number;
  finding_id: number;
  actor_id: number | null;
  kind: "reported" | "status" | "severity" | "assignee" | "dismissal" | "comment" | "decision";
  before_json: string | null;
  after_json: string | null;
  repository_id: number | null;
  sha: string | null;
  reason: string | null;
  created_at: string;
}

export interface FindingCommentsTable {
  id: Generated<number>;
  workspace_id: number;
  finding_id: number;
  author_id: number;
  body: string;
  reply_to: number | null;
  idempotency_key: string | null;
  request_hash: string | null;
  created_at: string;
}

export interface FindingReportsTable {
  id: Generated<number>;
  workspace_id: number;
  finding_id: number;
  run_id: number;
  repository_id: number;
  sha: string;
  path: string;
  start_line: number;
  end_line: number;
  severity: string;
  /** JSON: location (with snippet), related locations, flow, fix, rule and engine. */
  detail_json: string;
  created_at: string;
}

export interface FindingPresenceTable {
  workspace_id: number;
  repository_id: number;
  sha: string;
  finding_id: number;
  path: string;
  start_line: number;
  end_line: number;
}

export interface FindingTables {
  findings: FindingsTable;
  finding_reports: FindingReportsTable;
  finding_presence: FindingPresenceTable;
  finding_statuses: FindingStatusesTable;
  finding_activity: FindingActivityTable;
  finding_comments: FindingCommentsTable;
}
