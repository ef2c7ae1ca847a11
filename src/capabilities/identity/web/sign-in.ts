// Sign-in, sign-out, the home page with the workspace switcher.
import type { FastifyInstance } from "fastify";
import type { App } from "../../../kernel/app.ts";
import { checkCredentials } from "../sign-in.ts";
import type { AnyOperation } from "../../../kernel/operation.ts";
import { AppError } from "../../../kernel/errors.ts";
import { createSession, endSession } from "../sessions.ts";
import { html, page } from "../../../kernel/ui/html.ts";
import { errorPage, sendPage } from "../../../kernel/ui/page.ts";
import { act, cookieOptions, safeNext, sessionCookie, sessionOf } from "./session.ts";

type Form = Record<string, string | undefined>;

function signInPage(csrf: string, next: string, error?: string): string {
  return page(
    { title: "Sign in", narrow: true },
    html`<h1>Sign in to crs</h1>
${error ? html`<p class="error" role="alert">${error}</p>` : ""}
<form method="post" action="/app/sign-in">
<input type="hidden" name="_csrf" value="${csrf}"><input type="hidden" name="next" value="${next}">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required autofocus>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<div class="actions"><button>Sign in</button></div></form>`,
  );
}

export function registerSignIn(web: FastifyInstance, app: App, operation: (id: string) => AnyOperation): void {
  const switchTo = operation("switch_workspace");
  web.get("/", async (_req, reply) => reply.redirect("/app", 302));

  web.get("/app/sign-in", async (req, reply) => {
    const next = safeNext((req.query as Form).next);
    if (await sessionOf(app, req)) return reply.redirect(next, 302);
    return sendPage(reply, 200, signInPage(reply.generateCsrf(), next));
  });

  web.post("/app/sign-in", { preHandler: web.csrfProtection }, async (req, reply) => {
    const form = (req.body ?? {}) as Form;
    const next = safeNext(form.next);
    const result = await checkCredentials(app.store, {
      email: form.email ?? "",
      password: form.password ?? "",
      address: req.ip,
      maxFailures: app.config.auth.signInMaxFailures,
    });
    if (!result.ok) {
      const throttled = result.reason === "throttled";
      const message = throttled ? "Too many failed sign-ins. Wait 15 minutes and try again." : "The email or password is wrong.";
      if (throttled) reply.header("Retry-After", "900");
      return sendPage(reply, throttled ? 429 : 401, signInPage(reply.generateCsrf(), next, message));
    }
    const value = await createSession(app.store, result.userId, app.config.auth.sessionHours);
    reply.setCookie(sessionCookie, value, { ...cookieOptions(app), maxAge: app.config.auth.sessionHours * 3600 });
    return reply.redirect(next, 303);
  });

  web.post("/app/sign-out", { preHandler: web.csrfProtection }, async (req, reply) => {
    await endSession(app.store, req.cookies[sessionCookie]);
    reply.clearCookie(sessionCookie, cookieOptions(app));
    return reply.redirect("/app/sign-in", 303);
  });

  web.post("/app/workspace", { preHandler: web.csrfProtection }, async (req, reply) => {
    const session = await sessionOf(app, req);
    if (!session) return reply.redirect("/app/sign-in", 303);
    try {
      await act(app, req, reply, switchTo, session, { workspace: (req.body as Form | undefined)?.workspace });
    } catch (err) {
      if (!(err instanceof AppError) || (err.code !== "not_found" && err.code !== "invalid_request")) throw err;
      return errorPage(reply, 404, "No such workspace", "You are not a member of that workspace.");
    }
    return reply.redirect("/app", 303);
  });
}
