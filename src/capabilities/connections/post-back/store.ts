// The post-back's tables (migration 019).

// waiting (migration 021): the pending status is posted, the job waits for the run to end.
export type PostBackState = "pending" | "posting" | "posted" | "retrying" | "failed" | "waiting";

export interface PostBackJobsTable {
  run_id: number;
  workspace_id: number;
  repository_id: number;
  pr: number;
  head_sha: string;
  state: PostBackState;
  attempts: number;
  next_attempt_at: string;
  lease_owner: string | null;
  lease_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  /** start: the run was queued or running when seen (post the pending status); end: the run ended. Migration 021. */
  phase: "start" | "end";
  /** When the pending status was posted; null when none was. */
  pending_at: string | null;
  /** GitLab: when the status was moved to running (the worker started the run); null when it was not. Migration 022. */
  running_at: string | null;
  /** GitHub App: the in-progress check run the verdict updates. */
  check_run_id: string | null;
  /** The newer head whose automatic review cancelled this run (set by automatic.ts when it supersedes). */
  superseded_by: string | null;
}

/** The summary comment of a pull request: edited by each later run instead of posted again. */
export interface PullRequestPostsTable {
  repository_id: number;
  pr: number;
  workspace_id: number;
  summary_comment_id: string;
  summary_url: string;
  run_id: number;
  updated_at: string;
}

/** A finding crs commented on inline in a pull request. */
export interface PostedFindingsTable {
  repository_id: number;
  pr: number;
  finding_id: number;
  workspace_id: number;
  comment_id: string;
  url: string;
  run_id: number;
  fixed_at: string | null;
  created_at: string;
}

export interface PostBackTables {
  post_back_jobs: PostBackJobsTable;
  pull_request_posts: PullRequestPostsTable;
  posted_findings: PostedFindingsTable;
}
