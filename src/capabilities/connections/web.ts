// /app/repositories/{id}/connection: the admin's page for a repository's code-host connection (a
// minimal page the web-inbox repositories page may later absorb): its state, the connect form, the
// review policy and the last deliveries. Changes go through web-only operations in the pipeline.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { App } from "../../kernel/app.ts";
import { AppError } from "../../kernel/errors.ts";
import type { AnyOperation } from "../../kernel/operation.ts";
import { type Html, html, page, when } from "../../kernel/ui/html.ts";
import { errorPage, sendPage } from "../../kernel/ui/page.ts";
import { act, formError, requireWorkspace, type WorkspaceSession } from "../identity/index.ts";
import { resolveRepository } from "../repositories/index.ts";
import { connectionRow } from "./connections.ts";
import { lastDeliveries } from "./delivery-list.ts";
import { readPolicy } from "./policy.ts";
import { severities } from "./types.ts";

type Body = Record<string, string | undefined>;
type Notice = { error?: string; connected?: { access: string; webhook: { url: string; created: boolean; secret: string | null; note: string | null } } };

const selected = (on: boolean) => (on ? html` selected` : "");

async function connectionPage(app: App, session: WorkspaceSession, csrf: string, repositoryId: number, notice: Notice = {}): Promise<string> {
  const ws = session.workspace;
  const repo = await resolveRepository(app.store, ws.id, { id: repositoryId });
  const c = await connectionRow(app.store, ws.id, repo.id);
  const p = await readPolicy(app.store, ws.id, repo.id);
  const deliveries = c ? await lastDeliveries(app.store, ws.id, repo.id, 20) : [];
  const base = `/app/repositories/${repo.id}`;
  const hidden = html`<input type="hidden" name="_csrf" value="${csrf}">`;
  let result: Html | string = "";
  if (notice.connected) {
    const w = notice.connected.webhook;
    result = w.created
      ? html`<div class="notice"><p>Connected (access ${notice.connected.access}); the webhook was created on the host.</p></div>`
      : html`<div class="notice"><p>Connected (access ${notice.connected.access}). ${w.note ?? ""}
Add this webhook on the host; the secret is shown only now:</p>
<p>URL <code>${w.url}</code></p><input class="token" id="hook-secret" readonly value="${w.secret ?? ""}" aria-label="Webhook secret">
<button type="button" data-copy="hook-secret" hidden>Copy</button></div>`;
  }
  const state = c
    ? html`<p>Connected to <strong>${c.host}</strong> as <code>${c.host_repo}</code> (${c.api_url}); access <strong>${c.access_state}</strong>${
        c.access_checked_at ? html`, checked ${when(c.access_checked_at)}` : ""
      }; webhook ${c.webhook_id ? "created by crs" : "set up by hand"}.</p>`
    : html`<p>Not connected to a code host.</p>`;
  const rows = deliveries.map((d) => html`<tr><td>${when(d.receivedAt)}</td><td>${d.event}</td><td>${d.state}</td><td>${d.outcome ?? ""}</td></tr>`);
  return page(
    { title: `${repo.full_name}: code host`, user: session.user, csrf },
    html`<h1>${repo.full_name}: code host</h1>${result}${state}
${notice.error ? html`<p class="error" role="alert">${notice.error}</p>` : ""}
<h2>${c ? "Reconnect" : "Connect"}</h2>
<form method="post" action="${base}/connection">${hidden}
<label for="host">Host</label>
<select id="host" name="host"><option value="github"${selected(c?.host !== "gitlab")}>GitHub</option>
<option value="gitlab"${selected(c?.host === "gitlab")}>GitLab</option></select>
<label for="apiUrl">API URL (GitHub Enterprise Server, self-managed GitLab; empty for the public host)</label>
<input id="apiUrl" name="apiUrl" type="url" maxlength="500">
<label for="hostRepo">Repository on the host (empty: ${repo.full_name})</label>
<input id="hostRepo" name="hostRepo" type="text" maxlength="1000">
<label for="token">Token</label>
<input id="token" name="token" type="password" autocomplete="off" required maxlength="1000">
<div class="actions"><button>${c ? "Reconnect" : "Connect"}</button></div></form>
${
  c
    ? html`<h2>Review policy</h2><form method="post" action="${base}/policy">${hidden}
<label for="autoReview">Review pull requests automatically</label>
<select id="autoReview" name="autoReview"><option value="on"${selected(p.autoReview)}>on</option>
<option value="off"${selected(!p.autoReview)}>off</option></select>
<label for="forks">Pull requests from forks</label>
<select id="forks" name="forks"><option value="on"${selected(p.forks)}>on</option>
<option value="off"${selected(!p.forks)}>off</option></select>
<label for="focuses">Focuses (comma-separated)</label>
<input id="focuses" name="focuses" type="text" maxlength="1500" value="${p.focuses.join(", ")}">
<label for="maxRunPriceCents">Most one run may cost (cents; empty: no cap)</label>
<input id="maxRunPriceCents" name="maxRunPriceCents" inputmode="numeric" value="${p.maxRunPriceCents ?? ""}">
<label for="dailyCapCents">Daily cap (cents; empty: none)</label>
<input id="dailyCapCents" name="dailyCapCents" inputmode="numeric" value="${p.dailyCapCents ?? ""}">
<label for="inlineComments">Inline comments per review</label>
<input id="inlineComments" name="inlineComments" inputmode="numeric" value="${p.inlineComments}">
<label for="failAtSeverity">Fail the check from</label>
<select id="failAtSeverity" name="failAtSeverity">${severities.map((s) => html`<option${selected(s === p.failAtSeverity)}>${s}</option>`)}</select>
<div class="actions"><button>Save policy</button></div></form>
<h2>Last deliveries</h2>${
        rows.length ? html`<table><tr><th>Received</th><th>Event</th><th>State</th><th>Outcome</th></tr>${rows}</table>` : html`<p>None yet.</p>`
      }`
    : ""
}`,
  );
}

/** The admin's session and the repository id from the path; otherwise answers (sign-in, 403, 404). */
async function adminOf(app: App, req: FastifyRequest, reply: FastifyReply): Promise<{ session: WorkspaceSession; id: number } | undefined> {
  const session = await requireWorkspace(app, req, reply);
  if (!session) return undefined;
  if (session.workspace.role !== "admin") {
    errorPage(reply, 403, "Admins only", "Only an admin of the workspace manages its code-host connections.");
    return undefined;
  }
  const id = Number((req.params as { id: string }).id);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2 ** 31 - 1) {
    errorPage(reply, 404, "Not found", "No such repository in this workspace.");
    return undefined;
  }
  return { session, id };
}

export function registerConnectionPage(web: FastifyInstance, app: App, operation: (id: string) => AnyOperation): void {
  const render = async (reply: FastifyReply, status: number, a: { session: WorkspaceSession; id: number }, notice?: Notice) => {
    try {
      return sendPage(reply, status, await connectionPage(app, a.session, reply.generateCsrf(), a.id, notice));
    } catch (err) {
      if (err instanceof AppError && err.code === "not_found") return errorPage(reply, 404, "Not found", "No such repository in this workspace.");
      throw err;
    }
  };
  web.get("/app/repositories/:id/connection", async (req, reply) => {
    const a = await adminOf(app, req, reply);
    return a ? render(reply, 200, a) : reply;
  });
  const forms = [
    ["connection", operation("connect_repository")],
    ["policy", operation("set_review_policy")],
  ] as const;
  for (const [path, op] of forms) {
    web.post(`/app/repositories/:id/${path}`, { preHandler: web.csrfProtection }, async (req, reply) => {
      const a = await adminOf(app, req, reply);
      if (!a) return reply;
      const { _csrf, ...body } = (req.body ?? {}) as Body;
      try {
        const out = await act(app, req, reply, op, a.session, { ...body, id: a.id });
        if (path === "policy") return reply.redirect(`/app/repositories/${a.id}/connection`, 303);
        return render(reply, 200, a, { connected: out as NonNullable<Notice["connected"]> });
      } catch (err) {
        if (!(err instanceof AppError) || !["invalid_request", "conflict"].includes(err.code)) throw err;
        return render(reply, 400, a, { error: formError(err) });
      }
    });
  }
}
