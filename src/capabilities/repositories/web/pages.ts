// The repositories pages: the list (mirror and access state, default branch, last review, open
// findings) and one repository (its refs with their review state, links to review them). Owners add
// a repository by remote URL, sync and remove it: web-only operations through the pipeline.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { App } from "../../../kernel/app.ts";
import { AppError } from "../../../kernel/errors.ts";
import { type Html, html, page, when } from "../../../kernel/ui/html.ts";
import { sendPage } from "../../../kernel/ui/page.ts";
import { act, formError, requireWorkspace, type WorkspaceSession } from "../../identity/index.ts";
import { type OperationById, openCount, readAs, type Row } from "./data.ts";

const styles = (text: string) => text.replace("</head>", '<link rel="stylesheet" href="/app/runs.css"></head>');
const tone = (state: string) => (state === "ready" ? "ok" : state === "failed" ? "bad" : "busy");

function mirrorBadge(r: Row): Html {
  const m = r.mirror as Row;
  return html`<span class="badge badge-${tone(m.state)}">${m.state === "ready" ? "mirrored" : m.state}</span>${
    m.state === "failed" ? html` <span class="muted">${m.reason}</span>` : ""
  }`;
}

function addForm(csrf: string, form: Row, error?: string): Html {
  return html`<section class="panel" id="add"><h2>Add a repository</h2>${error ? html`<p class="error" role="alert">${error}</p>` : ""}
<form method="post" action="/app/repositories"><input type="hidden" name="_csrf" value="${csrf}">
<label for="remote">Remote URL</label>
<input id="remote" name="remote" type="text" maxlength="2048" required placeholder="https://github.com/owner/name.git" value="${form.remote ?? ""}">
<label for="name">Name (optional, owner/name)</label><input id="name" name="name" type="text" maxlength="201" value="${form.name ?? ""}">
<div class="actions"><button>Add repository</button></div></form></section>`;
}

export function registerRepositoryPages(web: FastifyInstance, app: App, operation: OperationById): void {
  const read = (req: FastifyRequest, s: WorkspaceSession, id: string, input: Row) => readAs(operation, app, req, s, id, input);

  async function listPage(req: FastifyRequest, reply: FastifyReply, s: WorkspaceSession, status: number, form: Row = {}, error?: string) {
    const q = (req.query ?? {}) as Row;
    const list = await read(req, s, "list_repositories", { limit: 50, ...(typeof q.cursor === "string" && q.cursor ? { cursor: q.cursor } : {}) });
    const items = list.items as Row[];
    const [reviews, open] = await Promise.all([
      app.lastReviews(
        s.workspace.id,
        items.map((r) => r.id),
      ),
      Promise.all(items.map((r) => openCount(operation, app, req, s, r.id))),
    ]);
    const csrf = reply.generateCsrf();
    const rows = items.map((r, i) => {
      const last = reviews.get(r.id);
      return html`<tr><td><a href="/app/repositories/${r.id}">${r.fullName}</a></td><td>${mirrorBadge(r)}</td><td>${r.access}</td>
<td>${r.defaultBranch ?? "—"}</td><td>${last ? html`<a href="/app/runs/${last.run}">${when(last.at)}</a>` : "never"}</td>
<td class="num">${open[i] === null ? "—" : html`<a href="/app/findings?repository=${r.fullName}&amp;status=open">${open[i]}</a>`}</td></tr>`;
    });
    const admin = s.workspace.role === "admin";
    const body = html`<h1>Repositories</h1>
${
  rows.length
    ? html`<div class="table-wrap"><table><thead><tr><th>Repository</th><th>Mirror</th><th>Access</th><th>Default branch</th><th>Last review</th>
<th class="num">Open findings</th></tr></thead><tbody>${rows}</tbody></table></div>`
    : html`<p>No repositories yet.</p>`
}${list.nextCursor ? html`<p><a href="/app/repositories?cursor=${encodeURIComponent(list.nextCursor)}">More</a></p>` : ""}
${admin ? addForm(csrf, form, error) : html`<p class="muted">An owner of the workspace can add repositories.</p>`}`;
    return sendPage(reply, status, styles(page({ title: "Repositories", user: s.user, csrf, section: "repositories" }, body)));
  }

  web.get("/app/repositories", async (req, reply) => {
    const s = await requireWorkspace(app, req, reply);
    if (!s) return reply;
    return listPage(req, reply, s, 200);
  });

  web.post("/app/repositories", { preHandler: web.csrfProtection }, async (req, reply) => {
    const s = await requireWorkspace(app, req, reply);
    if (!s) return reply;
    const form = (req.body ?? {}) as Row;
    const input = { remote: typeof form.remote === "string" ? form.remote.trim() : form.remote, name: form.name };
    try {
      const repo = (await act(app, req, reply, operation("add_repository"), s, input)) as Row;
      return reply.redirect(`/app/repositories/${repo.id}`, 303);
    } catch (err) {
      if (!(err instanceof AppError) || !["invalid_request", "conflict", "forbidden"].includes(err.code)) throw err;
      return listPage(req, reply, s, err.status, form, err.code === "invalid_request" ? formError(err) : err.message);
    }
  });

  for (const [action, op] of [
    ["sync", "sync_repository"],
    ["remove", "remove_repository"],
  ] as const) {
    web.post(`/app/repositories/:id/${action}`, { preHandler: web.csrfProtection }, async (req, reply) => {
      const s = await requireWorkspace(app, req, reply);
      if (!s) return reply;
      const id = (req.params as Row).id;
      await act(app, req, reply, operation(op), s, { id });
      return reply.redirect(action === "remove" ? "/app/repositories" : `/app/repositories/${encodeURIComponent(id)}`, 303);
    });
  }

  web.get("/app/repositories/:id", async (req, reply) => {
    const s = await requireWorkspace(app, req, reply);
    if (!s) return reply;
    const id = String((req.params as Row).id);
    if (!/^[1-9]\d{0,9}$/.test(id)) throw new AppError("not_found", "No such repository.");
    const r = await read(req, s, "get_repository", { owner: id, repo: "-" });
    const refs = await read(req, s, "list_refs", { owner: id, repo: "-", limit: 50 }).catch(() => null);
    const csrf = reply.generateCsrf();
    const review = (q: Row) => `/app/runs/new?${new URLSearchParams({ repository: String(r.id), ...q }).toString()}`;
    const state = (reviewed: boolean) => (reviewed ? html`<span class="badge badge-ok">reviewed</span>` : html`<span class="muted">not reviewed</span>`);
    const admin = s.workspace.role === "admin";
    const body = html`<div class="page-head"><h1>${r.fullName}</h1><a class="button" href="${review({})}">Review</a></div>
<p>${mirrorBadge(r)} · access ${r.access} · default branch ${r.defaultBranch ?? "—"} · synced ${when(r.mirror.lastSyncedAt)}${
      r.mirror.message ? html` · <span class="muted">${r.mirror.message}</span>` : ""
    }</p>
${r.webUrl ? html`<p><a href="${r.webUrl}" rel="noreferrer">On its code host</a></p>` : ""}
${
  refs
    ? html`<h2>Branches</h2><div class="table-wrap"><table><thead><tr><th>Branch</th><th>Head</th><th>State</th><th></th></tr></thead><tbody>${(
        refs.branches as Row[]
      ).map(
        (b) => html`<tr><td>${b.name}</td><td><code>${String(b.sha).slice(0, 12)}</code></td><td>${state(b.reviewed)}</td>
<td><a href="${review({ at: `branch:${b.name}` })}">Full review</a> · <a href="${review({ kind: "branch", branch: b.name })}">Review the change</a></td></tr>`,
      )}</tbody></table></div>
<h2>Pull requests</h2>${
        (refs.pullRequests as Row[]).length
          ? html`<div class="table-wrap"><table><thead><tr><th>Pull request</th><th>Head</th><th>State</th><th></th></tr></thead><tbody>${(
              refs.pullRequests as Row[]
            ).map(
              (p) => html`<tr><td>#${p.number}</td><td><code>${String(p.sha).slice(0, 12)}</code></td><td>${state(p.reviewed)}</td>
<td><a href="${review({ kind: "pr", pr: String(p.number) })}">Review the change</a></td></tr>`,
            )}</tbody></table></div>`
          : html`<p>None.</p>`
      }
<h2>Tags</h2>${
        (refs.tags as Row[]).length ? html`<ul>${(refs.tags as Row[]).map((t) => html`<li>${t.name} ${state(t.reviewed)}</li>`)}</ul>` : html`<p>None.</p>`
      }`
    : html`<p class="muted">The refs are known once the mirror has synced.</p>`
}
<section class="panel" id="connection"><h2>Code host</h2>
<p><a href="/app/repositories/${r.id}/connection">Code-host connection</a> (webhooks, pull request comments).</p></section>
${
  admin
    ? html`<div class="toolbar"><form method="post" action="/app/repositories/${r.id}/sync" class="inline"><input type="hidden" name="_csrf" value="${csrf}">
<button class="secondary">Sync now</button></form>
<form method="post" action="/app/repositories/${r.id}/remove" class="inline" data-confirm="Remove ${r.fullName} and its mirror?">
<input type="hidden" name="_csrf" value="${csrf}"><button class="danger">Remove</button></form></div>`
    : ""
}`;
    return sendPage(reply, 200, styles(page({ title: r.fullName, user: s.user, csrf, section: "repositories" }, body)));
  });
}
