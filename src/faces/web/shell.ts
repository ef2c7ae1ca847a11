// The browser-facing part of the server (the app's pages and the consent screen) lives in its own
// Fastify context: only here are cookies read, form bodies parsed and CSRF tokens checked, so the
// API keeps answering 415 to anything but JSON and never sees a session.
import { createHmac } from "node:crypto";
import cookie from "@fastify/cookie";
import csrf from "@fastify/csrf-protection";
import formbody from "@fastify/formbody";
import type { FastifyInstance } from "fastify";
import { cookieOptions } from "../../capabilities/identity/index.ts";
import type { App } from "../../kernel/app.ts";
import { AppError, asAppError } from "../../kernel/errors.ts";
import { errorPage } from "../../kernel/ui/page.ts";
import { clientGone, clientWentAway } from "../../kernel/reply.ts";
import { nulPath } from "../../kernel/text.ts";

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
      // Never framed (a consent screen in a frame could be clicked through), never cached (but the versioned assets).
      reply.header("X-Frame-Options", "DENY");
      reply.header("Content-Security-Policy", "default-src 'self'; frame-ancestors 'none'; base-uri 'none'");
      if (!reply.hasHeader("Cache-Control")) reply.header("Cache-Control", "no-store");
      reply.header("Referrer-Policy", "no-referrer");
    });
    // The same text rule as every face: no NUL in a path, query or form field, before anything reads it.
    web.addHook("preValidation", async (req) => {
      const field = nulPath({ params: req.params, query: req.query, form: req.body });
      if (field !== undefined) throw new AppError("invalid_request", "The request holds a NUL character, which no field may contain.");
    });
    web.setErrorHandler((err, req, reply) => {
      if (isCsrfError(err)) {
        return errorPage(
          reply,
          403,
          "Form expired",
          "The form was sent without a valid CSRF token (it expired, or came from another site). Go back, reload " + "the page and try again.",
        );
      }
      if (clientWentAway(req)) return clientGone(req, reply);
      const e = asAppError(err);
      // Retry-After and the limit headers of a refused change; never the API's WWW-Authenticate.
      for (const [k, v] of Object.entries(e.headers)) if (k.toLowerCase() !== "www-authenticate") reply.header(k, v);
      if (e.status >= 500) req.log.error({ err: e.cause ?? err, requestId: req.id }, "page failed");
      return errorPage(
        reply,
        e.status,
        e.status >= 500 ? "Something went wrong" : "Request refused",
        e.status >= 500 ? `Retry once; if it persists, report request ${req.id}.` : e.message,
      );
    });
    routes(web);
  });
}
