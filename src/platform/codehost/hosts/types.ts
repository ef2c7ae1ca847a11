// The shape every code host client has: what crs asks of GitHub and GitLab, in crs's words.
export type HostKind = "github" | "gitlab";

export type HostAuth =
  | { kind: "token"; token: string }
  /** GitHub only: installation tokens are minted per request batch with @octokit/auth-app. */
  | { kind: "app"; appId: number; privateKey: string; installationId: number };

export interface HostConnection {
  host: HostKind;
  /**
   * GitHub: the REST root (https://api.github.com, https://ghe.example/api/v3).
   * GitLab: the instance root (https://gitlab.com); a trailing /api/v4 is accepted and dropped.
   */
  apiUrl: string;
  /** owner/name on GitHub, the project's full path (group/sub/name) on GitLab. */
  hostRepo: string;
  auth: HostAuth;
}

export interface HostPullRequest {
  number: number;
  headSha: string;
  headRef: string;
  baseRef: string;
  /** The base branch's tip as the host last computed it (GitHub base.sha, GitLab diff_refs.start_sha). */
  baseSha: string;
  fromFork: boolean;
  state: "open" | "closed" | "merged";
  webUrl: string;
}

export type AccessResult = { ok: true; defaultBranch: string; private: boolean; cloneUrl: string } | { ok: false; reason: HostRefusal };

/** Why a host refused: 401 → revoked, 403 → forbidden, 404 → not_found, 409/422 → rejected (bad request content). */
export type HostRefusal = "revoked" | "not_found" | "forbidden" | "rejected";

export interface InlineComment {
  path: string;
  /** A line of the new version of the file, inside the pull request's diff. */
  line: number;
  body: string;
}

export interface CommitStatus {
  /**
   * pending: queued for review; running: the review started (GitLab `running`; GitHub has no such
   * state: a status stays `pending`, a check run `in_progress`); cancelled: the review stopped before
   * a verdict (GitHub status `error`, check run `cancelled`, GitLab `canceled`).
   */
  state: "pending" | "running" | "success" | "failure" | "error" | "cancelled";
  description: string;
  targetUrl?: string;
  /** The status's name on the host (GitHub context / check name, GitLab status name). */
  context: string;
  /** GitHub App: the check run an earlier `setStatus` returned, updated instead of creating another. */
  checkRunId?: string;
}

export interface PostedComment {
  id: string;
  url: string;
}

export interface HostClient {
  readonly host: HostKind;
  /** ok + repo facts, or the host's refusal; throws HostUnavailableError on 5xx/429/network/timeout. */
  checkAccess(): Promise<AccessResult>;
  /** Throws HostRefusedError (not_found for an unknown number) or HostUnavailableError. */
  getPullRequest(n: number): Promise<HostPullRequest>;
  listOpenPullRequests(): Promise<HostPullRequest[]>;
  /** Subscribes the host to push and pull/merge request events, signed with `secret`. */
  createWebhook(url: string, secret: string): Promise<{ created: true; id: string } | { created: false; reason: HostRefusal }>;
  /** Credentials for git over https (used through GIT_ASKPASS / GIT_CONFIG_* env, never in a URL or argv). */
  gitCredentials(): Promise<{ username: string; password: string }>;
  /** Edits the comment `existingId` (when given and still there), else creates one on the pull request. */
  upsertSummaryComment(pr: number, body: string, existingId?: string): Promise<PostedComment>;
  /**
   * Review comments on lines of the pull request's diff at `headSha`; the result is aligned with the
   * input: null where the host refused that one comment (a line outside the diff, a file gone).
   */
  postInlineComments(pr: number, headSha: string, comments: InlineComment[]): Promise<Array<PostedComment | null>>;
  /** A reply in the thread of an inline comment `postInlineComments` returned. */
  replyToInlineComment(pr: number, commentId: string, body: string): Promise<void>;
  /** Commit status (token) or check run (GitHub App) on `sha`; returns the check run's id (App), else null. */
  setStatus(sha: string, s: CommitStatus): Promise<string | null>;
}

export interface HostClientOptions {
  /** The fetch used for every request (tests, proxies); global fetch by default. */
  fetch?: typeof fetch;
  userAgent?: string;
  /** Per-request time limit; a request over it is HostUnavailableError. Default 15 s. */
  timeoutMs?: number;
}
