// The inbox page's parts: the facet sidebar (a GET form: state in the URL) and the bulk triage
// form around the table (a plain POST; app.js adds select-all, counts and keyboard rows).
import { type Html, html } from "../../../kernel/ui/html.ts";
import type { FacetCounts } from "../facets.ts";
import { inboxLanguages } from "../schemas.ts";
import { findingStatuses, severityValues, writableStatuses } from "../schemas.ts";
import type { InboxState } from "./inbox-state.ts";
import { type Row, where } from "./read.ts";

const count = (n: number | undefined) => html`<span class="count">${n ?? 0}</span>`;
const checked = (on: boolean) => (on ? html` checked` : "");
const selected = (on: boolean) => (on ? html` selected` : "");

function group(
  name: string,
  legend: string,
  options: readonly string[],
  counts: Record<string, number>,
  chosen: string[] | undefined,
  label = (v: string) => v,
) {
  return html`<fieldset><legend>${legend}</legend>${options.map(
    (v) =>
      html`<label class="check"><input type="checkbox" name="${name}" value="${v}"${checked(chosen?.includes(v) ?? false)}>${label(v)}
${count(counts[v])}</label>`,
  )}</fieldset>`;
}

export interface FacetData {
  counts: FacetCounts;
  repositories: { id: number; fullName: string }[];
  refs: { branches: string[]; pullRequests: number[] } | null;
  assignees: Map<number, string>;
}

export function facetForm(s: InboxState, d: FacetData): Html {
  const c = d.counts;
  const rules = Object.entries(c.rule)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, 15)
    .map(([r]) => r);
  for (const r of s.rule ?? []) if (!rules.includes(r)) rules.push(r);
  const languages = [...inboxLanguages, "other"].filter((l) => c.language[l] || s.language?.includes(l));
  const assignees = Object.keys(c.assignee).filter((a) => a !== "none");
  return html`<aside class="facets"><form method="get" action="/app/findings" data-autosubmit aria-label="Filters">
<label for="q">Search</label><input id="q" name="q" type="search" value="${s.q ?? ""}" maxlength="200" placeholder="title, rule, path, text" data-search>
<label for="sort">Sort</label><select id="sort" name="sort">${(["newest", "severity", "path"] as const).map(
    (o) => html`<option value="${o}"${selected((s.sort ?? "newest") === o)}>${o}</option>`,
  )}</select>
<label for="repository">Repository</label><select id="repository" name="repository"><option value="">All repositories</option>${d.repositories.map(
    (r) => html`<option value="${r.id}"${selected(s.repository === String(r.id))}>${r.fullName} (${c.repository[r.id] ?? 0})</option>`,
  )}</select>
${
  d.refs
    ? html`<label for="at">Position</label><select id="at" name="at"><option value="">Default branch</option>${d.refs.branches.map(
        (b) => html`<option value="branch:${b}"${selected(s.at === `branch:${b}`)}>branch ${b}</option>`,
      )}${d.refs.pullRequests.map((p) => html`<option value="pr:${p}"${selected(s.at === `pr:${p}`)}>PR #${p}</option>`)}</select>
<label class="check"><input type="checkbox" name="new" value="true"${checked(s.new === "true")}>New in the change</label>`
    : ""
}
${group("severity", "Severity", [...severityValues].reverse(), c.severity, s.severity)}
${group("status", "Status", findingStatuses, c.status, s.status)}
<fieldset><legend>Assignee</legend><select name="assignee" aria-label="Assignee"><option value="">Anyone</option>
<option value="me"${selected(s.assignee === "me")}>Me</option>
<option value="none"${selected(s.assignee === "none")}>Nobody (${c.assignee.none ?? 0})</option>${assignees.map(
    (a) => html`<option value="${a}"${selected(s.assignee === a)}>${d.assignees.get(Number(a)) ?? a} (${c.assignee[a]})</option>`,
  )}</select></fieldset>
${rules.length ? group("rule", "Rule", rules, c.rule, s.rule) : ""}
${languages.length ? group("language", "Language", languages, c.language, s.language) : ""}
<fieldset><legend>Path</legend>
<input name="path" type="text" value="${s.path ?? ""}" maxlength="1024" placeholder="src/api/" aria-label="Path prefix"></fieldset>
<fieldset><label class="check"><input type="checkbox" name="dismissed" value="true"${checked(s.dismissed === "true")}>Dismissed only</label></fieldset>
<div class="actions"><button>Apply</button><a class="button secondary" href="/app/findings">Clear</a></div></form></aside>`;
}

const row = (
  f: Row,
) => html`<tr data-href="/app/findings/${f.key}"><td><input type="checkbox" name="finding" value="${f.key}" aria-label="Select ${f.key}"></td>
<td><a href="/app/findings/${f.key}">${f.key}</a></td><td><span class="sev sev-${f.severity}">${f.severity}</span></td><td>${f.status}${
  f.baseline === "new" ? html` <span class="badge badge-busy">new</span>` : ""
}</td>
<td>${f.title}</td><td><code>${where(f)}</code></td><td>${f.repository?.fullName ?? ""}</td><td>${f.assignee?.username ?? ""}</td></tr>`;

/** The table inside the bulk form: select up to 100 (the bulk limit) and apply one change. */
export function bulkForm(items: Row[], csrf: string, back: string, s: InboxState): Html {
  if (!items.length) return html`<p>No findings match.</p>`;
  return html`<form method="post" action="/app/findings/bulk" aria-label="Change selected findings">
<input type="hidden" name="_csrf" value="${csrf}"><input type="hidden" name="back" value="${back}">
${s.repository ? html`<input type="hidden" name="repository" value="${s.repository}">` : ""}${s.at ? html`<input type="hidden" name="at" value="${s.at}">` : ""}
<div class="toolbar"><label class="check"><input type="checkbox" data-select-all="finding">Select all on this page</label>
<span class="muted"><span data-selected-count="finding">0</span> selected</span></div>
<div class="table-wrap"><table data-rows><thead><tr><th><span class="sr-only">Select</span></th><th>Key</th><th>Severity</th><th>Status</th><th>Title</th>
<th>Location</th><th>Repository</th><th>Assignee</th></tr></thead><tbody>${items.map(row)}</tbody></table></div>
<fieldset class="panel"><legend>Change the selected findings</legend><div class="form-row">
<div><label for="bulk-status">Status</label><select id="bulk-status" name="status"><option value="">(unchanged)</option>${writableStatuses.map(
    (x) => html`<option value="${x}">${x}</option>`,
  )}</select></div>
<div><label for="bulk-severity">Severity</label><select id="bulk-severity" name="severity"><option value="">(unchanged)</option>${severityValues.map(
    (x) => html`<option value="${x}">${x}</option>`,
  )}</select></div>
<div><label for="bulk-assignee">Assign to</label><input id="bulk-assignee" name="assignee" type="text" maxlength="320" placeholder="me, a username, none"></div>
<div><label for="bulk-dismiss">Dismissal</label><select id="bulk-dismiss" name="dismissed"><option value="">(unchanged)</option>
<option value="true">dismiss</option><option value="false">restore</option></select></div>
<div class="grow"><label for="bulk-reason">Reason</label>
<input id="bulk-reason" name="reason" type="text" maxlength="5000" placeholder="needed for status and dismiss"></div>
<div><button>Apply to selected</button></div></div></fieldset></form>`;
}
