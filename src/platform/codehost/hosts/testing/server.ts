// Test support: the HTTP plumbing both code-host stand-ins share. It records every request with
// what the validator found wrong with it, can be told to fail the next requests (status, delay),
// and answers git's smart HTTP for the served repository after a token check.
import { execFileSync } from "node:child_process";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { serveGit } from "./git-http.ts";
import { readRequestBody } from "./request-body.ts";

export interface RecordedRequest {
  method: string;
  /** Path under the API root, without the query. */
  path: string;
  query: URLSearchParams;
  body: unknown;
  /** The operation it matched (a path template), or null. */
  operation: string | null;
  /** What the validator found wrong; empty for a valid request. */
  errors: string[];
  status: number;
}

export interface FailureRule {
  /** Answer with this status (and a host-like error body) instead of handling the request. */
  status?: number;
  headers?: Record<string, string>;
  /** Wait this long before answering (a slow host). */
  delayMs?: number;
  /** How many requests this rule applies to (default 1). */
  times?: number;
  /** Only requests whose "METHOD /path" matches. */
  match?: RegExp;
}

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Handled {
  operation: string | null;
  errors: string[];
  reply: Reply;
}

export interface StandInOptions {
  /** The API root path (/api/v3 for GitHub Enterprise style, /api/v4 for GitLab). */
  apiPrefix: string;
  /** `<repo path>.git` served over smart HTTP, e.g. "acme/widgets". */
  repoPath: string;
  /** A repository (bare, or a working tree whose .git is used). */
  repoDir: string;
  /** Whether a git request's Basic password is acceptable. */
  gitPasswordOk(password: string): boolean;
  handle(method: string, path: string, query: URLSearchParams, body: unknown, headers: IncomingMessage["headers"]): Handled | Promise<Handled>;
}

export class StandInServer {
  readonly requests: RecordedRequest[] = [];
  readonly gitRequests: { path: string; status: number }[] = [];
  private gitFailuresLeft = 0;
  private readonly rules: FailureRule[] = [];
  private readonly server: Server;
  readonly gitDir: string;
  url = "";
  private readonly opts: StandInOptions;

  constructor(opts: StandInOptions) {
    this.opts = opts;
    this.gitDir = execFileSync("git", ["rev-parse", "--absolute-git-dir"], { cwd: opts.repoDir, encoding: "utf8" }).trim();
    this.server = createServer((req, res) => {
      this.dispatch(req, res).catch((err: unknown) => {
        if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ message: `stand-in failure: ${(err as Error).message}` }));
      });
    });
  }

  async listen(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Fail (or slow down) the next matching requests. */
  failNext(rule: FailureRule): void {
    this.rules.push({ times: 1, ...rule });
  }

  /** Answer the next `times` git requests with 503, as a host whose git service is down. */
  failGitNext(times = 1): void {
    this.gitFailuresLeft += times;
  }

  /** Forgets the failure rules not yet used up. */
  clearFailures(): void {
    this.rules.length = 0;
    this.gitFailuresLeft = 0;
  }

  /** Requests the validator found wrong: a test of crs asserts this is empty. */
  invalid(): RecordedRequest[] {
    return this.requests.filter((r) => r.errors.length > 0);
  }

  private async dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const gitPrefix = `/${this.opts.repoPath}.git`;
    if (url.pathname.startsWith(`${gitPrefix}/`)) return this.git(req, res, url.pathname.slice(gitPrefix.length), url.search.slice(1));
    if (!url.pathname.startsWith(`${this.opts.apiPrefix}/`)) {
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ message: "Not Found" }));
      return;
    }
    const path = url.pathname.slice(this.opts.apiPrefix.length);
    const { body, errors: bodyErrors } = await readRequestBody(req);
    let errors = bodyErrors;
    const method = req.method ?? "GET";
    const record: RecordedRequest = { method, path, query: url.searchParams, body, operation: null, errors, status: 0 };
    this.requests.push(record);
    const rule = this.takeRule(`${method} ${path}`);
    if (rule?.delayMs) await new Promise((r) => setTimeout(r, rule.delayMs));
    let reply: Reply;
    if (rule?.status) {
      reply = { status: rule.status, body: { message: `stand-in told to fail with ${rule.status}` }, headers: rule.headers };
    } else {
      const handled = await this.opts.handle(method, path, url.searchParams, body, req.headers);
      record.operation = handled.operation;
      errors = [...errors, ...handled.errors];
      record.errors = errors;
      reply = errors.length > 0 && handled.reply.status < 400 ? { status: 422, body: { message: "Validation Failed", errors } } : handled.reply;
    }
    record.status = reply.status;
    const text = reply.body === undefined ? "" : JSON.stringify(reply.body);
    res.writeHead(reply.status, { "content-type": "application/json; charset=utf-8", ...reply.headers });
    res.end(reply.status === 204 ? undefined : text);
  }

  private takeRule(key: string): FailureRule | undefined {
    const i = this.rules.findIndex((r) => !r.match || r.match.test(key));
    if (i < 0) return undefined;
    const rule = this.rules[i] as FailureRule;
    rule.times = (rule.times ?? 1) - 1;
    if (rule.times <= 0) this.rules.splice(i, 1);
    return rule;
  }

  private git(req: IncomingMessage, res: ServerResponse, rest: string, query: string): void {
    const auth = String(req.headers.authorization ?? "");
    const password = auth.startsWith("Basic ") ? (Buffer.from(auth.slice(6), "base64").toString("utf8").split(":")[1] ?? "") : "";
    const ok = password.length > 0 && this.opts.gitPasswordOk(password);
    if (ok && this.gitFailuresLeft > 0) {
      this.gitFailuresLeft -= 1;
      this.gitRequests.push({ path: rest, status: 503 });
      res.writeHead(503, { "content-type": "text/plain" }).end("stand-in told to fail\n");
      return;
    }
    this.gitRequests.push({ path: rest, status: ok ? 200 : 401 });
    if (!ok) {
      res.writeHead(401, { "www-authenticate": 'Basic realm="stand-in"', "content-type": "text/plain" }).end("Authentication failed\n");
      return;
    }
    serveGit(req, res, this.gitDir, rest, query);
  }
}
