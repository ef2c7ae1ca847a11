// Sign-in and sign-out (web-only operations, through the pipeline), the home page with the workspace
// switcher.
import type { FastifyInstance } from "fastify";
import type { App } from "../../../kernel/app.ts";
import type { AnyOperation } from "../../../kernel/operation.ts";
import { AppError } from "../../../kernel/errors.ts";
import { html, page } from "../../../kernel/ui/html.ts";
import { errorPage, sendPage } from "../../../kernel/ui/page.ts";
import { act, cookieOptions, formError, safeNext, sessionCookie, sessionOf } from "./session.ts";

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
  const signIn = operation("sign_in");
  const signOut = operation("sign_out");
  web.get("/", async (_req, reply) => reply.redirect("/app", 302));

  web.get("/app/sign-in", async (req, reply) => {
    const next = safeNext((req.query as Form).next);
    if (await sessionOf(app, req)) return reply.redirect(next, 302);
    return sendPage(reply, 200, signInPage(reply.generateCsrf(), next));
  });

  web.post("/app/sign-in", { preHandler: web.csrfProtection }, async (req, reply) => {
    const form = (req.body ?? {}) as Form;
    const next = safeNext(form.next);
    let session: string;
    try {
      ({ session } = (await act(app, req, reply, signIn, undefined, { email: form.email, password: form.password })) as { session: string });
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      // Wrong, throttled (Retry-After) or malformed: the form again, with the pipeline's limit headers.
      for (const [k, v] of Object.entries(err.headers)) if (k.toLowerCase() !== "www-authenticate") reply.header(k, v);
      const message = err.code === "invalid_request" ? formError(err) : err.message;
      return sendPage(reply, err.status, signInPage(reply.generateCsrf(), next, message));
    }
    reply.setCookie(sessionCookie, session, { ...cookieOptions(app), maxAge: app.config.auth.sessionHours * 3600 });
    return reply.redirect(next, 303);
  });

  web.post("/app/sign-out", { preHandler: web.csrfProtection }, async (req, reply) => {
    const session = await sessionOf(app, req);
    if (session) await act(app, req, reply, signOut, session, {});
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
