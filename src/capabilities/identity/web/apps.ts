// Authorized apps (the user's OAuth grants in the active workspace, revocable at once) and the
// change-password page (which revokes every key and token of the user, in every workspace).
import type { FastifyInstance } from "fastify";
import type { App } from "../../../kernel/app.ts";
import { AppError } from "../../../kernel/errors.ts";
import type { AnyOperation } from "../../../kernel/operation.ts";
import { createSession, type Session } from "../sessions.ts";
import { listOwnApps } from "../settings.ts";
import { html, page, when } from "../../../kernel/ui/html.ts";
import { sendPage } from "../../../kernel/ui/page.ts";
import { act, formError, settingsList, signInRedirect, sessionOf, cookieOptions, sessionCookie } from "./session.ts";
import { isVerifiedClient } from "../../oauth/index.ts";

type Form = Record<string, string | undefined>;

async function appsPage(app: App, session: Session, csrf: string): Promise<string> {
  const ws = session.workspace!;
  const apps = await listOwnApps(app.store, ws.id, session.user.id);
  const rows = apps.map(
    (a) =>
      html`<tr><td>${a.clientName} <span class="tag">${isVerifiedClient(a.clientId) ? "verified" : "unverified"}</span></td><td>${a.scopes.join(", ")}</td>
<td>${when(a.createdAt)}</td><td>${when(a.lastUsedAt)}</td>
<td><form method="post" action="/app/settings/apps/${a.id}/revoke" class="inline">
<input type="hidden" name="_csrf" value="${csrf}"><button class="danger">Revoke</button></form></td></tr>`,
  );
  return page(
    { title: "Authorized apps", user: session.user, csrf, section: "settings", narrow: true },
    html`<h1>Authorized apps</h1>
<p>Applications you allowed to use crs in the workspace <strong>${ws.name}</strong> (${ws.slug}). Revoking one ends its tokens at once.</p>
${
  apps.length
    ? html`<table><tr><th>Application</th><th>Scopes</th><th>Authorized</th><th>Last used</th><th></th></tr>${rows}</table>`
    : html`<p>No applications are authorized here.</p>`
}`,
  );
}

function passwordPage(session: Session, csrf: string, message?: { error?: string; done?: string }): string {
  return page(
    { title: "Change password", user: session.user, csrf, section: "settings", narrow: true },
    html`<h1>Change password</h1>
${message?.error ? html`<p class="error" role="alert">${message.error}</p>` : ""}${
  message?.done ? html`<p class="notice" role="status">${message.done}</p>` : ""
}
<p>Changing your password revokes every API key and every authorized app of yours, in every workspace, and signs out your other sessions.</p>
<form method="post" action="/app/settings/password"><input type="hidden" name="_csrf" value="${csrf}">
<label for="current">Current password</label><input id="current" name="current" type="password" autocomplete="current-password" required>
<label for="password">New password (at least 8 characters)</label>
<input id="password" name="password" type="password" autocomplete="new-password" minlength="8" required>
<label for="confirm">New password again</label><input id="confirm" name="confirm" type="password" autocomplete="new-password" minlength="8" required>
<div class="actions"><button>Change password</button></div></form>`,
  );
}

export function registerApps(web: FastifyInstance, app: App, operation: (id: string) => AnyOperation): void {
  settingsList(web, app, "/app/settings/apps", {
    render: (session, csrf) => appsPage(app, session, csrf),
    revoke: operation("revoke_authorized_app"),
  });
  const change = operation("change_password");

  web.get("/app/settings/password", async (req, reply) => {
    const session = await sessionOf(app, req);
    if (!session) return signInRedirect(reply, req);
    return sendPage(reply, 200, passwordPage(session, reply.generateCsrf()));
  });

  web.post("/app/settings/password", { preHandler: web.csrfProtection }, async (req, reply) => {
    // A user in no workspace may change their password too: the operation reads no workspace.
    const session = await sessionOf(app, req);
    if (!session) return reply.redirect("/app/sign-in", 303);
    const form = (req.body ?? {}) as Form;
    try {
      const input = { current: form.current ?? "", password: form.password ?? "", confirm: form.confirm ?? "" };
      const { revokedTokens } = (await act(app, req, reply, change, session, input)) as { revokedTokens: number };
      // Every session ended with the change, this one too: the user gets a fresh one.
      const value = await createSession(app.store, session.user.id, app.config.auth.sessionHours, new Date(), session.workspace?.id);
      reply.setCookie(sessionCookie, value, { ...cookieOptions(app), maxAge: app.config.auth.sessionHours * 3600 });
      return sendPage(
        reply,
        200,
        passwordPage(session, reply.generateCsrf(), { done: `Password changed; ${revokedTokens} key${revokedTokens === 1 ? "" : "s"} and tokens revoked.` }),
      );
    } catch (err) {
      if (err instanceof AppError && err.code === "invalid_request") {
        return sendPage(reply, 400, passwordPage(session, reply.generateCsrf(), { error: formError(err) }));
      }
      throw err;
    }
  });
}
