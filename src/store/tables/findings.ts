import type { Generated } from "kysely";

export interface RunResultsTable {
  run_id: number;
  workspace_id: number;
  /** JSON: per target, the engine's findings (review/types.ts Finding[]) and counts. */
  results_json: string;
  created_at: string;
}

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
  run_results: RunResultsTable;
  findings: FindingsTable;
  finding_reports: FindingReportsTable;
  finding_presence: FindingPresenceTable;
}
