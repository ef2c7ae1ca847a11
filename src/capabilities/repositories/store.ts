import type { Generated } from "kysely";

export type MirrorState = "pending" | "syncing" | "ready" | "failed";
export type AccessState = "unknown" | "ok" | "lost" | "unavailable";

export interface RepositoriesTable {
  id: Generated<number>;
  workspace_id: number;
  full_name: string;
  full_name_key: string;
  remote: string;
  web_url: string | null;
  /** 1: added from the web app, so every sync re-checks its host against the web policy (migration 018). */
  web_added: Generated<number>;
  default_branch_override: string | null;
  default_branch: string | null;
  mirror_state: Generated<MirrorState>;
  mirror_reason: string | null;
  mirror_message: string | null;
  last_synced_at: string | null;
  last_attempt_at: string | null;
  access: Generated<AccessState>;
  access_reason: string | null;
  sync_owner: string | null;
  sync_lease_until: string | null;
  sync_requested_at: string | null;
  created_at: string;
  /** The workspace inbox version of the last finding import into this repository (positions.ts). */
  import_version: Generated<number>;
}

export interface ReviewedCommitsTable {
  workspace_id: number;
  repository_id: number;
  sha: string;
  reviewed_at: string;
  /** The run whose review recorded the commit (null for records made before runs existed). */
  run_id: Generated<number | null>;
  /** 1 when the whole tree was reviewed; 0 for a change review (only changed lines). */
  full: Generated<number>;
}
