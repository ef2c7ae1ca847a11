// The app's session on a page: the cookie, who is signed in and in which workspace, the way back
// to sign-in, and the settings lists built on them. Other capabilities' pages use these through index.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { App } from "../../../kernel/app.ts";
import type { AppError } from "../../../kernel/errors.ts";
import { invoke } from "../../../kernel/execute.ts";
import type { AnyOperation } from "../../../kernel/operation.ts";
import { anonymousPrincipal, sessionPrincipal } from "../../../kernel/principal.ts";
import { errorPage, sendPage } from "../../../kernel/ui/page.ts";
import { readSession, type Session } from "../sessions.ts";

export const sessionCookie = "crs_session";

export function cookieOptions(app: App) {
  return { path: "/", httpOnly: true, sameSite: "lax" as const, secure: app.config.baseUrl.startsWith("https:") };
}

export async function sessionOf(app: App, req: FastifyRequest): Promise<Session | undefined> {
  return readSession(app.store, req.cookies[sessionCookie]);
}

/** A path on this server to return to after sign-in; anything else (another host, `//evil`) goes home. */
export function safeNext(next: unknown): string {
  if (typeof next !== "string" || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return "/app";
  return /^[\x21-\x7e]{1,4000}$/.test(next) ? next : "/app";
}

export function signInRedirect(reply: FastifyReply, req: FastifyRequest): FastifyReply {
  return reply.redirect(`/app/sign-in?next=${encodeURIComponent(req.url)}`, 302);
}

/** The session of a signed-in user with an active workspace; otherwise answers (sign-in, or an error page). */
export async function requireWorkspace(
  app: App,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<(Session & { workspace: NonNullable<Session["workspace"]> }) | undefined> {
  const session = await sessionOf(app, req);
  if (!session) {
    if (req.method === "GET") signInRedirect(reply, req);
    else reply.redirect("/app/sign-in", 303);
    return undefined;
  }
  if (!session.workspace) {
    errorPage(reply, 403, "No workspace", "You are not a member of any workspace.");
    return undefined;
  }
  return session as Session & { workspace: NonNullable<Session["workspace"]> };
}

export type WorkspaceSession = Session & { workspace: NonNullable<Session["workspace"]> };

/**
 * A page's change goes through the operation pipeline like REST and MCP (validation, scopes,
 * rate-limit buckets), as the signed-in user holding the scopes their role allows, trigger web;
 * `session` undefined (the sign-in form only) acts as nobody, holding no scope.
 * The limit headers go with the page; an error is thrown for the page or the shell to render.
 */
export async function act(app: App, req: FastifyRequest, reply: FastifyReply, op: AnyOperation, session: Session | undefined, input: unknown) {
  const meta = { requestId: String(req.id), trigger: "web" as const, headers: {} as Record<string, string>, address: req.ip };
  try {
    return (await invoke(app, op, session ? sessionPrincipal(session) : anonymousPrincipal(), input, meta)).body;
  } finally {
    reply.headers(meta.headers);
  }
}

/** What a form shows for a refused input: each field's message, without the API's "Invalid input:" framing. */
export function formError(err: AppError): string {
  const issues = (err.details as { issues?: { message: string }[] } | undefined)?.issues;
  return issues?.length ? issues.map((i) => i.message).join(" ") : err.message;
}

/**
 * A settings list (`list`) of the signed-in user's things in the active workspace: the page, and
 * `POST list/:id/revoke` that revokes one and goes back to the list.
 */
export function settingsList(
  web: FastifyInstance,
  app: App,
  list: string,
  opts: {
    render: (session: WorkspaceSession, csrf: string) => Promise<string>;
    /** The operation that revokes one, given `{ id }`. */
    revoke: AnyOperation;
  },
): void {
  web.get(list, async (req, reply) => {
    const session = await requireWorkspace(app, req, reply);
    if (!session) return reply;
    return sendPage(reply, 200, await opts.render(session, reply.generateCsrf()));
  });
  web.post(`${list}/:id/revoke`, { preHandler: web.csrfProtection }, async (req, reply) => {
    const session = await requireWorkspace(app, req, reply);
    if (!session) return reply;
    await act(app, req, reply, opts.revoke, session, { id: (req.params as { id: string }).id });
    return reply.redirect(list, 303);
  });
}
