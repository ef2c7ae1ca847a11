// Test support: a stand-in for GitHub (github.com cannot be reached from the tests). Every API request
// is validated against GitHub's official OpenAPI description (github-openapi.ts) and recorded; it
// answers with GitHub-shaped bodies, keeps the comments (github-comments.ts), statuses, check runs and
// hooks crs creates, mints App installation tokens for a verified JWT (github-app-auth.ts), and serves
// the repository over git's smart HTTP.
import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { HostConnection } from "../types.ts";
import { mintInstallationToken, type StandInApp } from "./github-app-auth.ts";
import { GitHubPullComments } from "./github-comments.ts";
import { checkGitHubRequest } from "./github-openapi.ts";
import { listPulls, type PullRepo, pullBody, type StandInPull } from "./github-pulls.ts";
import { git, revParse } from "./served-repo.ts";
import { type Handled, type Reply, StandInServer } from "./server.ts";

export interface GitHubStandInOptions {
  /** The repository served as owner/name (a working tree or bare repository on disk). */
  repoDir: string;
  fullName?: string;
  /** A fine-grained token crs may use; default a random one. */
  token?: string;
  /** A GitHub App installed on the repository: JWTs signed with this key mint installation tokens. */
  app?: StandInApp;
}

export class GitHubStandIn {
  readonly server: StandInServer;
  readonly owner: string;
  readonly repo: string;
  readonly token: string;
  readonly pulls = new Map<number, StandInPull>();
  private readonly comments = new GitHubPullComments(
    () => this.where(),
    () => this.id(),
  );
  readonly issueComments = this.comments.issueComments;
  readonly reviewComments = this.comments.reviewComments;
  readonly statuses: Array<{ sha: string; state: string; context: string; description?: string; target_url?: string }> = [];
  readonly checkRuns: Array<{ id: number; head_sha: string; name: string; status: string; conclusion?: string; output?: unknown }> = [];
  readonly hooks: Array<{ id: number; url: string; secret: string; events: string[] }> = [];
  /** When true, a fine-grained token may not create hooks (403), like a token without the webhooks permission. */
  hooksForbidden = false;
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

  private where(): PullRepo {
    return { owner: this.owner, repo: this.repo, gitDir: this.server.gitDir, webRoot: this.server.url };
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
    if (check.operation === "/app/installations/{installation_id}/access_tokens")
      return done(mintInstallationToken(this.app, check.params, headers, (t) => this.validTokens.add(t)));
    const who = this.authorized(headers);
    if (!who) return done({ status: 401, body: { message: "Bad credentials" } });
    if (check.params.owner !== this.owner || check.params.repo !== this.repo) return done({ status: 404, body: { message: "Not Found" } });
    if (check.errors.length > 0) return done({ status: 422, body: { message: "Invalid request.", errors: check.errors } });
    return done(await this.route(check.operation, check.params, query, (body ?? {}) as Record<string, unknown>, who));
  }

  private async route(op: string, params: Record<string, string>, query: URLSearchParams, b: Record<string, unknown>, who: string): Promise<Reply> {
    const pull = this.pulls.get(Number(params.pull_number ?? params.issue_number));
    const web = `${this.server.url}/${this.owner}/${this.repo}`;
    const comments = await this.comments.route(op, pull, params, b);
    if (comments) return comments;
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
      case "/repos/{owner}/{repo}/pulls":
        return listPulls(this.where(), [...this.pulls.values()], query, this.apiUrl);
      case "/repos/{owner}/{repo}/pulls/{pull_number}":
        return pull ? { status: 200, body: await pullBody(this.where(), pull) } : { status: 404, body: { message: "Not Found" } };
      case "/repos/{owner}/{repo}/hooks": {
        if (who === "token" && this.hooksForbidden) return { status: 403, body: { message: "Resource not accessible by personal access token" } };
        const config = b.config as { url: string; secret?: string };
        const hook = { id: this.id(), url: config.url, secret: config.secret ?? "", events: (b.events as string[]) ?? ["push"] };
        this.hooks.push(hook);
        return { status: 201, body: { id: hook.id, name: "web", active: true, events: hook.events, config: { url: hook.url, content_type: "json" } } };
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
}
