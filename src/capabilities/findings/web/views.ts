// Read-only pages behind the API's webUrl links: runs, a run and a focus (the inbox and a finding
// are in inbox.ts and finding.ts). They call the same operations as REST and MCP (so the same
// workspace scoping, views and rate limits apply), as the signed-in user with the read scopes.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { App } from "../../../kernel/app.ts";
import { html, page, when } from "../../../kernel/ui/html.ts";
import { findingTable, nextLink as next, type OperationById, pageRoute, pick, type Row, readAs, type WorkspaceSession } from "./read.ts";

const dollars = (cents: number | null | undefined) => (typeof cents === "number" ? `$${(cents / 100).toFixed(2)}` : "—");

export function registerViews(web: FastifyInstance, app: App, operationById: OperationById): void {
  const read = (a: App, req: FastifyRequest, s: WorkspaceSession, id: string, input: Row) => readAs(operationById(id), a, req, s, input);
  const route = (path: string, render: (req: FastifyRequest, s: WorkspaceSession, csrf: string) => Promise<string>) => pageRoute(web, app, path, render);

  route("/app/runs", async (req, s, csrf) => {
    const r = await read(app, req, s, "list_runs", pick(req.query, ["cursor"]));
    const rows = (r.items as Row[]).map(
      (x) => html`<tr><td><a href="/app/runs/${x.id}">${x.id}</a></td><td>${x.title}</td><td>${x.state}</td>
<td>${dollars(x.priceCents ?? x.costCents)}</td><td>${x.findings?.total ?? ""}</td><td>${when(x.createdAt)}</td></tr>`,
    );
    return page(
      { title: "Runs", user: s.user, csrf, section: "runs" },
      html`<h1>Runs</h1>
${
  rows.length
    ? html`<table><tr><th>Run</th><th>Title</th><th>State</th><th>Price</th><th>Findings</th><th>Created</th></tr>${rows}</table>`
    : html`<p>No runs yet.</p>`
}
${next("/app/runs", r.nextCursor)}`,
    );
  });

  route("/app/runs/:id", async (req, s, csrf) => {
    const id = (req.params as Row).id;
    const run = await read(app, req, s, "get_run", { run: id });
    const model = run.model as Row | null;
    const found = run.state === "complete" ? await read(app, req, s, "list_run_findings", { run: id, ...pick(req.query, ["cursor"]) }) : null;
    return page(
      { title: `Run ${run.id}`, user: s.user, csrf, section: "runs" },
      html`<h1>Run ${run.id} · ${run.title}</h1>
<p>${run.state} · stage ${run.stage ?? "—"} · ${dollars(run.costCents ?? run.priceCents)} · created ${when(run.createdAt)}${
        run.endedAt ? html` · ended ${when(run.endedAt)}` : ""
      }</p>
${run.error ? html`<p class="error">${run.error.message ?? run.error.code ?? ""}</p>` : ""}
${
  model
    ? html`<p>Model review: ${model.state} · ${model.requests} requests · ${model.tokensIn} tokens in, ${model.tokensOut} out · ${model.dropped} dropped${
        model.reason ? html` · ${model.reason}` : ""
      }${model.refundedCents ? html` · ${dollars(model.refundedCents)} refunded` : ""}</p>`
    : ""
}
${
  found
    ? html`<h2>Findings</h2>${findingTable(found.items)}${next(`/app/runs/${run.id}`, found.nextCursor)}`
    : html`<p>Findings appear here when the run is complete.</p>`
}`,
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
