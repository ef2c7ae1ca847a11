// The runs list and a run's page: state in words, live progress (stage, files done of total,
// findings so far, elapsed and the rest) refreshed by runs.js from /app/runs/{id}/progress, or by a
// meta refresh without JavaScript; the findings once complete; cancel while it runs.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { App } from "../../../kernel/app.ts";
import { html, type Html, page, when } from "../../../kernel/ui/html.ts";
import { sendPage } from "../../../kernel/ui/page.ts";
import { requireWorkspace, type WorkspaceSession } from "../../identity/index.ts";
import { withHead } from "./assets.ts";
import { findingsSoFar, type Progress, progressOf } from "./progress.ts";
import { dollars, type OperationById, readAs, type Row, stateTone, stateWord } from "./words.ts";

const where = (f: Row) => (f.location ? `${f.location.path}:${f.location.startLine}` : "");

function findingTable(items: Row[]): Html {
  if (!items.length) return html`<p>No findings.</p>`;
  return html`<div class="table-wrap"><table><thead><tr><th>Key</th><th>Severity</th><th>Title</th><th>Location</th></tr></thead><tbody>${items.map(
    (f) => html`<tr><td><a href="/app/findings/${f.key}">${f.key}</a></td><td><span class="sev sev-${f.severity}">${f.severity}</span></td>
<td>${f.title}</td><td><code>${where(f)}</code></td></tr>`,
  )}</tbody></table></div>`;
}

function progressBlock(runId: number, p: Progress): Html {
  const bar = p.total ? html`<progress max="${p.total}" value="${p.done ?? 0}" aria-label="Files reviewed"></progress>` : "";
  return html`<section class="run-progress panel" id="progress" data-run="${runId}" data-terminal="${p.terminal ? "1" : "0"}" aria-live="polite">
<p><span class="badge badge-${p.tone}" data-field="words" data-tone="${p.tone}">${p.words}</span></p>${bar}
<dl class="facts"><div><dt>Stage</dt><dd data-field="stage">${p.stage}</dd></div>
<div><dt>Files</dt><dd data-field="files">${p.total === null ? "—" : `${p.done ?? 0} of ${p.total}`}</dd></div>
<div><dt>Findings so far</dt><dd data-field="found">${p.found ?? "—"}</dd></div>
<div><dt>Elapsed</dt><dd data-field="elapsed">${p.elapsed}</dd></div>
<div><dt>Remaining</dt><dd data-field="remaining">${p.remaining}</dd></div></dl>
${p.terminal ? "" : html`<p class="muted"><a href="/app/runs/${runId}">Reload</a> to see the latest (it refreshes by itself).</p>`}</section>`;
}

const deliveryWords: Record<string, string> = {
  pending: "Waiting to post",
  posted: "Posted",
  retrying: "Retrying",
  failed: "Gave up",
};

/** Posting the review back on the pull request (connected repositories): state, attempts, the host's last error, the comment. */
function deliveryBlock(run: Row): Html | "" {
  const d = run.delivery as Row | null;
  if (!d) return "";
  const url = typeof run.pullRequestCommentUrl === "string" && /^https?:\/\//i.test(run.pullRequestCommentUrl) ? run.pullRequestCommentUrl : null;
  const tone = d.state === "posted" ? "ok" : d.state === "failed" ? "bad" : "busy";
  const attempts = `${d.attempts} attempt${d.attempts === 1 ? "" : "s"}`;
  return html`<section class="panel" id="delivery"><h2>On the pull request</h2>
<p><span class="badge badge-${tone}" data-field="delivery-state">${deliveryWords[d.state] ?? d.state}</span> · ${attempts} · updated ${when(d.updatedAt)}</p>
${d.lastError ? html`<p class="error" data-field="delivery-error">Last error from the code host: ${d.lastError}</p>` : ""}
${url ? html`<p><a href="${url}" rel="noopener noreferrer">The review comment on the pull request</a></p>` : ""}</section>`;
}

export function registerRunPages(web: FastifyInstance, app: App, operation: OperationById): void {
  const read = (req: FastifyRequest, s: WorkspaceSession, id: string, input: Row) => readAs(operation, app, req, s, id, input);

  web.get("/app/runs", async (req, reply) => {
    const s = await requireWorkspace(app, req, reply);
    if (!s) return reply;
    const q = (req.query ?? {}) as Row;
    const input: Row = {};
    for (const k of ["cursor", "repository"]) if (typeof q[k] === "string" && q[k] !== "") input[k] = q[k];
    const r = await read(req, s, "list_runs", input);
    const rows = (r.items as Row[]).map(
      (x) => html`<tr><td><a href="/app/runs/${x.id}">${x.id}</a></td><td>${x.title}</td>
<td><span class="badge badge-${stateTone(x.state)}">${stateWord(x.state, x.cancellationRequested)}</span></td>
<td>${dollars(x.costCents)}</td><td>${x.findings?.total ?? "—"}</td><td>${when(x.createdAt)}</td></tr>`,
    );
    const more = r.nextCursor ? html`<p><a href="/app/runs?${new URLSearchParams({ ...input, cursor: r.nextCursor }).toString()}">Older runs</a></p>` : "";
    return sendPage(
      reply,
      200,
      withHead(
        page(
          { title: "Runs", user: s.user, csrf: reply.generateCsrf(), section: "runs" },
          html`<div class="page-head"><h1>Runs</h1><a class="button" href="/app/runs/new">Start a run</a></div>
${
  rows.length
    ? html`<div class="table-wrap"><table><thead><tr><th>Run</th><th>What</th><th>State</th><th>Cost</th><th>Findings</th><th>Created</th></tr></thead>
<tbody>${rows}</tbody></table></div>`
    : html`<p>No runs yet. <a href="/app/runs/new">Start the first one</a>.</p>`
}${more}`,
        ),
      ),
    );
  });

  web.get("/app/runs/:id", async (req, reply) => {
    const s = await requireWorkspace(app, req, reply);
    if (!s) return reply;
    const id = (req.params as Row).id;
    const run = await read(req, s, "get_run", { run: id });
    const p = progressOf(run, await findingsSoFar(app.store, s.workspace.id, run.id), app.now());
    const found = run.state === "complete" ? await read(req, s, "list_run_findings", { run: id, ...pickCursor(req.query) }) : null;
    const csrf = reply.generateCsrf();
    const model = run.model as Row | null;
    const cancel = run.terminal
      ? ""
      : html`<form method="post" action="/app/runs/${run.id}/cancel" class="inline"><input type="hidden" name="_csrf" value="${csrf}">
<button class="danger"${run.cancellationRequested ? html` disabled` : ""}>${run.cancellationRequested ? "Cancelling…" : "Cancel run"}</button></form>`;
    const body = html`<div class="page-head"><h1>Run ${run.id} · ${run.title}</h1>${cancel}</div>
${progressBlock(run.id, p)}
<p>${dollars(run.costCents)} charged${run.priceCents !== run.costCents ? html` (price ${dollars(run.priceCents)}, refunded the rest)` : ""} ·
created ${when(run.createdAt)}${run.endedAt ? html` · ended ${when(run.endedAt)}` : ""}
${run.focuses?.length ? html` · focuses ${(run.focuses as Row[]).map((f) => f.slug).join(", ")}` : ""}</p>
${run.error ? html`<p class="error">${run.error.message ?? run.error.code ?? ""}</p>` : ""}
${deliveryBlock(run)}
${
  model
    ? html`<p>Model review: ${model.state} · ${model.requests} requests · ${model.tokensIn} tokens in, ${model.tokensOut} out · ${model.dropped} dropped${
        model.reason ? html` · ${model.reason}` : ""
      }${model.refundedCents ? html` · ${dollars(model.refundedCents)} refunded` : ""}</p>`
    : ""
}
${
  found
    ? html`<h2>Findings</h2>${findingTable(found.items)}${
        found.nextCursor ? html`<p><a href="/app/runs/${run.id}?cursor=${encodeURIComponent(found.nextCursor)}">More findings</a></p>` : ""
      }`
    : run.terminal
      ? ""
      : html`<p class="muted">Findings are listed here when the run is complete.</p>`
}`;
    const text = page({ title: `Run ${run.id}`, user: s.user, csrf, section: "runs", ...(run.terminal ? {} : { scripts: ["/app/runs.js"] }) }, body);
    // Without JavaScript the page reloads itself while the run goes on; with it, runs.js updates the numbers in place.
    return sendPage(reply, 200, withHead(text, run.terminal ? {} : { refreshSeconds: 3 }));
  });

  web.get("/app/runs/:id/progress", async (req, reply) => {
    const s = await requireWorkspace(app, req, reply);
    if (!s) return reply;
    const run = await read(req, s, "get_run", { run: (req.params as Row).id });
    return reply.type("application/json; charset=utf-8").send(progressOf(run, await findingsSoFar(app.store, s.workspace.id, run.id), app.now()));
  });
}

function pickCursor(q: unknown): Row {
  const c = (q as Row | undefined)?.cursor;
  return typeof c === "string" && c !== "" ? { cursor: c } : {};
}
