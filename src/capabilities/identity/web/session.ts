// The browser-facing part of the server (the app's pages and the consent screen) lives in its own
// Fastify context: only here are cookies read, form bodies parsed and CSRF tokens checked, so the
// API keeps answering 415 to anything but JSON and never sees a session.
import { createHmac } from "node:crypto";
import cookie from "@fastify/cookie";
import csrf from "@fastify/csrf-protection";
import formbody from "@fastify/formbody";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { App } from "../../kernel/app.ts";
import { AppError, asAppError } from "../../kernel/errors.ts";
import { readSession, type Session } from "../../capabilities/identity/index.ts";
import { html, page } from "../../kernel/ui/html.ts";

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
export async function requireWorkspace(app: App, req: FastifyRequest, reply: FastifyReply): Promise<(Session & { workspace: NonNullable<Session["workspace"]> }) | undefined> {
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

type WorkspaceSession = Session & { workspace: NonNullable<Session["workspace"]> };

/**
 * A settings list (`list`) of the signed-in user's things in the active workspace: the page, and
 * `POST list/:id/revoke` that revokes one and goes back to the list.
 */
export function settingsList(web: FastifyInstance, app: App, list: string, opts: {
  what: string;
  render: (session: WorkspaceSession, csrf: string) => Promise<string>;
  revoke: (session: WorkspaceSession, id: number) => Promise<void>;
}): void {
  web.get(list, async (req, reply) => {
    const session = await requireWorkspace(app, req, reply);
    if (!session) return reply;
    return sendPage(reply, 200, await opts.render(session, reply.generateCsrf()));
  });
  web.post(`${list}/:id/revoke`, { preHandler: web.csrfProtection }, async (req, reply) => {
    const session = await requireWorkspace(app, req, reply);
    if (!session) return reply;
    const id = Number((req.params as { id: string }).id);
    if (!Number.isSafeInteger(id)) throw new AppError("not_found", `No such ${opts.what}.`);
    await opts.revoke(session, id);
    return reply.redirect(list, 303);
  });
}

export function sendPage(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply.code(status).type("text/html; charset=utf-8").send(body);
}

export function errorPage(reply: FastifyReply, status: number, title: string, message: string): FastifyReply {
  return sendPage(reply, status, page({ title }, html`<h1>${title}</h1><p class="error">${message}</p><p><a href="/app">Back to crs</a></p>`));
}

function isCsrfError(err: unknown): boolean {
  return typeof (err as { code?: unknown }).code === "string" && (err as { code: string }).code.startsWith("FST_CSRF_");
}

/** Registers `routes` in a context with cookies, form bodies, CSRF protection and HTML error pages. */
export function webContext(server: FastifyInstance, app: App, routes: (web: FastifyInstance) => void): void {
  server.register(async (web) => {
    // Cookie signatures use a key derived from the server secret, shared by every instance.
    await web.register(cookie, { secret: createHmac("sha256", app.secret).update("crs cookies").digest() });
    await web.register(formbody);
    await web.register(csrf, { cookieOpts: { ...cookieOptions(app), signed: true }, logLevel: "debug" });
    web.addHook("onSend", async (_req, reply) => {
      // Never framed (a consent screen in a frame could be clicked through), never cached.
      reply.header("X-Frame-Options", "DENY");
      reply.header("Content-Security-Policy", "default-src 'self'; frame-ancestors 'none'; base-uri 'none'");
      reply.header("Cache-Control", "no-store");
      reply.header("Referrer-Policy", "no-referrer");
    });
    web.setErrorHandler((err, req, reply) => {
      if (isCsrfError(err)) {
        return errorPage(reply, 403, "Form expired", "The form was sent without a valid CSRF token (it expired, or came from another site). Go back, reload the page and try again.");
      }
      const e = asAppError(err);
      if (e.status >= 500) req.log.error({ err: e.cause ?? err, requestId: req.id }, "page failed");
      return errorPage(reply, e.status, e.status >= 500 ? "Something went wrong" : "Request refused", e.status >= 500 ? `Retry once; if it persists, report request ${req.id}.` : e.message);
    });
    routes(web);
  });
}
