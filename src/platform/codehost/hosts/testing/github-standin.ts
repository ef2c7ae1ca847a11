// Test support: a stand-in for GitHub (github.com cannot be reached from the tests). Every API request
// is validated against GitHub's official OpenAPI description (github-openapi.ts) and recorded; it
// answers with GitHub-shaped bodies, keeps the comments, reviews, statuses, check runs and hooks crs
// creates, mints App installation tokens for a verified JWT, and serves the repository over git's smart HTTP.
import { createPublicKey, createVerify, randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { HostConnection } from "../types.ts";
import { checkGitHubRequest } from "./github-openapi.ts";
import { commentableLines, git, revParse } from "./served-repo.ts";
import { type Handled, type Reply, StandInServer } from "./server.ts";

export interface GitHubStandInOptions {
  /** The repository served as owner/name (a working tree or bare repository on disk). */
  repoDir: string;
  fullName?: string;
  /** A fine-grained token crs may use; default a random one. */
  token?: string;
  /** A GitHub App installed on the repository: JWTs signed with this key mint installation tokens. */
  app?: { appId: number; privateKey: string; installationId: number };
}

export interface StandInPull {
  number: number;
  headRef: string;
  baseRef: string;
  fromFork?: boolean;
  state?: "open" | "closed" | "merged";
}

interface Comment {
  id: number;
  body: string;
  html_url: string;
  pull: number;
}
interface ReviewComment extends Comment {
  path: string;
  line: number;
  commit_id: string;
  review_id: number | null;
  in_reply_to_id: number | null;
}

export class GitHubStandIn {
  readonly server: StandInServer;
  readonly owner: string;
  readonly repo: string;
  readonly token: string;
  readonly pulls = new Map<number, StandInPull>();
  readonly issueComments = new Map<number, Comment>();
  readonly reviewComments = new Map<number, ReviewComment>();
  readonly statuses: Array<{ sha: string; state: string; context: string; description?: string; target_url?: string }> = [];
  readonly checkRuns: Array<{ id: number; head_sha: string; name: string; status: string; conclusion?: string; output?: unknown }> = [];
  readonly hooks: Array<{ id: number; url: string; secret: string; events: string[] }> = [];
  private readonly validTokens = new Set<string>();
  private nextId = 1000;
  private readonly app: GitHubStandInOptions["app"];

  constructor(opts: GitHubStandInOptions) {
    [this.owner = "acme", this.repo = "widgets"] = (opts.fullName ?? "acme/widgets").split("/");
    this.token = opts.token ?? `github_pat_standin_${randomBytes(12).toString("hex")}`;
    this.validTokens.add(this.token);
    this.app = opts.app;
    this.server = new StandInServer({
      apiPrefix: "/api/v3",
      repoPath: `${this.owner}/${this.repo}`,
      repoDir: opts.repoDir,
      gitPasswordOk: (p) => this.validTokens.has(p),
      handle: (method, path, query, body, headers) => this.handle(method, path, query, body, headers),
    });
  }

  static async start(opts: GitHubStandInOptions): Promise<GitHubStandIn> {
    const s = new GitHubStandIn(opts);
    await s.server.listen();
    return s;
  }

  get apiUrl(): string {
    return `${this.server.url}/api/v3`;
  }
  get cloneUrl(): string {
    return `${this.server.url}/${this.owner}/${this.repo}.git`;
  }

  /** A connection to this stand-in: the token by default, the App when `app` is true. */
  connection(useApp = false): HostConnection {
    const auth = useApp && this.app ? { kind: "app" as const, ...this.app } : { kind: "token" as const, token: this.token };
    return { host: "github", apiUrl: this.apiUrl, hostRepo: `${this.owner}/${this.repo}`, auth };
  }

  /** Every token stops working (401), as when an admin revokes it. */
  revokeTokens(): void {
    this.validTokens.clear();
  }

  addPull(p: StandInPull): void {
    this.pulls.set(p.number, p);
  }

  close(): Promise<void> {
    return this.server.close();
  }

  private id(): number {
    this.nextId += 1;
    return this.nextId;
  }

  private async headSha(p: StandInPull): Promise<string> {
    return (await revParse(this.server.gitDir, `refs/pull/${p.number}/head`)) ?? (await revParse(this.server.gitDir, `refs/heads/${p.headRef}`)) ?? "";
  }

  private async pullBody(p: StandInPull) {
    const state = p.state ?? "open";
    const base = { id: 1, full_name: `${this.owner}/${this.repo}`, name: this.repo, owner: { login: this.owner } };
    const head = p.fromFork ? { id: 2, full_name: `someone/${this.repo}`, name: this.repo, owner: { login: "someone" } } : base;
    return {
      id: 5000 + p.number,
      number: p.number,
      state: state === "open" ? "open" : "closed",
      merged: state === "merged",
      merged_at: state === "merged" ? "2026-01-01T00:00:00Z" : null,
      title: `Pull request ${p.number}`,
      user: { login: "octocat" },
      html_url: `${this.server.url}/${this.owner}/${this.repo}/pull/${p.number}`,
      head: { ref: p.headRef, sha: await this.headSha(p), repo: head, label: `${head.owner.login}:${p.headRef}` },
      base: { ref: p.baseRef, sha: (await revParse(this.server.gitDir, `refs/heads/${p.baseRef}`)) ?? "", repo: base, label: `${this.owner}:${p.baseRef}` },
    };
  }

  private authorized(headers: IncomingMessage["headers"]): "token" | "installation" | null {
    const auth = String(headers.authorization ?? "");
    const token = auth.replace(/^(token|bearer) /i, "");
    if (!this.validTokens.has(token)) return null;
    return token.startsWith("ghs_") ? "installation" : "token";
  }

  private async handle(method: string, path: string, query: URLSearchParams, body: unknown, headers: IncomingMessage["headers"]): Promise<Handled> {
    const check = checkGitHubRequest(method, path, query, body);
    const done = (reply: Reply): Handled => ({ operation: check.operation, errors: check.errors, reply });
    if (check.operation === null) return done({ status: 404, body: { message: "Not Found" } });
    if (check.operation === "/app/installations/{installation_id}/access_tokens") return done(this.mintInstallationToken(check.params, headers));
    const who = this.authorized(headers);
    if (!who) return done({ status: 401, body: { message: "Bad credentials" } });
    if (check.params.owner !== this.owner || check.params.repo !== this.repo) return done({ status: 404, body: { message: "Not Found" } });
    if (check.errors.length > 0) return done({ status: 422, body: { message: "Invalid request.", errors: check.errors } });
    return done(await this.route(check.operation, check.params, query, (body ?? {}) as Record<string, unknown>, who));
  }

  private async route(op: string, params: Record<string, string>, query: URLSearchParams, b: Record<string, unknown>, who: string): Promise<Reply> {
    const pull = this.pulls.get(Number(params.pull_number ?? params.issue_number));
    const web = `${this.server.url}/${this.owner}/${this.repo}`;
    switch (op) {
      case "/repos/{owner}/{repo}": {
        const head = (await git(this.server.gitDir, ["symbolic-ref", "--short", "HEAD"])).trim();
        return {
          status: 200,
          body: {
            id: 1,
            name: this.repo,
            full_name: `${this.owner}/${this.repo}`,
            private: true,
            default_branch: head,
            clone_url: this.cloneUrl,
            html_url: web,
          },
        };
      }
      case "/repos/{owner}/{repo}/pulls": {
        const state = query.get("state") ?? "open";
        const list = [...this.pulls.values()].filter((p) => state === "all" || (state === "open") === ((p.state ?? "open") === "open"));
        const page = Number(query.get("page") ?? "1");
        const per = Number(query.get("per_page") ?? "30");
        const slice = list.slice((page - 1) * per, page * per);
        const next =
          list.length > page * per
            ? { link: `<${this.apiUrl}/repos/${this.owner}/${this.repo}/pulls?state=${state}&per_page=${per}&page=${page + 1}>; rel="next"` }
            : undefined;
        return { status: 200, body: await Promise.all(slice.map((p) => this.pullBody(p))), headers: next };
      }
      case "/repos/{owner}/{repo}/pulls/{pull_number}":
        return pull ? { status: 200, body: await this.pullBody(pull) } : { status: 404, body: { message: "Not Found" } };
      case "/repos/{owner}/{repo}/hooks": {
        if (who === "token" && this.hooksForbidden) return { status: 403, body: { message: "Resource not accessible by personal access token" } };
        const config = b.config as { url: string; secret?: string };
        const hook = { id: this.id(), url: config.url, secret: config.secret ?? "", events: (b.events as string[]) ?? ["push"] };
        this.hooks.push(hook);
        return { status: 201, body: { id: hook.id, name: "web", active: true, events: hook.events, config: { url: hook.url, content_type: "json" } } };
      }
      case "/repos/{owner}/{repo}/issues/{issue_number}/comments": {
        if (!pull) return { status: 404, body: { message: "Not Found" } };
        const id = this.id();
        const c = { id, body: String(b.body), pull: pull.number, html_url: `${web}/pull/${pull.number}#issuecomment-${id}` };
        this.issueComments.set(id, c);
        return { status: 201, body: { id, body: c.body, html_url: c.html_url, user: { login: "crs" } } };
      }
      case "/repos/{owner}/{repo}/issues/comments/{comment_id}": {
        const c = this.issueComments.get(Number(params.comment_id));
        if (!c) return { status: 404, body: { message: "Not Found" } };
        c.body = String(b.body);
        return { status: 200, body: { id: c.id, body: c.body, html_url: c.html_url, user: { login: "crs" } } };
      }
      case "/repos/{owner}/{repo}/pulls/{pull_number}/reviews":
        return this.createReview(pull, b);
      case "/repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}/comments": {
        const list = [...this.reviewComments.values()].filter((c) => c.review_id === Number(params.review_id));
        return { status: 200, body: list.map((c) => this.reviewCommentBody(c)) };
      }
      case "/repos/{owner}/{repo}/pulls/{pull_number}/comments": {
        if (!pull) return { status: 404, body: { message: "Not Found" } };
        const c = b as { path: string; line: number; body: string; commit_id: string };
        if (!(await this.commentable(pull, c.path, c.line))) return lineRefused();
        return { status: 201, body: this.reviewCommentBody(this.addReviewComment(pull.number, c, null, null)) };
      }
      case "/repos/{owner}/{repo}/pulls/{pull_number}/comments/{comment_id}/replies": {
        const parent = this.reviewComments.get(Number(params.comment_id));
        if (!pull || !parent || parent.pull !== pull.number) return { status: 404, body: { message: "Not Found" } };
        const c = this.addReviewComment(
          pull.number,
          { path: parent.path, line: parent.line, body: String(b.body), commit_id: parent.commit_id },
          null,
          parent.id,
        );
        return { status: 201, body: this.reviewCommentBody(c) };
      }
      case "/repos/{owner}/{repo}/statuses/{sha}": {
        if (!(await revParse(this.server.gitDir, String(params.sha)))) return { status: 422, body: { message: "No commit found for SHA" } };
        const s = {
          sha: String(params.sha),
          state: String(b.state),
          context: String(b.context ?? "default"),
          description: b.description as string,
          target_url: b.target_url as string,
        };
        this.statuses.push(s);
        return { status: 201, body: { id: this.id(), ...s } };
      }
      case "/repos/{owner}/{repo}/check-runs": {
        if (who !== "installation") return { status: 403, body: { message: "You must authenticate via a GitHub App." } };
        const run = {
          id: this.id(),
          head_sha: String(b.head_sha),
          name: String(b.name),
          status: String(b.status ?? "queued"),
          conclusion: b.conclusion as string | undefined,
          output: b.output,
        };
        this.checkRuns.push(run);
        return { status: 201, body: { ...run, html_url: `${web}/runs/${run.id}` } };
      }
      case "/repos/{owner}/{repo}/check-runs/{check_run_id}": {
        if (who !== "installation") return { status: 403, body: { message: "You must authenticate via a GitHub App." } };
        const run = this.checkRuns.find((r) => r.id === Number(params.check_run_id));
        if (!run) return { status: 404, body: { message: "Not Found" } };
        Object.assign(run, {
          status: String(b.status ?? run.status),
          ...(b.conclusion !== undefined ? { conclusion: b.conclusion as string } : {}),
          ...(b.output !== undefined ? { output: b.output } : {}),
        });
        return { status: 200, body: { ...run, html_url: `${web}/runs/${run.id}` } };
      }
    }
    return { status: 404, body: { message: "Not Found" } };
  }

  /** When true, a fine-grained token may not create hooks (403), like a token without the webhooks permission. */
  hooksForbidden = false;

  private async createReview(pull: StandInPull | undefined, b: Record<string, unknown>): Promise<Reply> {
    if (!pull) return { status: 404, body: { message: "Not Found" } };
    const comments = (b.comments ?? []) as Array<{ path: string; line: number; body: string }>;
    for (const c of comments) if (!(await this.commentable(pull, c.path, c.line))) return lineRefused();
    const reviewId = this.id();
    const commit = String(b.commit_id ?? (await this.headSha(pull)));
    for (const c of comments) this.addReviewComment(pull.number, { ...c, commit_id: commit }, reviewId, null);
    return {
      status: 200,
      body: {
        id: reviewId,
        state: "COMMENTED",
        body: b.body ?? "",
        commit_id: commit,
        html_url: `${this.server.url}/${this.owner}/${this.repo}/pull/${pull.number}#pullrequestreview-${reviewId}`,
      },
    };
  }

  private addReviewComment(
    pull: number,
    c: { path: string; line: number; body: string; commit_id: string },
    reviewId: number | null,
    replyTo: number | null,
  ): ReviewComment {
    const id = this.id();
    const stored = {
      id,
      pull,
      path: c.path,
      line: c.line,
      body: c.body,
      commit_id: c.commit_id,
      review_id: reviewId,
      in_reply_to_id: replyTo,
      html_url: `${this.server.url}/${this.owner}/${this.repo}/pull/${pull}#discussion_r${id}`,
    };
    this.reviewComments.set(id, stored);
    return stored;
  }

  private reviewCommentBody(c: ReviewComment) {
    return {
      id: c.id,
      path: c.path,
      line: c.line,
      side: "RIGHT",
      body: c.body,
      commit_id: c.commit_id,
      pull_request_review_id: c.review_id,
      in_reply_to_id: c.in_reply_to_id ?? undefined,
      html_url: c.html_url,
      user: { login: "crs" },
    };
  }

  private async commentable(pull: StandInPull, path: string, line: number): Promise<boolean> {
    const base = await revParse(this.server.gitDir, `refs/heads/${pull.baseRef}`);
    const head = await this.headSha(pull);
    if (!base || !head) return false;
    const ranges = (await commentableLines(this.server.gitDir, base, head)).get(path) ?? [];
    return ranges.some(([from, to]) => line >= from && line <= to);
  }

  private mintInstallationToken(params: Record<string, string>, headers: IncomingMessage["headers"]): Reply {
    const jwt = String(headers.authorization ?? "").replace(/^bearer /i, "");
    if (!this.app || Number(params.installation_id) !== this.app.installationId || !verifyAppJwt(jwt, this.app.privateKey, this.app.appId)) {
      return { status: 401, body: { message: "A JSON web token could not be decoded" } };
    }
    const token = `ghs_standin${randomBytes(12).toString("hex")}`;
    this.validTokens.add(token);
    return {
      status: 201,
      body: { token, expires_at: new Date(Date.now() + 3600_000).toISOString(), permissions: { checks: "write", pull_requests: "write", statuses: "write" } },
    };
  }
}

function lineRefused(): Reply {
  return { status: 422, body: { message: "Unprocessable Entity", errors: ["Line could not be resolved"] } };
}

/** RS256 JWT check as GitHub does it for an App: signature by the App's key, iss = app id, not expired. */
function verifyAppJwt(jwt: string, privateKey: string, appId: number): boolean {
  const [h, p, s] = jwt.split(".");
  if (!h || !p || !s) return false;
  const verifier = createVerify("RSA-SHA256");
  verifier.update(`${h}.${p}`);
  if (!verifier.verify(createPublicKey(privateKey), Buffer.from(s, "base64url"))) return false;
  const claims = JSON.parse(Buffer.from(p, "base64url").toString("utf8")) as { iss?: unknown; exp?: number };
  return String(claims.iss) === String(appId) && (claims.exp ?? 0) * 1000 > Date.now();
}
