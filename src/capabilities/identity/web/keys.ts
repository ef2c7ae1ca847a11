// Developer settings: the user's API keys in the active workspace. A new key starts with no scope
// ticked, needs at least one, and its token is shown once.
import type { FastifyInstance } from "fastify";
import type { App } from "../../../kernel/app.ts";
import { AppError } from "../../../kernel/errors.ts";
import type { AnyOperation } from "../../../kernel/operation.ts";
import { listOwnKeys } from "../settings.ts";
import type { Session } from "../sessions.ts";
import { scopes } from "../../../kernel/scopes.ts";
import { scopeWords } from "../../../kernel/ui/scope-words.ts";
import { html, page, when, type Html } from "../../../kernel/ui/html.ts";
import { sendPage } from "../../../kernel/ui/page.ts";
import { act, formError, requireWorkspace, settingsList } from "./session.ts";

type Body = Record<string, string | string[] | undefined>;

async function keysPage(app: App, session: Session, csrf: string, opts: { error?: string; created?: { name: string; token: string } } = {}): Promise<string> {
  const ws = session.workspace!;
  const keys = await listOwnKeys(app.store, ws.id, session.user.id);
  const created: Html | string = opts.created
    ? html`<div class="notice"><p>Key <strong>${opts.created.name}</strong> created. Copy the token now: it is shown only once.</p>
<input class="token" id="new-token" readonly value="${opts.created.token}" aria-label="New token">
<button type="button" data-copy="new-token" hidden>Copy</button></div>`
    : "";
  const rows = keys.map(
    (k) => html`<tr><td>${k.name}</td><td><code>${k.prefix ? `${k.prefix}…` : "—"}</code></td><td>${k.scopes.join(", ")}</td>
<td>${when(k.createdAt)}</td><td>${when(k.lastUsedAt)}</td>
<td><form method="post" action="/app/settings/keys/${k.id}/revoke" class="inline">
<input type="hidden" name="_csrf" value="${csrf}"><button class="danger">Revoke</button></form></td></tr>`,
  );
  return page(
    { title: "API keys", user: session.user, csrf, section: "settings", narrow: true },
    html`<h1>API keys</h1>
<p>Keys for the workspace <strong>${ws.name}</strong> (${ws.slug}). A key reads only this workspace.</p>${created}
${
  keys.length
    ? html`<table><tr><th>Name</th><th>Prefix</th><th>Scopes</th><th>Created</th><th>Last used</th><th></th></tr>${rows}</table>`
    : html`<p>You have no API keys here.</p>`
}
<h2>Create a key</h2>${opts.error ? html`<p class="error" role="alert">${opts.error}</p>` : ""}
<form method="post" action="/app/settings/keys"><input type="hidden" name="_csrf" value="${csrf}">
<label for="name">Name</label><input id="name" name="name" type="text" maxlength="100" required>
<fieldset><legend>Scopes (at least one)</legend>${scopes.map(
      (s) =>
        html`<label class="check"><input type="checkbox" name="scopes" value="${s}"> <span><code>${
          s
        }</code> ${scopeWords[s]}${s === "runs:write" ? html` <span class="tag">spends credits</span>` : ""}</span></label>`,
    )}</fieldset>
<div class="actions"><button>Create key</button></div></form>`,
  );
}

export function registerKeys(web: FastifyInstance, app: App, operation: (id: string) => AnyOperation): void {
  settingsList(web, app, "/app/settings/keys", {
    render: (session, csrf) => keysPage(app, session, csrf),
    revoke: operation("revoke_api_key"),
  });

  const create = operation("create_api_key");
  web.post("/app/settings/keys", { preHandler: web.csrfProtection }, async (req, reply) => {
    const session = await requireWorkspace(app, req, reply);
    if (!session) return reply;
    const body = (req.body ?? {}) as Body;
    try {
      const key = (await act(app, req, reply, create, session, { name: body.name, scopes: ([] as string[]).concat(body.scopes ?? []) })) as {
        name: string;
        token: string;
      };
      return sendPage(reply, 201, await keysPage(app, session, reply.generateCsrf(), { created: key }));
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== "invalid_request") throw err;
      return sendPage(reply, 400, await keysPage(app, session, reply.generateCsrf(), { error: formError(err) }));
    }
  });
}
