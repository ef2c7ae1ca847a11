// One finding: the code around it from the reviewed commit with its flow marked, the rule's text
// (markdown), CWE and references, a suggested fix, triage forms, comments with replies and the
// activity. Changes go through update_finding and comment_on_finding in the pipeline (trigger web).
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { App } from "../../../kernel/app.ts";
import { AppError } from "../../../kernel/errors.ts";
import { html, page, when } from "../../../kernel/ui/html.ts";
import { markdown } from "../../../kernel/ui/markdown.ts";
import { sendPage } from "../../../kernel/ui/page.ts";
import { act, requireWorkspace } from "../../identity/index.ts";
import { excerpt } from "./code.ts";
import { codeBlock, commentThread, evidenceList, timeline, triageForms } from "./finding-view.ts";
import { type OperationById, pick, type Row, readAs, refusedChange, type WorkspaceSession, where } from "./read.ts";

const done: Record<string, string> = {
  status: "Status changed.",
  severity: "Severity changed.",
  assignee: "Assignee changed.",
  dismissal: "Dismissal changed.",
  comment: "Comment posted.",
};

async function findingPage(app: App, req: FastifyRequest, s: WorkspaceSession, csrf: string, operation: OperationById): Promise<string> {
  const place = pick(req.query, ["repository", "at"]);
  const f = await readAs(operation("get_finding"), app, req, s, { finding: (req.params as Row).key, ...place });
  const report = (f.reports as Row[]).at(-1);
  const steps = (f.evidence.flow.length ? f.evidence.flow : f.evidence.locations) as Row[];
  const read = (path: string, from: number, to: number) =>
    report ? excerpt(app, s.workspace.id, report.repository.id, report.sha, path, from, to) : Promise.resolve(null);
  const at = report?.location as Row | undefined;
  const [main, ...stepCode] = await Promise.all([
    at ? read(at.path, at.startLine - 6, at.endLine + 6) : null,
    ...steps.slice(0, 12).map((st) => (at && st.path === at.path ? null : read(st.path, st.startLine - 2, st.endLine + 2))),
  ]);
  const flash = done[String((req.query as Row).done)];
  const decision = f.decision as Row | null;
  return page(
    { title: `${f.key} ${f.title}`, user: s.user, csrf, section: "inbox" },
    html`<p><a href="/app/findings">← Inbox</a></p>${flash ? html`<p class="flash ok" role="status">${flash}</p>` : ""}
<h1>${f.key} · ${f.title}</h1>
<p class="toolbar"><span class="sev sev-${f.severity}">${f.severity}</span><span class="badge">${f.status}</span>${
      f.dismissed ? html`<span class="badge badge-bad">dismissed</span>` : ""
    }<span>${f.confidence} confidence</span><span>assignee ${f.assignee?.username ?? "none"}</span><span>first seen ${when(f.firstObservedAt)}</span>${
      f.position ? html`<span>${f.position.repository.fullName} at <code>${f.position.at}</code></span>` : ""
    }</p>
${
  decision
    ? html`<p class="flash">${decision.kind}${decision.reason ? html`: ${decision.reason}` : ""}${decision.until ? html` until ${when(decision.until)}` : ""}
</p>`
    : ""
}
${f.location ? html`<p><code>${where(f)}</code>${report ? html` <span class="muted">reviewed at ${String(report.sha).slice(0, 12)}</span>` : ""}</p>` : ""}
${main && at ? codeBlock(main, at as { startLine: number; endLine: number }, steps) : ""}
${evidenceList(steps.slice(0, 12), stepCode)}
<h2>About this finding</h2>${markdown(f.description)}
${f.cwe.length ? html`<p>${(f.cwe as number[]).map((c, i) => html`<a href="${f.references[i] ?? ""}" rel="noreferrer">CWE-${c}</a> `)}</p>` : ""}
${
  f.suggestedFix
    ? html`<h2>Suggested fix</h2><p class="muted">Review before applying.</p><pre class="text">${f.suggestedFix.description}</pre>
<pre class="patch">${f.suggestedFix.patch}</pre>`
    : ""
}
${triageForms(f, csrf, place)}
${commentThread(f, csrf)}
${timeline(f.activity)}
<h2>Runs</h2><p>${(f.runs as number[]).map((id) => html`<a href="/app/runs/${id}">run ${id}</a> `)}</p>${
      f.related.sameRule.length
        ? html`<p>Same rule in this file: ${(f.related.sameRule as string[]).map((k) => html`<a href="/app/findings/${k}">${k}</a> `)}</p>`
        : ""
    }`,
  );
}

/** The update_finding input of one triage form. */
function triageInput(key: string, form: Row): Row {
  const input: Row = { finding: key };
  for (const k of ["repository", "at"]) if (typeof form[k] === "string" && form[k] !== "") input[k] = form[k];
  const text = (k: string) => (typeof form[k] === "string" ? form[k].trim() : "");
  if (form.change === "status") Object.assign(input, { status: form.status, reason: text("reason") || undefined });
  else if (form.change === "severity") input.severity = form.severity;
  else if (form.change === "assignee") input.assignee = text("assignee") === "" || text("assignee") === "none" ? null : text("assignee");
  else if (form.change === "dismissal") Object.assign(input, { dismissed: form.dismissed === "true", reason: text("reason") || undefined });
  else throw new AppError("invalid_request", "Unknown change.");
  return input;
}

const refused = (reply: FastifyReply, err: unknown, key: string) => refusedChange(reply, err, `finding ${key}`);

export function registerFinding(web: FastifyInstance, app: App, operation: OperationById): void {
  const update = operation("update_finding");
  const comment = operation("comment_on_finding");
  web.get("/app/findings/:key", async (req, reply) => {
    const s = await requireWorkspace(app, req, reply);
    if (!s) return reply;
    return sendPage(reply, 200, await findingPage(app, req, s, reply.generateCsrf(), operation));
  });
  web.post("/app/findings/:key/triage", { preHandler: web.csrfProtection }, async (req, reply) => {
    const s = await requireWorkspace(app, req, reply);
    if (!s) return reply;
    const key = String((req.params as Row).key);
    const form = (req.body ?? {}) as Row;
    try {
      await act(app, req, reply, update, s, triageInput(key, form));
    } catch (err) {
      return refused(reply, err, key);
    }
    const back = new URLSearchParams({ ...pick(form, ["repository", "at"]), done: String(form.change) });
    return reply.redirect(`/app/findings/${encodeURIComponent(key)}?${back}`, 303);
  });
  web.post("/app/findings/:key/comments", { preHandler: web.csrfProtection }, async (req, reply) => {
    const s = await requireWorkspace(app, req, reply);
    if (!s) return reply;
    const key = String((req.params as Row).key);
    const form = (req.body ?? {}) as Row;
    let id: string;
    try {
      const r = (await act(app, req, reply, comment, s, { finding: key, ...pick(form, ["body", "replyTo", "requestId"]) })) as Row;
      id = r.comment.id;
    } catch (err) {
      return refused(reply, err, key);
    }
    return reply.redirect(`/app/findings/${encodeURIComponent(key)}?done=comment#comment-${encodeURIComponent(id)}`, 303);
  });
}
