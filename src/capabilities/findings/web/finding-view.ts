// The parts of a finding's page: the code with its flow marked, evidence, triage forms, the
// comment thread and the activity timeline. Every value is escaped by html``; markdown goes through
// the kernel's sanitising renderer.
import { type Html, html, when } from "../../../kernel/ui/html.ts";
import { markdown } from "../../../kernel/ui/markdown.ts";
import { severityValues, writableStatuses } from "../schemas.ts";
import type { Excerpt } from "./code.ts";
import type { Row } from "./read.ts";

/** The excerpt with the finding's lines marked and each flow step in it linked to its place in the list. */
export function codeBlock(x: Excerpt, hit: { startLine: number; endLine: number }, steps: Row[]): Html {
  return html`<div class="code" role="region" aria-label="Code in ${x.path}" tabindex="0">${x.lines.map((l) => {
    const marks = steps.map((s, i) => [s, i] as const).filter(([s]) => s.path === x.path && s.startLine === l.no);
    const on = l.no >= hit.startLine && l.no <= hit.endLine;
    return html`<div class="ln${on ? " hit" : ""}" id="L${l.no}"><span class="no">${marks.map(
      ([, i]) => html`<a class="step" href="#step-${i + 1}" title="Step ${i + 1}">${i + 1}</a> `,
    )}${l.no}</span><span class="src">${l.text || " "}</span></div>`;
  })}</div>`;
}

export function evidenceList(steps: Row[], excerpts: (Excerpt | null)[]): Html {
  if (!steps.length) return html``;
  return html`<h2>Flow</h2><ol class="timeline">${steps.map(
    (s, i) => html`<li id="step-${i + 1}"><strong>Step ${i + 1}</strong> <code>${s.path}:${s.startLine}</code> ${s.message ?? ""}
${excerpts[i] ? codeBlock(excerpts[i], s as { startLine: number; endLine: number }, []) : s.snippet ? html`<pre>${s.snippet}</pre>` : ""}</li>`,
  )}</ol>`;
}

const hidden = (csrf: string, where: Row) =>
  html`<input type="hidden" name="_csrf" value="${csrf}">${
    where.repository ? html`<input type="hidden" name="repository" value="${where.repository}">` : ""
  }${where.at ? html`<input type="hidden" name="at" value="${where.at}">` : ""}`;

/** Status with reason, severity, assignee, dismissal: each its own plain POST form. */
export function triageForms(f: Row, csrf: string, where: Row): Html {
  const action = `/app/findings/${f.key}/triage`;
  return html`<section class="panel" aria-labelledby="triage-title"><h2 id="triage-title">Triage</h2>
<form method="post" action="${action}"><input type="hidden" name="change" value="status">${hidden(csrf, where)}
<div class="form-row"><div><label for="t-status">Status</label><select id="t-status" name="status">${writableStatuses.map(
    (s) => html`<option value="${s}"${s === f.status ? html` selected` : ""}>${s}</option>`,
  )}</select></div>
<div class="grow"><label for="t-reason">Reason</label><input id="t-reason" name="reason" type="text" required maxlength="5000"></div>
<div><button>Set status</button></div></div></form>
<form method="post" action="${action}"><input type="hidden" name="change" value="severity">${hidden(csrf, where)}
<div class="form-row"><div><label for="t-severity">Severity</label><select id="t-severity" name="severity">${severityValues.map(
    (s) => html`<option value="${s}"${s === f.severity ? html` selected` : ""}>${s}</option>`,
  )}</select></div><div><button class="secondary">Set severity</button></div>
</div></form>
<form method="post" action="${action}"><input type="hidden" name="change" value="assignee">${hidden(csrf, where)}
<div class="form-row"><div class="grow"><label for="t-assignee">Assignee</label><input id="t-assignee" name="assignee" type="text" maxlength="320"
 value="${f.assignee?.username ?? ""}" placeholder="me, a username; empty unassigns"></div><div><button class="secondary">Assign</button></div></div></form>
<form method="post" action="${action}"><input type="hidden" name="change" value="dismissal">${hidden(csrf, where)}
<input type="hidden" name="dismissed" value="${f.dismissed ? "false" : "true"}"><div class="form-row">${
    f.dismissed
      ? html`<div><button class="secondary">Restore</button></div>`
      : html`<div class="grow"><label for="t-dismiss">Dismiss because</label><input id="t-dismiss" name="reason" type="text" required maxlength="5000"></div>
<div><button class="danger">Dismiss</button></div>`
  }</div></form></section>`;
}

function comment(c: Row, replies: Map<string | null, Row[]>, csrf: string, key: string, depth: number): Html {
  const children = replies.get(c.id) ?? [];
  return html`<article class="comment" id="comment-${c.id}" aria-label="Comment by ${c.author.username}">
<p class="muted"><strong>${c.author.username}</strong> · ${when(c.createdAt)}</p>${markdown(c.body)}
<details><summary>Reply</summary>${postBox(csrf, key, c.id, `reply-${c.id}`)}</details>
${depth < 6 ? children.map((r) => comment(r, replies, csrf, key, depth + 1)) : children.map((r) => comment(r, new Map(), csrf, key, depth + 1))}</article>`;
}

function postBox(csrf: string, key: string, replyTo: string | null, id: string): Html {
  return html`<form method="post" action="/app/findings/${key}/comments"><input type="hidden" name="_csrf" value="${csrf}">
<input type="hidden" name="requestId" value="${crypto.randomUUID()}">${replyTo ? html`<input type="hidden" name="replyTo" value="${replyTo}">` : ""}
<label for="${id}">${replyTo ? "Your reply" : "Add a comment"}</label><textarea id="${id}" name="body" required maxlength="20000"></textarea>
<div class="actions"><button>${replyTo ? "Reply" : "Comment"}</button></div></form>`;
}

/** Comments as threads (a reply under the comment it answers), and the box to post. */
export function commentThread(f: Row, csrf: string): Html {
  const replies = new Map<string | null, Row[]>();
  const ids = new Set((f.comments as Row[]).map((c) => c.id));
  for (const c of f.comments as Row[]) {
    const parent = c.replyTo && ids.has(c.replyTo) ? c.replyTo : null;
    replies.set(parent, [...(replies.get(parent) ?? []), c]);
  }
  return html`<section aria-labelledby="comments-title"><h2 id="comments-title">Comments (${f.comments.length})</h2>
${(replies.get(null) ?? []).map((c) => comment(c, replies, csrf, f.key, 0))}${postBox(csrf, f.key, null, "new-comment")}</section>`;
}

const shown = (v: unknown) => (v === null || v === undefined ? "none" : typeof v === "object" ? JSON.stringify(v) : String(v));

export function timeline(activity: Row[]): Html {
  return html`<section aria-labelledby="activity-title"><h2 id="activity-title">Activity</h2><ol class="timeline">${activity.map(
    (a) =>
      html`<li><span class="muted">${when(a.at)}</span> <strong>${a.actor?.username ?? "crs"}</strong> ${a.kind}${
        a.before !== undefined && a.before !== null ? html` <code>${shown(a.before)}</code> →` : ""
      }${a.after !== undefined && a.after !== null ? html` <code>${shown(a.after)}</code>` : ""}${a.reason ? html`: ${a.reason}` : ""}${
        a.sha ? html` <span class="muted">at ${String(a.sha).slice(0, 10)}</span>` : ""
      }</li>`,
  )}</ol></section>`;
}
