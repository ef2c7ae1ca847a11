// The dashboard (/app): open findings by severity, the trend of open and fixed findings (a uPlot
// chart drawn by dashboard.js from a data- attribute, with a table for browsers without JavaScript),
// recent runs, the most frequent rules and the repositories never reviewed; and the workspace switcher.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { App } from "../../../kernel/app.ts";
import { html, type Html, page, when } from "../../../kernel/ui/html.ts";
import { sendPage } from "../../../kernel/ui/page.ts";
import { requireWorkspace, type WorkspaceSession } from "../../identity/index.ts";
import { withHead } from "./assets.ts";
import { neverReviewed, openBySeverity, topRules, type Trend, trend } from "./dashboard-data.ts";
import { dollars, type OperationById, readAs, type Row, stateTone, stateWord } from "./words.ts";

const severities = ["critical", "high", "medium", "low", "info"] as const;

function trendBlock(t: Trend): Html {
  if (!t.days.length) return html`<p>No complete full review yet: the trend starts with the first one.</p>`;
  const rows = t.days.map((d, i) => ({ day: new Date(d * 1000).toISOString().slice(0, 10), open: t.open[i], fixed: t.fixed[i] })).slice(-30);
  return html`<div class="chart" id="trend-chart" data-trend="${JSON.stringify(t)}" role="img" aria-label="Open and fixed findings over time"></div>
<details><summary>As a table</summary><div class="table-wrap"><table><thead><tr><th>Day</th><th>Open</th><th>Fixed (counted up)</th></tr></thead>
<tbody>${rows.map((r) => html`<tr><td>${r.day}</td><td>${r.open}</td><td>${r.fixed}</td></tr>`)}</tbody></table></div></details>`;
}

function switcher(s: WorkspaceSession, csrf: string): Html | string {
  if (s.workspaces.length < 2) return "";
  return html`<form method="post" action="/app/workspace" class="switcher"><input type="hidden" name="_csrf" value="${csrf}">
<label for="workspace">Workspace</label><select id="workspace" name="workspace">${s.workspaces.map(
    (w) => html`<option value="${w.id}"${w.id === s.workspace.id ? html` selected` : ""}>${w.name} (${w.slug})</option>`,
  )}</select> <button class="secondary">Switch</button></form>`;
}

export function registerDashboard(web: FastifyInstance, app: App, operation: OperationById): void {
  const read = (req: FastifyRequest, s: WorkspaceSession, id: string, input: Row) => readAs(operation, app, req, s, id, input);

  web.get("/app", async (req, reply) => {
    const s = await requireWorkspace(app, req, reply);
    if (!s) return reply;
    const ws = s.workspace.id;
    const [counts, runs, t, rules, never] = await Promise.all([
      openBySeverity(app.store, ws, app.now(), () =>
        Promise.all(severities.map((sev) => read(req, s, "list_findings", { status: "open", severity: sev, limit: 1 }).then((r) => r.total as number))),
      ),
      read(req, s, "list_runs", { limit: 8 }),
      trend(app.store, ws, app.now()),
      topRules(app, ws, s.user.id),
      neverReviewed(app.store, ws),
    ]);
    const csrf = reply.generateCsrf();
    const openTotal = counts.reduce((a, b) => a + b, 0);
    const w = s.workspace;
    const body = html`<div class="page-head"><h1>Dashboard</h1>${switcher(s, csrf)}</div>
<p class="muted">Active workspace: <strong>${w.name}</strong> (${w.slug}), role ${w.role === "admin" ? "owner" : "member"}.</p>
<div class="cards dash-cards">
<section class="card" aria-labelledby="open-h"><h2 id="open-h">Open findings: ${openTotal}</h2><ul class="sev-counts">${severities.map(
      (sev, i) =>
        html`<li><a href="/app/findings?status=open&amp;severity=${sev}"><strong>${counts[i]}</strong><span class="sev sev-${sev}">${sev}</span></a></li>`,
    )}</ul></section>
<section class="card" aria-labelledby="trend-h"><h2 id="trend-h">Open and fixed over time</h2>${trendBlock(t)}</section>
<section class="card" aria-labelledby="runs-h"><h2 id="runs-h">Recent runs</h2>${
      (runs.items as Row[]).length
        ? html`<ul>${(runs.items as Row[]).map(
            (r) => html`<li><a href="/app/runs/${r.id}">${r.title}</a>
<span class="badge badge-${stateTone(r.state)}">${stateWord(r.state, r.cancellationRequested)}</span>
<span class="muted">${when(r.createdAt)} · ${dollars(r.costCents)}</span></li>`,
          )}</ul>`
        : html`<p>No runs yet.</p>`
    }<p><a class="button" href="/app/runs/new">Start a run</a> <a href="/app/runs">All runs</a></p></section>
<section class="card" aria-labelledby="rules-h"><h2 id="rules-h">Most frequent rules</h2>${
      rules.length
        ? html`<div class="table-wrap"><table><thead><tr><th>Rule</th><th>Findings</th></tr></thead><tbody>${rules.map(
            (r) => html`<tr><td><code>${r.rule}</code></td><td>${r.count}</td></tr>`,
          )}</tbody></table></div>`
        : html`<p>No findings yet.</p>`
    }</section>
<section class="card" aria-labelledby="never-h"><h2 id="never-h">Never reviewed</h2>${
      never.total
        ? html`<ul>${never.items.map(
            (r) => html`<li><a href="/app/repositories/${r.id}">${r.fullName}</a> · <a href="/app/runs/new?repository=${r.id}">review it</a></li>`,
          )}</ul>${never.total > never.items.length ? html`<p class="muted">and ${never.total - never.items.length} more.</p>` : ""}`
        : html`<p>Every repository has a complete review.</p>`
    }</section></div>`;
    const text = page({ title: "Dashboard", user: s.user, csrf, section: "dashboard", scripts: ["/app/vendor/uplot.js", "/app/dashboard.js"] }, body);
    return sendPage(reply, 200, withHead(text, { styles: ["/app/vendor/uplot.css"] }));
  });
}
