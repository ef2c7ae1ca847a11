// Test support: the HTTP plumbing both code-host stand-ins share. It records every request with
// what the validator found wrong with it, can be told to fail the next requests (status, delay),
// and answers git's smart HTTP for the served repository after a token check.
import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { serveGit } from "./git-http.ts";

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
    const raw = await readBody(req);
    let body: unknown;
    let errors: string[] = [];
    if (raw.length > 0) {
      const type = String(req.headers["content-type"] ?? "");
      if (type.startsWith("multipart/form-data") || type.startsWith("application/x-www-form-urlencoded")) {
        body = await parseForm(raw, type);
      } else {
        if (!type.includes("application/json")) errors.push("a body that is not application/json");
        try {
          body = JSON.parse(raw.toString("utf8"));
        } catch {
          errors.push("a body that is not JSON");
        }
      }
    }
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

/** A form body as an object, `a[b]=v` nested as { a: { b: v } } (values stay text, as the host receives them). */
async function parseForm(raw: Buffer, type: string): Promise<Record<string, unknown>> {
  const form = await new Response(new Uint8Array(raw), { headers: { "content-type": type } }).formData();
  const out: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p.length > 0);
    let at = out;
    parts.slice(0, -1).forEach((p) => {
      at[p] ??= {};
      at = at[p] as Record<string, unknown>;
    });
    at[parts.at(-1) ?? key] = typeof value === "string" ? value : "(file)";
  }
  return out;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const run = promisify(execFile);

/** `git` in the served repository without blocking the event loop (crs may share the process in tests and benchmarks). */
export async function git(gitDir: string, args: string[]): Promise<string> {
  const { stdout } = await run("git", ["--git-dir", gitDir, ...args], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  return stdout;
}

/** The new-side line ranges of `git diff base...head` per file, context included (where a host accepts a review comment). */
export async function commentableLines(gitDir: string, base: string, head: string): Promise<Map<string, Array<[number, number]>>> {
  // quotePath off: non-ASCII names come as they are; git still C-quotes names with quotes, backslashes
  // or control characters, and ends a name holding a space with a tab.
  const out = await git(gitDir, ["-c", "core.quotePath=false", "diff", "--no-color", "--no-renames", "-U3", `${base}...${head}`]);
  const files = new Map<string, Array<[number, number]>>();
  let current: Array<[number, number]> | null = null;
  for (const line of out.split("\n")) {
    if (line.startsWith("+++ ")) {
      const name = diffName(line.slice(4));
      current = name === "/dev/null" ? null : [];
      if (current) files.set(name.replace(/^b\//, ""), current);
    } else if (line.startsWith("@@") && current) {
      const m = /\+(\d+)(?:,(\d+))? @@/.exec(line);
      if (m) current.push([Number(m[1]), Number(m[1]) + Number(m[2] ?? "1") - 1]);
    }
  }
  return files;
}

/** A file name from a `+++` line: the trailing tab dropped, a C-quoted name unquoted. */
function diffName(raw: string): string {
  const name = raw.replace(/\t$/, "");
  if (!name.startsWith('"')) return name;
  const bytes: number[] = [];
  const escapes: Record<string, number> = { n: 10, t: 9, r: 13, a: 7, b: 8, f: 12, v: 11, '"': 34, "\\": 92 };
  for (let i = 1; i < name.length - 1; i++) {
    const ch = name[i] ?? "";
    if (ch !== "\\") {
      bytes.push(...Buffer.from(ch, "utf8"));
      continue;
    }
    const next = name[i + 1] ?? "";
    const octal = /^[0-7]{3}/.exec(name.slice(i + 1));
    if (octal) {
      bytes.push(Number.parseInt(octal[0], 8));
      i += 3;
    } else {
      bytes.push(escapes[next] ?? next.charCodeAt(0));
      i += 1;
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** `git rev-parse` in the served repository; null when the ref does not exist. */
export async function revParse(gitDir: string, ref: string): Promise<string | null> {
  try {
    return (await git(gitDir, ["rev-parse", "--verify", "--quiet", `${ref}^{commit}`])).trim() || null;
  } catch {
    return null;
  }
}
