// What the findings pages share: reading through the operation pipeline as the signed-in user,
// a GET route behind the session, and the answer to a refused change.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { App } from "../../../kernel/app.ts";
import { invoke } from "../../../kernel/execute.ts";
import type { AnyOperation } from "../../../kernel/operation.ts";
import { sessionPrincipal } from "../../../kernel/principal.ts";
import { AppError } from "../../../kernel/errors.ts";
import { errorPage, sendPage } from "../../../kernel/ui/page.ts";
import { formError, requireWorkspace, type Session } from "../../identity/index.ts";

export type WorkspaceSession = Session & { workspace: NonNullable<Session["workspace"]> };
export type Row = Record<string, any>;
export type OperationById = (id: string) => AnyOperation;

const readScopes: ReadonlySet<string> = new Set(["user:read", "repos:read", "runs:read", "findings:read"]);

/** Reads through the pipeline (same scoping, views and rate limits as REST), holding only the read scopes. */
export async function readAs(operation: AnyOperation, app: App, req: FastifyRequest, s: WorkspaceSession, input: Row): Promise<Row> {
  const r = await invoke(app, operation, sessionPrincipal(s, readScopes), input, { requestId: String(req.id), trigger: "web", headers: {} });
  return r.body as Row;
}

type Render = (req: FastifyRequest, s: WorkspaceSession, csrf: string) => Promise<string>;

/** A GET page for a signed-in member of a workspace. */
export function pageRoute(web: FastifyInstance, app: App, path: string, render: Render): void {
  web.get(path, async (req, reply) => {
    const session = await requireWorkspace(app, req, reply);
    if (!session) return reply;
    return sendPage(reply, 200, await render(req, session, reply.generateCsrf()));
  });
}

/** Query values a page passes on to its operation: only plain strings, never arrays. */
export function pick(q: unknown, keys: string[]): Row {
  const out: Row = {};
  for (const k of keys) {
    const v = (q as Row | undefined)?.[k];
    if (typeof v === "string" && v !== "") out[k] = v;
  }
  return out;
}

export const where = (f: Row) => (f.location ? `${f.location.path}:${f.location.startLine}` : "");

/** A change the pipeline refused (4xx): its message on the error page, with its Retry-After and limit headers. */
export function refusedChange(reply: FastifyReply, err: unknown, what: string): FastifyReply {
  if (!(err instanceof AppError) || err.status >= 500) throw err;
  for (const [k, v] of Object.entries(err.headers)) if (k.toLowerCase() !== "www-authenticate") reply.header(k, v);
  return errorPage(reply, err.status, "Change refused", `${formError(err)}${what ? ` (${what})` : ""}`);
}
