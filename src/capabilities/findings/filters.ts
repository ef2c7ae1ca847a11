// The inbox's filters as predicates over a position's entries. Each filter is one named check, so
// the list applies them all, its counts all but status and severity, and the app's facets all but
// the facet's own (each facet's counts apply every other filter).
import type { Store } from "../../platform/store/index.ts";
import { languageByExtension } from "../../review/language-ids.ts";
import { runIdsWithFocus } from "../runs/index.ts";
import type { sortOrders } from "./schemas.ts";
import { assigneeIds } from "./lookup.ts";
import type { PositionEntry } from "./position-compute.ts";
import { confidenceOf, type FindingRow } from "./status.ts";

export type SortOrder = (typeof sortOrders)[number];

export interface Filters {
  status?: string[] | undefined;
  severity?: string[] | undefined;
  confidence?: string[] | undefined;
  assignee?: string | undefined;
  focus?: string | undefined;
  dismissed: boolean;
  /** Only findings new at a change position (not present at its base). */
  new?: boolean | undefined;
  /** Case-insensitive substring of the title, rule id, path or description. */
  q?: string | undefined;
  rule?: string[] | undefined;
  /** A path prefix. */
  path?: string | undefined;
  language?: string[] | undefined;
  sort?: SortOrder | undefined;
}

/** What a facet counts by; "other" checks are never a facet. */
export type Facet = "status" | "severity" | "rule" | "language" | "assignee" | "other";
export interface Check {
  facet: Facet;
  test: (e: PositionEntry) => boolean;
}

// The lower-cased text a search reads, once per finding row (rows are shared by cached views).
const haystacks = new WeakMap<FindingRow, string>();
function haystack(e: PositionEntry): string {
  let h = haystacks.get(e.finding);
  if (h === undefined) {
    h = `${e.finding.title}\n${e.finding.rule_id}\n${e.finding.description}`.toLowerCase();
    haystacks.set(e.finding, h);
  }
  return h;
}

/** The checks a filter set makes (only those it sets). */
export async function checks(store: Store, workspaceId: number, me: number, f: Filters): Promise<Check[]> {
  const out: Check[] = [{ facet: "other", test: (e) => (e.finding.dismissed_at !== null) === f.dismissed }];
  const add = (facet: Facet, test: Check["test"]) => out.push({ facet, test });
  if (f.new) add("other", (e) => e.baseline === "new");
  if (f.confidence) {
    const set = new Set(f.confidence);
    add("other", (e) => set.has(confidenceOf(e.finding)));
  }
  if (f.assignee !== undefined) {
    const ids = await assigneeIds(store, workspaceId, me, f.assignee);
    add("assignee", (e) => (ids === "none" ? e.finding.assignee_id === null : e.finding.assignee_id !== null && ids.includes(e.finding.assignee_id)));
  }
  if (f.focus !== undefined) {
    const rows = await store.db
      .selectFrom("finding_reports as r")
      .select("r.finding_id")
      .distinct()
      .where("r.workspace_id", "=", workspaceId)
      .where("r.run_id", "in", runIdsWithFocus(store.db, workspaceId, f.focus))
      .execute();
    const focused = new Set(rows.map((r) => r.finding_id));
    add("other", (e) => focused.has(e.finding.id));
  }
  if (f.q !== undefined) {
    const q = f.q.toLowerCase();
    add("other", (e) => e.location.path.toLowerCase().includes(q) || haystack(e).includes(q));
  }
  if (f.path !== undefined) {
    const prefix = f.path;
    add("other", (e) => e.location.path.startsWith(prefix));
  }
  if (f.rule) {
    const set = new Set(f.rule);
    add("rule", (e) => set.has(e.finding.rule_id));
  }
  if (f.language) {
    const set = new Set(f.language);
    add("language", (e) => set.has(languageByExtension(e.location.path) ?? ""));
  }
  if (f.status) {
    const set = new Set<string>(f.status);
    add("status", (e) => set.has(e.status));
  }
  if (f.severity) {
    const set = new Set(f.severity);
    add("severity", (e) => set.has(e.severity));
  }
  return out;
}

/** The API's predicates: before (base, what counts read) and with (all) the status and severity filters. */
export function predicates(list: Check[]) {
  const before = list.filter((c) => c.facet !== "status" && c.facet !== "severity");
  return {
    base: (e: PositionEntry) => before.every((c) => c.test(e)),
    all: (e: PositionEntry) => list.every((c) => c.test(e)),
  };
}
