// Shapes shared by the runs domain (mirroring schemas.ts, which documents each field).

/** How a run was started (the adapter that carried the request). */
export type RunTrigger = "api" | "mcp" | "cli" | "web" | "webhook";
export interface RunRequest {
  repository: string | number;
  at?: string | undefined;
  /** `baseRef` (not in the API): the pull request's base branch as its code host says (automatic reviews). */
  change?: { pr: number; baseRef?: string | undefined } | { branch: string; since?: string | undefined } | undefined;
  focuses?: string[] | undefined;
  scope?: string[] | undefined;
  repositories?: Array<{ repository: string | number; at?: string | undefined }> | undefined;
  steering?: string | undefined;
  documents?: number[] | undefined;
  /** false: no model stage for this run (a departure from the spec's body). */
  model?: boolean | undefined;
}

export interface Target {
  repository: { id: number; fullName: string };
  at: string | null;
  ref: string | null;
  sha: string;
  files: number;
  lines: number;
}

export interface ChangeView {
  kind: "pr" | "branch";
  pr: number | null;
  branch: string | null;
  since: string | null;
  base: string;
  head: string;
  files: number;
  changedLines: number;
}
