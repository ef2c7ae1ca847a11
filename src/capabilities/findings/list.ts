// The inbox lists: one repository at a position, and the organization (every repository at its
// default branch head). What a filter set selects at given commits, with its counts, is computed
// once per inbox version and kept (a busy inbox is read far more often than it changes); a page is
// then a slice of it. Counts are taken before the status and severity filters.
import { invalidField } from "../../kernel/errors.ts";
import { resolveAt, usableMirror } from "../repositories/index.ts";
import type { RepositoryRow } from "../repositories/index.ts";
import type { ResolvedPosition } from "../repositories/index.ts";
import { toItems } from "./items.ts";
import { checks, type Filters, predicates } from "./filters.ts";
import { compareKeys, type CursorKey, cursorKey, keyOf, keyOfCursor, type SortKey } from "./order.ts";
import { inboxVersion, positionView } from "./position.ts";
import type { PositionEntry, PositionView } from "./position-compute.ts";
import { defaultViews, type ListDeps, type RepositoryView } from "./views.ts";

export interface Page {
  /** The last row of the previous page (its cursor's key fields). */
  after?: CursorKey | undefined;
  asOf?: string | undefined;
  limit: number;
}

type Counts = { status: Record<string, number>; severity: Record<string, number> };
interface Row {
  e: PositionEntry;
  repo: RepositoryRow;
  k: SortKey;
}
interface Selection {
  counts: Counts;
  rows: Row[];
  newest: string;
}

const selections = new Map<string, Promise<Selection>>();

function cached(key: string, build: () => Promise<Selection>): Promise<Selection> {
  const hit = selections.get(key);
  if (hit) return hit;
  const p = build();
  if (selections.size >= 64) selections.delete(selections.keys().next().value!);
  selections.set(key, p);
  p.catch(() => {
    if (selections.get(key) === p) selections.delete(key);
  });
  return p;
}

async function select(deps: ListDeps, workspaceId: number, me: number, f: Filters, views: RepositoryView[], asOf: string | undefined): Promise<Selection> {
  const { base, all } = predicates(await checks(deps.store, workspaceId, me, f));
  const sort = f.sort ?? "newest";
  const counts: Counts = { status: {}, severity: {} };
  const rows: Row[] = [];
  let newest = "";
  for (const { repo, view } of views) {
    for (const e of view.entries) {
      const seen = e.finding.first_observed_at;
      if (asOf !== undefined && seen > asOf) continue;
      if (!base(e)) continue;
      if (seen > newest) newest = seen;
      counts.status[e.status] = (counts.status[e.status] ?? 0) + 1;
      counts.severity[e.severity] = (counts.severity[e.severity] ?? 0) + 1;
      if (all(e)) rows.push({ e, repo, k: keyOf(sort, e, repo.id) });
    }
  }
  // One view is newest first already.
  if (views.length > 1 || sort !== "newest") rows.sort((a, b) => compareKeys(a.k, b.k));
  return { counts, rows, newest };
}

/** The selection, from the cache unless the page is pinned to a time before findings it holds. */
async function selection(
  deps: ListDeps,
  workspaceId: number,
  me: number,
  f: Filters,
  views: RepositoryView[],
  version: number,
  page: Page,
): Promise<Selection> {
  const key = JSON.stringify([
    deps.store.engine,
    workspaceId,
    version,
    f,
    f.assignee === undefined ? 0 : me,
    views.map((v) => [v.repo.id, v.view.sha, v.view.validUntil]),
  ]);
  const s = await cached(key, () => select(deps, workspaceId, me, f, views, undefined));
  return page.asOf === undefined || s.newest <= page.asOf ? s : select(deps, workspaceId, me, f, views, page.asOf);
}

function slice(rows: Row[], page: Page): { shown: Row[]; last: Row | null } {
  let from = 0;
  if (page.after !== undefined) {
    const after = keyOfCursor(page.after);
    let lo = 0;
    let hi = rows.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compareKeys(rows[mid]!.k, after) <= 0) lo = mid + 1;
      else hi = mid;
    }
    from = lo;
  }
  const shown = rows.slice(from, from + page.limit);
  return { shown, last: rows.length > from + page.limit ? shown.at(-1)! : null };
}

/** The cursor fields of a page's last row, or null on the last page. */
const lastKey = (f: Filters, last: Row | null) => (last ? cursorKey(f.sort ?? "newest", last.e, last.repo.id) : null);

const itemsOf = (deps: ListDeps, rows: Row[]) =>
  toItems(
    deps.store,
    rows.map(({ e, repo }) => ({ ...e, repository: { id: repo.id, fullName: repo.full_name } })),
    deps.config.baseUrl,
  );

export async function listAtPosition(
  deps: ListDeps,
  workspaceId: number,
  me: number,
  repo: RepositoryRow,
  at: string | undefined,
  f: Filters,
  page: Page,
  now: Date,
) {
  const mirror = usableMirror(deps.mirrors, repo);
  const pos: ResolvedPosition = await resolveAt({ app: { mirrors: deps.mirrors } }, repo, at);
  const version = await inboxVersion(deps.store, workspaceId);
  const view = await positionView(deps.store, mirror, workspaceId, repo.id, pos.sha, now, version);
  if (f.new && !view.change)
    throw invalidField("new", `No change review covers ${pos.at}: new=true needs a pull request or branch reviewed as a change.`, { at: pos.at });
  const s = await selection(deps, workspaceId, me, f, [{ repo, view }], version, page);
  const { shown, last } = slice(s.rows, page);
  return {
    position: pos,
    view,
    counts: s.counts,
    total: s.rows.length,
    items: await itemsOf(deps, shown),
    entries: shown.map((r) => r.e),
    last: lastKey(f, last),
  };
}

export function coverageOf(view: PositionView) {
  const c = view.change;
  const b = c?.baseCoverage;
  return {
    ...(view.coverage
      ? { reviewed: true, sha: view.coverage.sha, run: view.coverage.runId, reviewedAt: view.coverage.reviewedAt, commitsAhead: view.coverage.ahead }
      : { reviewed: false, sha: null, run: null, reviewedAt: null, commitsAhead: null }),
    change: c ? { run: c.runId, sha: c.sha, reviewedAt: c.reviewedAt, kind: c.kind, pr: c.pr, branch: c.branch, base: c.base } : null,
    base: b ? { run: b.runId, sha: b.sha, reviewedAt: b.reviewedAt } : null,
  };
}

/** Every registered repository at its default branch head, newest first (key number, then repository id). */
export async function listOrganization(deps: ListDeps, workspaceId: number, me: number, f: Filters, page: Page, now: Date) {
  const version = await inboxVersion(deps.store, workspaceId);
  const { views, unavailable } = await defaultViews(deps, workspaceId, version, now);
  // new=true reads each listed repository's default head as a change position: one without change
  // coverage is refused, as in one repository's list.
  const uncovered = f.new ? views.find((v) => !v.view.change) : undefined;
  if (uncovered) {
    const message =
      `No change review covers the default branch head of ${uncovered.repo.full_name}: ` +
      "new=true needs every listed repository's position reviewed as a change.";
    throw invalidField("new", message, { repository: { id: uncovered.repo.id, fullName: uncovered.repo.full_name } });
  }
  const s = await selection(deps, workspaceId, me, f, views, version, page);
  const { shown, last } = slice(s.rows, page);
  return {
    items: await itemsOf(deps, shown),
    entries: shown.map((r) => r.e),
    counts: s.counts,
    total: s.rows.length,
    unavailable,
    last: lastKey(f, last),
  };
}
