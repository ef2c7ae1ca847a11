// Read-only pages behind the API's webUrl links: the findings inbox, a finding and a focus (runs
// have their own pages in the runs capability). They call the same operations as REST and MCP (so the same workspace scoping, views and
// rate limits apply), as the signed-in user with the read scopes.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { App } from "../../../kernel/app.ts";
import { sessionPrincipal } from "../../../kernel/principal.ts";
import type { Session } from "../../identity/index.ts";
import { invoke } from "../../../kernel/execute.ts";
import type { AnyOperation } from "../../../kernel/operation.ts";
import { html, page, when, type Html } from "../../../kernel/ui/html.ts";
import { sendPage } from "../../../kernel/ui/page.ts";
import { requireWorkspace } from "../../identity/index.ts";

type WorkspaceSession = Session & { workspace: NonNullable<Session["workspace"]> };
type Row = Record<string, any>;

const readScopes: ReadonlySet<string> = new Set(["user:read", "repos:read", "runs:read", "findings:read"]);

type OperationById = (id: string) => AnyOperation;

async function readWith(operationById: OperationById, app: App, req: FastifyRequest, s: WorkspaceSession, id: string, input: Row): Promise<Row> {
  const r = await invoke(app, operationById(id), sessionPrincipal(s, readScopes), input, { requestId: String(req.id), trigger: "web", headers: {} });
  return r.body as Row;
}

const where = (f: Row) => (f.location ? `${f.location.path}:${f.location.startLine}` : "");
const findingRows = (items: Row[]) =>
  items.map(
    (f) => html`<tr><td><a href="/app/findings/${f.key}">${f.key}</a></td><td><span class="sev sev-${f.severity}">${f.severity}</span></td>
<td>${f.status}</td><td>${f.title}</td><td><code>${where(f)}</code></td><td>${f.repository?.fullName ?? ""}</td></tr>`,
  );
const findingTable = (items: Row[]): Html =>
  items.length
    ? html`<table><tr><th>Key</th><th>Severity</th><th>Status</th><th>Title</th><th>Location</th><th>Repository</th></tr>${findingRows(items)}</table>`
    : html`<p>No findings.</p>`;
const next = (path: string, cursor: string | null, query: Row = {}) =>
  cursor ? html`<p><a href="${path}?${new URLSearchParams({ ...query, cursor }).toString()}">Next page</a></p>` : "";

/** Query values the list pages pass on to their operation: only plain strings, never arrays. */
function pick(q: unknown, keys: string[]): Row {
  const out: Row = {};
  for (const k of keys) {
    const v = (q as Row | undefined)?.[k];
    if (typeof v === "string" && v !== "") out[k] = v;
  }
  return out;
}

export function registerViews(web: FastifyInstance, app: App, operationById: OperationById): void {
  const read = (a: App, req: FastifyRequest, s: WorkspaceSession, id: string, input: Row) => readWith(operationById, a, req, s, id, input);
  const route = (path: string, render: (req: FastifyRequest, s: WorkspaceSession, csrf: string) => Promise<string>) =>
    web.get(path, async (req, reply) => {
      const session = await requireWorkspace(app, req, reply);
      if (!session) return reply;
      return sendPage(reply, 200, await render(req, session, reply.generateCsrf()));
    });

  route("/app/findings", async (req, s, csrf) => {
    const query = pick(req.query, ["status", "severity", "cursor"]);
    const r = await read(app, req, s, "list_findings", query);
    const { cursor: _c, ...filters } = query;
    return page(
      { title: "Findings", user: s.user, csrf },
      html`<h1>Findings</h1>
<p>${r.total} in ${s.workspace.name}. <a href="/app/findings?status=open">Open</a> ·
<a href="/app/findings?severity=critical,high">Critical and high</a> · <a href="/app/findings">All</a></p>
${findingTable(r.items)}${next("/app/findings", r.nextCursor, filters)}`,
    );
  });

  route("/app/findings/:key", async (req, s, csrf) => {
    const f = await read(app, req, s, "get_finding", { finding: (req.params as Row).key });
    const flow = (f.evidence?.flow ?? f.evidence?.locations ?? []) as Row[];
    return page(
      { title: f.key, user: s.user, csrf },
      html`<h1>${f.key} · ${f.title}</h1>
<p><span class="sev sev-${f.severity}">${f.severity}</span> · ${f.confidence} confidence · ${f.status}${f.dismissed ? " · dismissed" : ""}
 · ${f.repositories.map((r: Row) => r.fullName).join(", ")}
 · first seen ${when(f.firstObservedAt)} · assignee ${f.assignee?.username ?? "none"}</p>
${f.position ? html`<p>At <code>${f.position.at}</code>${f.location ? html` · <code>${where(f)}</code>` : ""}</p>` : ""}
<pre class="text">${f.description}</pre>
${f.references?.length ? html`<p>${(f.references as string[]).map((u, i) => html`<a href="${u}" rel="noreferrer">CWE-${f.cwe[i]}</a> `)}</p>` : ""}
${f.suggestedFix ? html`<h2>Suggested fix</h2><p>${f.suggestedFix.description}</p><pre class="patch">${f.suggestedFix.patch}</pre>` : ""}
${
  flow.length
    ? html`<h2>Evidence</h2><ol>${flow.map((l) => html`<li><code>${l.path}:${l.startLine}</code> ${l.message ?? ""}<pre>${l.snippet ?? ""}</pre></li>`)}</ol>`
    : ""
}
<h2>Runs</h2><p>${(f.runs as number[]).map((id) => html`<a href="/app/runs/${id}">run ${id}</a> `)}</p>`,
    );
  });

  route("/app/focuses/:slug", async (req, s, csrf) => {
    const f = await read(app, req, s, "get_focus", { focus: (req.params as Row).slug });
    return page(
      { title: f.title, user: s.user, csrf },
      html`<h1>${f.emoji ?? ""} ${f.title}</h1>
<p>Focus <code>${f.slug}</code>, revision ${f.revision}.</p><pre class="text">${f.instructions}</pre>`,
    );
  });
}
