// One finding: what, where, evidence and runs.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { App } from "../../../kernel/app.ts";
import { html, page, when } from "../../../kernel/ui/html.ts";
import { type OperationById, pageRoute, type Row, readAs, type WorkspaceSession, where } from "./read.ts";

export function registerFinding(web: FastifyInstance, app: App, operationById: OperationById): void {
  const read = (a: App, req: FastifyRequest, s: WorkspaceSession, id: string, input: Row) => readAs(operationById(id), a, req, s, input);
  const route = (path: string, render: (req: FastifyRequest, s: WorkspaceSession, csrf: string) => Promise<string>) => pageRoute(web, app, path, render);

  route("/app/findings/:key", async (req, s, csrf) => {
    const f = await read(app, req, s, "get_finding", { finding: (req.params as Row).key });
    const flow = (f.evidence?.flow ?? f.evidence?.locations ?? []) as Row[];
    return page(
      { title: f.key, user: s.user, csrf, section: "inbox" },
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
}
