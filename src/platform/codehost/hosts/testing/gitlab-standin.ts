// Test support: a stand-in for GitLab (gitlab.com cannot be reached from the tests). Every request is
// validated against the schemas we wrote from GitLab's REST documentation (gitlab-schemas.ts) and
// recorded; it answers with GitLab-shaped bodies, keeps the notes and discussions (gitlab-notes.ts),
// commit statuses (gitlab-statuses.ts) and hooks crs creates, and serves the project over git's smart
// HTTP with the token checked.
import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { HostConnection } from "../types.ts";
import { GitLabMergeRequestNotes } from "./gitlab-notes.ts";
import { checkGitLabRequest } from "./gitlab-request-check.ts";
import { GitLabCommitStatuses } from "./gitlab-statuses.ts";
import { git, revParse } from "./served-repo.ts";
import { type Handled, type Reply, StandInServer } from "./server.ts";

export interface GitLabStandInOptions {
  repoDir: string;
  /** The project's full path. */
  fullPath?: string;
  token?: string;
}

export interface StandInMergeRequest {
  iid: number;
  sourceBranch: string;
  targetBranch: string;
  fromFork?: boolean;
  state?: "opened" | "closed" | "merged";
}

export class GitLabStandIn {
  readonly server: StandInServer;
  readonly fullPath: string;
  readonly token: string;
  readonly projectId = 42;
  readonly mergeRequests = new Map<number, StandInMergeRequest>();
  private readonly mrNotes = new GitLabMergeRequestNotes({
    nextId: () => this.id(),
    gitDir: () => this.server.gitDir,
    diffRefs: async (iid) => (await this.mrBody(this.mergeRequests.get(iid) as StandInMergeRequest)).diff_refs,
  });
  readonly notes = this.mrNotes.notes;
  readonly discussions = this.mrNotes.discussions;
  private readonly commitStatuses = new GitLabCommitStatuses(() => this.id());
  readonly statuses = this.commitStatuses.statuses;
  readonly statusJobs = this.commitStatuses.statusJobs;
  readonly hooks: Array<{ id: number; url: string; token: string }> = [];
  hooksForbidden = false;
  private readonly validTokens = new Set<string>();
  private nextId = 3000;

  constructor(opts: GitLabStandInOptions) {
    this.fullPath = opts.fullPath ?? "acme/widgets";
    this.token = opts.token ?? `glpat-standin${randomBytes(10).toString("hex")}`;
    this.validTokens.add(this.token);
    this.server = new StandInServer({
      apiPrefix: "/api/v4",
      repoPath: this.fullPath,
      repoDir: opts.repoDir,
      gitPasswordOk: (p) => this.validTokens.has(p),
      handle: (method, path, query, body, headers) => this.handle(method, path, query, body, headers),
    });
  }

  static async start(opts: GitLabStandInOptions): Promise<GitLabStandIn> {
    const s = new GitLabStandIn(opts);
    await s.server.listen();
    return s;
  }

  get apiUrl(): string {
    return this.server.url;
  }
  get cloneUrl(): string {
    return `${this.server.url}/${this.fullPath}.git`;
  }
  get webUrl(): string {
    return `${this.server.url}/${this.fullPath}`;
  }

  connection(): HostConnection {
    return { host: "gitlab", apiUrl: this.apiUrl, hostRepo: this.fullPath, auth: { kind: "token", token: this.token } };
  }

  revokeTokens(): void {
    this.validTokens.clear();
  }

  addMergeRequest(m: StandInMergeRequest): void {
    this.mergeRequests.set(m.iid, m);
  }

  close(): Promise<void> {
    return this.server.close();
  }

  private id(): number {
    this.nextId += 1;
    return this.nextId;
  }

  private async mrBody(m: StandInMergeRequest) {
    const gitDir = this.server.gitDir;
    const head = (await revParse(gitDir, `refs/merge-requests/${m.iid}/head`)) ?? (await revParse(gitDir, `refs/heads/${m.sourceBranch}`)) ?? "";
    const start = (await revParse(gitDir, `refs/heads/${m.targetBranch}`)) ?? "";
    const base = head && start ? (await git(gitDir, ["merge-base", start, head])).trim() : start;
    return {
      id: 9000 + m.iid,
      iid: m.iid,
      project_id: this.projectId,
      title: `Merge request ${m.iid}`,
      state: m.state ?? "opened",
      source_branch: m.sourceBranch,
      target_branch: m.targetBranch,
      source_project_id: m.fromFork ? 43 : this.projectId,
      target_project_id: this.projectId,
      sha: head,
      web_url: `${this.webUrl}/-/merge_requests/${m.iid}`,
      diff_refs: { base_sha: base, head_sha: head, start_sha: start },
      author: { username: "octo" },
    };
  }

  private async handle(method: string, path: string, query: URLSearchParams, body: unknown, headers: IncomingMessage["headers"]): Promise<Handled> {
    const check = checkGitLabRequest(method, path, query, body);
    const done = (reply: Reply): Handled => ({ operation: check.endpoint, errors: check.errors, reply });
    if (check.endpoint === null) return done({ status: 404, body: { error: "404 Not Found" } });
    if (!this.validTokens.has(String(headers["private-token"] ?? ""))) return done({ status: 401, body: { message: "401 Unauthorized" } });
    if (check.params.id !== this.fullPath && check.params.id !== String(this.projectId))
      return done({ status: 404, body: { message: "404 Project Not Found" } });
    if (check.errors.length > 0) return done({ status: 400, body: { error: check.errors.join("; ") } });
    return done(await this.route(check.endpoint, check.params, query, (body ?? {}) as Record<string, unknown>));
  }

  private async route(endpoint: string, params: Record<string, string>, query: URLSearchParams, b: Record<string, unknown>): Promise<Reply> {
    const mr = this.mergeRequests.get(Number(params.merge_request_iid));
    const notFound = { status: 404, body: { message: "404 Not found" } };
    const notes = await this.mrNotes.route(endpoint, mr?.iid, params, b);
    if (notes) return notes;
    switch (endpoint) {
      case "/projects/:id": {
        const head = (await git(this.server.gitDir, ["symbolic-ref", "--short", "HEAD"])).trim();
        return {
          status: 200,
          body: {
            id: this.projectId,
            path_with_namespace: this.fullPath,
            default_branch: head,
            visibility: "private",
            http_url_to_repo: this.cloneUrl,
            web_url: this.webUrl,
          },
        };
      }
      case "/projects/:id/merge_requests": {
        const state = query.get("state") ?? "all";
        const list = [...this.mergeRequests.values()].filter((m) => state === "all" || (m.state ?? "opened") === state);
        const page = Number(query.get("page") ?? "1");
        const per = Number(query.get("per_page") ?? "20");
        const next =
          list.length > page * per
            ? `<${this.apiUrl}/api/v4/projects/${this.projectId}/merge_requests?state=${state}&per_page=${per}&page=${page + 1}>; rel="next"`
            : "";
        // The list carries no diff_refs, as on GitLab.
        const items = await Promise.all(list.slice((page - 1) * per, page * per).map(async (m) => ({ ...(await this.mrBody(m)), diff_refs: undefined })));
        return { status: 200, body: items, headers: next ? { link: next } : undefined };
      }
      case "/projects/:id/merge_requests/:merge_request_iid":
        return mr ? { status: 200, body: await this.mrBody(mr) } : notFound;
      case "/projects/:id/hooks": {
        if (this.hooksForbidden) return { status: 403, body: { message: "403 Forbidden" } };
        const hook = { id: this.id(), url: String(b.url), token: String(b.token ?? "") };
        this.hooks.push(hook);
        return {
          status: 201,
          body: {
            id: hook.id,
            url: hook.url,
            project_id: this.projectId,
            push_events: b.push_events ?? true,
            merge_requests_events: b.merge_requests_events ?? false,
          },
        };
      }
      case "/projects/:id/statuses/:sha":
        return this.commitStatuses.post(this.server.gitDir, String(params.sha), b);
    }
    return notFound;
  }
}
