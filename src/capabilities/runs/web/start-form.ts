// The start form (what to review, focuses, steering, documents) and the confirmation that shows the
// estimate: price, billable lines, the balance, and the highest price accepted (the quote's price
// unless changed). Both post plain forms; the confirmation carries the request, the quote and an
// idempotency key, so a double click starts one run.
import { randomUUID } from "node:crypto";
import { html, type Html } from "../../../kernel/ui/html.ts";
import { dollars, type Row } from "./words.ts";

export type Form = Record<string, string | string[] | undefined>;

const one = (v: string | string[] | undefined): string => (Array.isArray(v) ? (v[0] ?? "") : (v ?? "")).trim();
const many = (v: string | string[] | undefined): string[] => ([] as string[]).concat(v ?? []).filter((x) => x !== "");
const idOrText = (v: string): string | number => (/^[1-9]\d{0,14}$/.test(v) ? Number(v) : v);

/** The run request a form describes (estimate_run's input); the pipeline validates it. */
export function runRequest(f: Form): Row {
  const r: Row = { repository: idOrText(one(f.repository)) };
  const kind = one(f.kind) || "full";
  if (kind === "pr") r.change = { pr: one(f.pr) };
  else if (kind === "branch") r.change = one(f.since) ? { branch: one(f.branch), since: one(f.since) } : { branch: one(f.branch) };
  else if (one(f.at)) r.at = one(f.at);
  const focuses = many(f.focuses);
  if (focuses.length) r.focuses = focuses;
  const documents = many(f.documents);
  if (documents.length) r.documents = documents.map(idOrText);
  const steering = typeof f.steering === "string" ? f.steering : "";
  if (steering.trim()) r.steering = steering;
  return r;
}

/** The highest price from the form's dollars field, in cents; anything unreadable goes on as text for the pipeline to refuse. */
export function maxPriceCents(f: Form): number | string {
  const v = one(f.maxPrice);
  return /^\d{1,9}(\.\d{1,2})?$/.test(v) ? Math.round(Number(v) * 100) : v;
}

const hidden = (name: string, value: string | number) => html`<input type="hidden" name="${name}" value="${value}">`;

export interface Choices {
  repositories: Row[];
  focuses: Row[];
  documents: Row[];
}

const checked = (on: boolean) => (on ? html` checked` : "");

export function startForm(csrf: string, f: Form, c: Choices, error?: string): Html {
  const kind = one(f.kind) || "full";
  const repo = one(f.repository);
  const chosen = new Set(many(f.focuses));
  const docs = new Set(many(f.documents));
  const radio = (v: string, label: string) =>
    html`<label class="check"><input type="radio" name="kind" value="${v}"${checked(kind === v)}> <span>${label}</span></label>`;
  return html`<h1>Start a run</h1>${error ? html`<p class="error" role="alert">${error}</p>` : ""}
<form method="post" action="/app/runs/estimate" class="run-form">${hidden("_csrf", csrf)}
<label for="repository">Repository</label><select id="repository" name="repository" required>${c.repositories.map(
    (r) => html`<option value="${r.id}"${String(r.id) === repo || r.fullName === repo ? html` selected` : ""}>${r.fullName}</option>`,
  )}</select>
<fieldset><legend>What to review</legend>
${radio("full", "Everything at a position")}<label for="at">Position</label>
<input id="at" name="at" type="text" maxlength="512" value="${one(f.at)}" placeholder="default branch · branch:main · pr:12 · commit:1a2b3c4">
${radio("pr", "The change of a pull request")}<label for="pr">Pull request number</label>
<input id="pr" name="pr" type="number" min="1" value="${one(f.pr)}">
${radio("branch", "The change of a branch")}<label for="branch">Branch</label>
<input id="branch" name="branch" type="text" maxlength="255" value="${one(f.branch)}">
<label for="since">Since commit (optional; default: where it left the default branch)</label>
<input id="since" name="since" type="text" maxlength="64" value="${one(f.since)}"></fieldset>
${
  c.focuses.length
    ? html`<fieldset><legend>Focuses (at most 5)</legend>${c.focuses.map(
        (x) => html`<label class="check"><input type="checkbox" name="focuses" value="${x.slug}"${checked(chosen.has(x.slug))}>
<span>${x.emoji ?? ""} ${x.title} <code>${x.slug}</code></span></label>`,
      )}</fieldset>`
    : ""
}
${
  c.documents.length
    ? html`<fieldset><legend>Context documents</legend>${c.documents.map(
        (d) => html`<label class="check"><input type="checkbox" name="documents" value="${d.id}"${checked(docs.has(String(d.id)))}>
<span>${d.title}</span></label>`,
      )}</fieldset>`
    : ""
}
<label for="steering">Steering (optional instructions for the reviewers)</label>
<textarea id="steering" name="steering" rows="4" maxlength="65536">${typeof f.steering === "string" ? f.steering : ""}</textarea>
<div class="actions"><button>Estimate the price</button></div></form>`;
}

/** The month's spend and its limit, for owners. */
function spent(credits: Row | null): Html | string {
  if (!credits) return "";
  const limit = credits.spendLimitCents == null ? "no limit" : dollars(credits.spendLimitCents);
  return html`<div><dt>Spent this month</dt><dd>${dollars(credits.monthSpendCents)} of ${limit}</dd></div>`;
}

function changeLine(c: Row | null): Html | string {
  if (!c) return "";
  return html`<p>Change ${c.kind === "pr" ? `of pull request #${c.pr}` : `of branch ${c.branch}`}: ${c.files} files, ${c.changedLines} changed lines.</p>`;
}

/** The estimate with the button that pays and starts. */
export function confirmForm(csrf: string, f: Form, est: Row, showSpend: Row | null, error?: string): Html {
  const targets = (est.targets ?? []) as Row[];
  const price = est.priceCents as number;
  const short = price > (est.balanceCents as number);
  const keep = ["repository", "kind", "at", "pr", "branch", "since", "steering"].map((k) =>
    one(f[k]) ? hidden(k, k === "steering" ? String(f[k]) : one(f[k])) : "",
  );
  return html`<h1>Confirm the run</h1>${error ? html`<p class="error" role="alert">${error}</p>` : ""}
<dl class="facts"><div><dt>Price</dt><dd><strong>${dollars(price)}</strong></dd></div>
<div><dt>Balance</dt><dd>${dollars(est.balanceCents)}</dd></div>
${spent(showSpend)}
<div><dt>Quote valid until</dt><dd>${String(est.expiresAt).slice(11, 16)} UTC</dd></div></dl>
${short ? html`<p class="error">The balance does not cover this price: ask an owner to add credits.</p>` : ""}
<div class="table-wrap"><table><thead><tr><th>Repository</th><th>Commit</th><th>Files</th><th>Billable lines</th></tr></thead><tbody>${targets.map(
    (t) => html`<tr><td>${t.repository.fullName}</td><td><code>${String(t.sha).slice(0, 12)}</code></td><td>${t.files}</td><td>${t.lines}</td></tr>`,
  )}</tbody></table></div>
${changeLine(est.change)}
${est.model ? html`<p>Includes the model review (${dollars(est.model.priceCents)}, refunded if it fails).</p>` : ""}
<form method="post" action="/app/runs" class="run-form">${hidden("_csrf", csrf)}${keep}
${many(f.focuses).map((x) => hidden("focuses", x))}${many(f.documents).map((x) => hidden("documents", x))}
${hidden("quote", est.quote)}${hidden("requestId", one(f.requestId) || randomUUID())}
<label for="maxPrice">Highest price you accept, in dollars</label>
<input id="maxPrice" name="maxPrice" type="text" inputmode="decimal" value="${one(f.maxPrice) || (price / 100).toFixed(2)}" required>
<div class="actions"><button>Pay ${dollars(price)} and start</button><a href="/app/runs/new?repository=${one(f.repository)}">Change</a></div></form>`;
}
