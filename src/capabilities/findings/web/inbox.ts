// The findings inbox: filters with counts per facet, search, sort, the state in the URL, and bulk
// triage of a selection (update_findings through the pipeline, trigger web). Reads go through the
// list operations, so a bad filter is the API's 400 with its message.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { App } from "../../../kernel/app.ts";
import { AppError } from "../../../kernel/errors.ts";
import { html, page } from "../../../kernel/ui/html.ts";
import { errorPage, sendPage } from "../../../kernel/ui/page.ts";
import { act, formError, requireWorkspace } from "../../identity/index.ts";
import { facetCounts } from "../facets.ts";
import { usernames } from "../../identity/index.ts";
import { filtersOf, type InboxState, listCall, stateOf, urlOf } from "./inbox-state.ts";
import { bulkForm, type FacetData, facetForm } from "./inbox-view.ts";
import { type OperationById, type Row, readAs, refusedChange, type WorkspaceSession } from "./read.ts";

async function facets(app: App, req: FastifyRequest, s: WorkspaceSession, state: InboxState, operation: OperationById): Promise<FacetData> {
  const repositoryId = state.repository ? Number(state.repository) : undefined;
  const [counts, repos, refs] = await Promise.all([
    facetCounts(app, s.workspace.id, s.user.id, filtersOf(state), { repositoryId, at: state.at }, app.now()),
    readAs(operation("list_repositories"), app, req, s, { limit: 100 }),
    state.repository ? readAs(operation("list_refs"), app, req, s, { owner: state.repository, repo: "-", limit: 50 }).catch(() => null) : null,
  ]);
  const ids = Object.keys(counts.assignee).filter((a) => a !== "none");
  return {
    counts,
    repositories: (repos.items as Row[]).map((r) => ({ id: r.id, fullName: r.fullName })),
    refs: refs ? { branches: (refs.branches as Row[]).map((b) => b.name), pullRequests: (refs.pullRequests as Row[]).map((p) => p.number as number) } : null,
    assignees: await usernames(app.store, ids.map(Number)),
  };
}

async function inboxPage(app: App, req: FastifyRequest, reply: FastifyReply, s: WorkspaceSession, operation: OperationById) {
  const state = stateOf(req.query);
  const csrf = reply.generateCsrf();
  const call = listCall(state);
  let list: Row;
  try {
    list = await readAs(operation(call.id), app, req, s, call.input);
  } catch (err) {
    if (!(err instanceof AppError) || err.status >= 500) throw err;
    const body = html`<h1>Inbox</h1><p class="flash error" role="alert">${formError(err)}</p><p><a href="/app/findings">Back to the inbox</a></p>`;
    return sendPage(reply, err.status, page({ title: "Inbox", user: s.user, csrf, section: "inbox" }, body));
  }
  const data = await facets(app, req, s, state, operation);
  const { cursor: _c, ...rest } = state;
  const here = urlOf(state);
  const changed = Number((req.query as Row).changed);
  const body = html`<h1>Inbox</h1>
${Number.isInteger(changed) && changed >= 0 ? html`<p class="flash ok" role="status">Applied to ${changed} finding${changed === 1 ? "" : "s"}.</p>` : ""}
<div class="with-facets">${facetForm(state, data)}<section aria-label="Findings">
<p class="toolbar"><span><strong>${list.total}</strong> finding${list.total === 1 ? "" : "s"}${
    list.position ? html` at <code>${list.position.at}</code>` : html` in ${s.workspace.name}`
  }</span>${state.cursor ? html`<a href="${urlOf(rest)}">First page</a>` : ""}<span class="muted">Press <kbd>?</kbd> for shortcuts</span></p>
${(list.unavailableRepositories as Row[] | undefined)?.map((u) => html`<p class="flash">${u.repository.fullName}: ${u.message}</p>`) ?? ""}
${bulkForm(list.items, csrf, here, state)}
${list.nextCursor ? html`<p><a class="button secondary" href="${urlOf(rest, { cursor: list.nextCursor })}" rel="next">Next page</a></p>` : ""}
</section></div>`;
  return sendPage(reply, 200, page({ title: "Inbox", user: s.user, csrf, section: "inbox" }, body));
}

/** Where a bulk change returns: an inbox URL of this server, else the inbox. */
function backTo(v: unknown): string {
  return typeof v === "string" && /^\/app\/findings(\?[\x21-\x7e]*)?$/.test(v) && v.length <= 8000 ? v : "/app/findings";
}

function bulkInput(form: Row): Row {
  const keys = (Array.isArray(form.finding) ? form.finding : [form.finding]).filter((k: unknown) => typeof k === "string" && k !== "");
  const input: Row = { findings: keys };
  for (const k of ["status", "severity", "reason", "repository", "at"]) if (typeof form[k] === "string" && form[k] !== "") input[k] = form[k];
  if (form.dismissed === "true" || form.dismissed === "false") input.dismissed = form.dismissed === "true";
  if (typeof form.assignee === "string" && form.assignee.trim() !== "") input.assignee = form.assignee.trim() === "none" ? null : form.assignee.trim();
  return input;
}

export function registerInbox(web: FastifyInstance, app: App, operation: OperationById): void {
  const update = operation("update_findings");
  web.get("/app/findings", async (req, reply) => {
    const s = await requireWorkspace(app, req, reply);
    if (!s) return reply;
    return inboxPage(app, req, reply, s, operation);
  });
  web.post("/app/findings/bulk", { preHandler: web.csrfProtection }, async (req, reply) => {
    const s = await requireWorkspace(app, req, reply);
    if (!s) return reply;
    const form = (req.body ?? {}) as Row;
    const back = backTo(form.back);
    const input = bulkInput(form);
    if (!input.findings.length) return errorPage(reply, 400, "Nothing selected", "Select at least one finding, then apply the change.");
    try {
      const r = (await act(app, req, reply, update, s, input)) as Row;
      return reply.redirect(`${back}${back.includes("?") ? "&" : "?"}changed=${r.findings.length}`, 303);
    } catch (err) {
      return refusedChange(reply, err, "");
    }
  });
}
