// Test support: a stand-in for GitLab (gitlab.com cannot be reached from the tests). Every request is
// validated against the schemas we wrote from GitLab's REST documentation (gitlab-schemas.ts) and
// recorded; it answers with GitLab-shaped bodies, keeps the notes, discussions, statuses and hooks
// crs creates, and serves the project over git's smart HTTP with the token checked.
import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { HostConnection } from "../types.ts";
import { checkGitLabRequest } from "./gitlab-request-check.ts";
import { commentableLines, git, revParse } from "./served-repo.ts";
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

interface Note {
  id: number;
  body: string;
  iid: number;
  discussionId: string | null;
  position?: { new_path?: string; old_path?: string; new_line?: number };
}

/**
 * GitLab's commit status state machine for an external status (Ci::CreateCommitStatusService:
 * pending = enqueue!, running = enqueue then run!, success!, failed = drop!, canceled = cancel!):
 * the state a post leads to, or the event GitLab refuses (400 "Cannot transition status").
 */
function gitlabTransition(from: string, to: string): string | { event: string } {
  const open = from === "created" || from === "pending" || from === "running";
  switch (to) {
    case "pending":
      return from === "created" ? "pending" : { event: "enqueue" };
    case "running":
      return from === "created" || from === "pending" ? "running" : { event: "run" };
    case "success":
      return open ? "success" : { event: "success" };
    case "failed":
      return open ? "failed" : { event: "drop" };
    case "canceled":
      return open ? "canceled" : { event: "cancel" };
  }
  return { event: to };
}

export class GitLabStandIn {
  readonly server: StandInServer;
  readonly fullPath: string;
  readonly token: string;
  readonly projectId = 42;
  readonly mergeRequests = new Map<number, StandInMergeRequest>();
  readonly notes = new Map<number, Note>();
  readonly discussions = new Map<string, number[]>();
  readonly statuses: Array<{ sha: string; state: string; name: string; description?: string; target_url?: string }> = [];
  /** The statuses as GitLab keeps them (one per run of a name on a commit), each in its current state. */
  readonly statusJobs: Array<{ id: number; sha: string; name: string; state: string }> = [];
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
      case "/projects/:id/merge_requests/:merge_request_iid/notes": {
        if (!mr) return notFound;
        const note = { id: this.id(), body: String(b.body), iid: mr.iid, discussionId: null };
        this.notes.set(note.id, note);
        return { status: 201, body: this.noteBody(note) };
      }
      case "/projects/:id/merge_requests/:merge_request_iid/notes/:note_id": {
        const note = this.notes.get(Number(params.note_id));
        if (!mr || !note || note.iid !== mr.iid) return notFound;
        note.body = String(b.body);
        return { status: 200, body: this.noteBody(note) };
      }
      case "/projects/:id/merge_requests/:merge_request_iid/discussions":
        return mr ? this.createDiscussion(mr, b) : notFound;
      case "/projects/:id/merge_requests/:merge_request_iid/discussions/:discussion_id/notes": {
        const thread = this.discussions.get(String(params.discussion_id));
        if (!mr || !thread) return notFound;
        const note = { id: this.id(), body: String(b.body), iid: mr.iid, discussionId: String(params.discussion_id) };
        this.notes.set(note.id, note);
        thread.push(note.id);
        return { status: 201, body: this.noteBody(note) };
      }
      case "/projects/:id/statuses/:sha": {
        const sha = String(params.sha);
        if (!(await revParse(this.server.gitDir, sha))) return { status: 404, body: { message: "404 References Not Found" } };
        const name = String(b.name ?? b.context ?? "default");
        const state = String(b.state);
        // As GitLab does: the post moves the status of that name still pending or running; with none
        // (never posted, or finished) it starts a new one, so a late pending/running reopens the head.
        let job = this.statusJobs.find((j) => j.sha === sha && j.name === name && (j.state === "pending" || j.state === "running"));
        const created = !job;
        job ??= { id: this.id(), sha, name, state: "created" };
        const moved = gitlabTransition(job.state, state);
        if (typeof moved !== "string") return { status: 400, body: { message: `Cannot transition status via :${moved.event} from :${job.state}` } };
        job.state = moved;
        if (created) this.statusJobs.push(job);
        const s = { sha, state, name, description: b.description as string | undefined, target_url: b.target_url as string | undefined };
        this.statuses.push(s);
        return { status: 201, body: { id: job.id, status: s.state, ...s } };
      }
    }
    return notFound;
  }

  private async createDiscussion(mr: StandInMergeRequest, b: Record<string, unknown>): Promise<Reply> {
    const position = b.position as { new_path?: string; old_path?: string; new_line?: number; base_sha: string; head_sha: string } | undefined;
    if (position) {
      const refs = (await this.mrBody(mr)).diff_refs;
      const ranges =
        refs.start_sha && refs.head_sha ? ((await commentableLines(this.server.gitDir, refs.start_sha, refs.head_sha)).get(position.new_path ?? "") ?? []) : [];
      const line = Number(position.new_line);
      if (!ranges.some(([from, to]) => line >= from && line <= to)) {
        return { status: 400, body: { message: '400 Bad request - Note {:line_code=>["can\'t be blank", "must be a valid line code"]}' } };
      }
    }
    const discussionId = randomBytes(20).toString("hex");
    const note: Note = {
      id: this.id(),
      body: String(b.body),
      iid: mr.iid,
      discussionId,
      position: position ? { new_path: position.new_path, old_path: position.old_path, new_line: Number(position.new_line) } : undefined,
    };
    this.notes.set(note.id, note);
    this.discussions.set(discussionId, [note.id]);
    return { status: 201, body: { id: discussionId, individual_note: false, notes: [this.noteBody(note)] } };
  }

  private noteBody(n: Note) {
    return {
      id: n.id,
      type: n.discussionId && n.position ? "DiffNote" : n.discussionId ? "DiscussionNote" : null,
      body: n.body,
      author: { username: "crs-bot" },
      system: false,
      noteable_type: "MergeRequest",
      noteable_iid: n.iid,
      position: n.position ? { position_type: "text", ...n.position } : undefined,
    };
  }
}
