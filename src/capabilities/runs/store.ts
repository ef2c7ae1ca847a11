import type { Generated } from "kysely";

export interface RunsTable {
  id: Generated<number>;
  workspace_id: number;
  repository_id: number;
  created_by: number;
  kind: "full" | "change";
  trigger: "api" | "mcp" | "cli" | "web" | "webhook";
  title: string;
  state: string;
  /** The pinned position of a full review (branch:main@sha); null for a change review. */
  at: string | null;
  ref: string | null;
  sha: string;
  /** JSON: the resolved change (kind, pr/branch, since, base, head, files, lines) or null. */
  change_json: string | null;
  /** JSON: every reviewed repository (the first is `repository_id`) with sha, files, lines. */
  targets_json: string;
  /** JSON: [{slug, revision}] the run follows. */
  focuses_json: string;
  /** JSON: context document ids. */
  documents_json: string;
  /** JSON: path globs. */
  scope_json: string;
  steering: string | null;
  price_cents: number;
  refunded_cents: Generated<number>;
  idempotency_key: string | null;
  request_hash: string;
  retry_of: number | null;
  cancel_requested_at: string | null;
  /** JSON: the stages with state, times and progress. */
  stages_json: string;
  error_json: string | null;
  import_json: string | null;
  findings_json: string | null;
  /** JSON: the model stage (state, requests, tokens, dropped, reason), or null when the run had none. */
  model_json: string | null;
  /** The part of price_cents that pays the model stage (refunded when the stage fails or stops short). */
  model_cents: Generated<number>;
  /** Hash of the model configuration that priced the stage: a worker configured otherwise does not run it. */
  model_hash: string | null;
  /** Findings the engine reported so far in the analysis stage (live progress); null before it starts. */
  findings_so_far: Generated<number | null>;
  lease_owner: string | null;
  lease_until: string | null;
  attempts: Generated<number>;
  /** JSON: the pull request post-back's delivery (RunDelivery, delivery.ts), or null when the run posts nothing. */
  delivery_json: Generated<string | null>;
  created_at: string;
  started_at: string | null;
  ended_at: string | null;
}

export interface RunFocusesTable {
  workspace_id: number;
  run_id: number;
  slug: string;
  revision: number;
}

/** One checked model answer per chunk of a run: a resumed model stage does not send these again. */
export interface RunModelChunksTable {
  workspace_id: number;
  run_id: number;
  chunk_id: string;
  /** JSON: the ChunkAnswer (findings, invalid, tokens). */
  answer_json: string;
  created_at: string;
}

/** A workspace's switch for the model stage (no row: on). */
export interface WorkspaceModelSettingsTable {
  workspace_id: number;
  model_off: number;
  updated_at: string;
}

export interface CreditLedgerTable {
  id: Generated<number>;
  workspace_id: number;
  amount_cents: number;
  kind: "grant" | "charge" | "refund" | "adjustment";
  note: string | null;
  /** The run a charge or refund belongs to. */
  run_id: Generated<number | null>;
  /** The user (admin, or the run's starter) behind the entry, when there is one. */
  created_by: Generated<number | null>;
  created_at: string;
}

/**
 * A run's engine results, kept between its analysis and import stages so a run taken over after
 * a lapsed lease imports them without analysing again; only the worker's stages read and write it.
 */
export interface RunResultsTable {
  run_id: number;
  workspace_id: number;
  /** JSON: per target, the engine's findings (review/types.ts Finding[]) and counts. */
  results_json: string;
  created_at: string;
}

export interface RunTables {
  runs: RunsTable;
  run_focuses: RunFocusesTable;
  run_model_chunks: RunModelChunksTable;
  workspace_model_settings: WorkspaceModelSettingsTable;
  credit_ledger: CreditLedgerTable;
  run_results: RunResultsTable;
}
