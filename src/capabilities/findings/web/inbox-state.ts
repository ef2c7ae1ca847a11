// The inbox page's state, all of it in the URL so a view can be shared: read from the query
// (checkbox groups repeat a key; the API takes comma lists), turned into the list operation's
// input and the facet filters, and written back into links.
import type { Filters, SortOrder } from "../filters.ts";
import type { Row } from "./read.ts";

const multiKeys = ["severity", "status", "rule", "language"] as const;
const singleKeys = ["repository", "at", "assignee", "path", "q", "sort", "new", "dismissed"] as const;
type Multi = (typeof multiKeys)[number];
type Single = (typeof singleKeys)[number];

export type InboxState = Partial<Record<Multi, string[]>> & Partial<Record<Single, string>> & { cursor?: string };

const values = (v: unknown): string[] =>
  (Array.isArray(v) ? v : [v])
    .filter((x): x is string => typeof x === "string")
    .flatMap((x) => x.split(","))
    .map((x) => x.trim())
    .filter((x) => x !== "");

export function stateOf(query: unknown): InboxState {
  const q = (query ?? {}) as Row;
  const out: InboxState = {};
  for (const k of multiKeys) {
    const list = [...new Set(values(q[k]))];
    if (list.length) out[k] = list;
  }
  for (const k of [...singleKeys, "cursor"] as const) {
    const v = values(q[k]).length ? (Array.isArray(q[k]) ? q[k][0] : q[k]) : undefined;
    if (typeof v === "string" && v.trim() !== "") out[k] = v.trim();
  }
  // A position and "new in the change" mean something only within one repository.
  if (!out.repository) {
    delete out.at;
    delete out.new;
  }
  if (out.new !== "true") delete out.new;
  if (out.dismissed !== "true") delete out.dismissed;
  if (out.sort === "newest") delete out.sort;
  return out;
}

/** The list operation and its input for a state (the operation validates every value). */
export function listCall(s: InboxState): { id: string; input: Row } {
  const input: Row = { limit: 50 };
  for (const k of multiKeys) if (s[k]) input[k] = s[k].join(",");
  for (const k of ["assignee", "path", "q", "sort", "cursor"] as const) if (s[k] !== undefined) input[k] = s[k];
  if (s.dismissed) input.dismissed = "true";
  if (!s.repository) return { id: "list_findings", input };
  if (s.at) input.at = s.at;
  if (s.new) input.new = "true";
  return { id: "list_repository_findings", input: { ...input, owner: s.repository, repo: "-" } };
}

/** The facets' filters: the state's, once the list operation accepted them. */
export function filtersOf(s: InboxState): Filters {
  return {
    status: s.status,
    severity: s.severity,
    rule: s.rule,
    language: s.language,
    assignee: s.assignee,
    path: s.path,
    q: s.q,
    new: s.new === "true",
    dismissed: s.dismissed === "true",
    sort: s.sort as SortOrder | undefined,
  };
}

/** The inbox URL of a state, with changes (undefined removes a key). */
export function urlOf(s: InboxState, change: Partial<InboxState> = {}): string {
  const next: Row = { ...s, ...change };
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(next)) {
    if (v === undefined) continue;
    for (const x of Array.isArray(v) ? v : [v]) params.append(k, x);
  }
  const text = params.toString();
  return text ? `/app/findings?${text}` : "/app/findings";
}
