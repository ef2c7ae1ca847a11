// The client's HTTP transport: the REST API with the bearer token, errors as the spec's body
// (code, message, request id), and network failures that say which URL could not be reached.
export class ClientError extends Error {
  readonly exitCode: number;
  readonly code: string;
  readonly requestId: string | null;
  readonly status: number;
  readonly body: unknown;
  constructor(message: string, o: { exitCode: number; code: string; requestId?: string | null; status?: number; body?: unknown }) {
    super(message);
    this.exitCode = o.exitCode;
    this.code = o.code;
    this.requestId = o.requestId ?? null;
    this.status = o.status ?? 0;
    this.body = o.body;
  }
}

export interface Call {
  method: string;
  /** Path under /api/v2 (already with its parameters), or an absolute URL. */
  path: string;
  query?: Record<string, string> | undefined;
  body?: unknown;
  headers?: Record<string, string> | undefined;
}

export const authHint = "run `crs login` (or set CRS_TOKEN)";

const serverHint = "Is the server running? Set CRS_URL or use crs login --url.";

function unreachable(url: string, cause: string, hint: string): ClientError {
  return new ClientError(`Could not reach ${url} (${cause}).${hint ? ` ${hint}` : ""}`, { exitCode: 1, code: "unreachable" });
}

/** fetch, where a network failure becomes "Could not reach URL (cause)" with a hint (exit 1). */
export async function reach(url: string, input: string | URL | Request, init?: RequestInit, hint = serverHint): Promise<Response> {
  try {
    return await fetch(input, init);
  } catch (err) {
    throw unreachable(url, (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message, hint);
  }
}

interface Exchange {
  status: number;
  statusText: string;
  requestId: string | null;
  text: string;
}

/**
 * One request through node:http(s). API calls go this way rather than through fetch, whose undici
 * takes longer to load than Node takes to start, and every client command makes at least one API
 * call. process.getBuiltinModule, not an import: importing node:http also loads undici.
 */
function exchange(url: string, target: string, method: string, headers: Record<string, string>, body: string | undefined): Promise<Exchange> {
  const u = new URL(target);
  const http = u.protocol === "https:" ? process.getBuiltinModule("node:https") : process.getBuiltinModule("node:http");
  const sent = body === undefined ? headers : { ...headers, "content-length": String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    const req = http.request(u, { method, headers: sent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("error", (err) => reject(unreachable(url, (err as NodeJS.ErrnoException).code ?? err.message, serverHint)));
      res.on("end", () => {
        const id = res.headers["x-request-id"];
        resolve({
          status: res.statusCode ?? 0,
          statusText: res.statusMessage ?? "",
          requestId: typeof id === "string" ? id : null,
          text: Buffer.concat(chunks).toString("utf8"),
        });
      });
    });
    req.on("error", (err) => reject(unreachable(url, (err as NodeJS.ErrnoException).code ?? err.message, serverHint)));
    req.end(body);
  });
}

/** A response body: JSON when it parses, else the text, null when empty. */
export async function bodyOf(res: Response): Promise<any> {
  return parsed(await res.text());
}

function parsed(text: string): any {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

export async function api(url: string, token: string | null, call: Call): Promise<{ status: number; body: any }> {
  if (!token) throw new ClientError(`Not logged in to ${url}: ${authHint}.`, { exitCode: 4, code: "unauthenticated" });
  const q = call.query && Object.keys(call.query).length ? `?${new URLSearchParams(call.query)}` : "";
  const target = /^https?:\/\//.test(call.path) ? call.path : `${url}/api/v2${call.path}${q}`;
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, "x-crs-client": "cli", ...call.headers };
  if (call.body !== undefined) headers["content-type"] = "application/json";
  const res = await exchange(url, target, call.method, headers, call.body !== undefined ? JSON.stringify(call.body) : undefined);
  const body = parsed(res.text);
  if (res.status >= 400) {
    const e = body?.error ?? {};
    const code = String(e.code ?? `http_${res.status}`);
    // Each issue on its own line, unless the message already says it (one issue, same words).
    const issues = Array.isArray(e.details?.issues) ? e.details.issues.filter((i: any) => i.message !== e.message) : [];
    const detail = issues.length ? `\n${issues.map((i: any) => `  ${i.path}: ${i.message}`).join("\n")}` : "";
    throw new ClientError(`${code}: ${e.message ?? res.statusText}${detail}`, {
      exitCode: res.status === 401 ? 4 : 1,
      code,
      requestId: body?.requestId ?? res.requestId,
      status: res.status,
      body,
    });
  }
  return { status: res.status, body };
}
