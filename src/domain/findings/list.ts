// The inbox lists: one repository at a position, and the organization (every repository at its
// default branch head). Filters apply to what a position computed (position.ts); counts are taken
// before the status and severity filters, so a client can show both tabs and totals.
import type { MirrorPool } from "../../codehost/index.ts";
import type { Store } from "../../store/index.ts";
import { allRepositories, resolveAt, usableMirror } from "../repositories/index.ts";
import type { RepositoryRow } from "../repositories/reference.ts";
import { toItems } from "./items.ts";
import { assigneeIds } from "./lookup.ts";
import { inboxVersion, positionView, type PositionEntry, type PositionView } from "./position.ts";
import { AppError } from "../../errors.ts";

export interface Filters {
  status?: string[] | undefined;
  severity?: string[] | undefined;
  assignee?: string | undefined;
  focus?: string | undefined;
  dismissed: boolean;
}

export interface ListDeps { store: Store; mirrors: MirrorPool }

/** The predicate of the filters other than status and severity, and of all of them. */
async function predicates(store: Store, workspaceId: number, me: number, f: Filters) {
  const assignees = f.assignee === undefined ? undefined : await assigneeIds(store, workspaceId, me, f.assignee);
  let focused: Set<number> | undefined;
  if (f.focus !== undefined) {
    const rows = await store.db.selectFrom("finding_reports as r").innerJoin("run_focuses as rf", "rf.run_id", "r.run_id")
      .select("r.finding_id").distinct().where("r.workspace_id", "=", workspaceId).where("rf.workspace_id", "=", workspaceId).where("rf.slug", "=", f.focus).execute();
    focused = new Set(rows.map((r) => r.finding_id));
  }
  const statuses = f.status ? new Set(f.status) : undefined;
  const severities = f.severity ? new Set(f.severity) : undefined;
  const base = (e: PositionEntry) => {
    const x = e.finding;
    if ((x.dismissed_at !== null) !== f.dismissed) return false;
    if (assignees === "none" ? x.assignee_id !== null : assignees && (x.assignee_id === null || !assignees.includes(x.assignee_id))) return false;
    return !focused || focused.has(x.id);
  };
  const all = (e: PositionEntry) => base(e) && (!statuses || statuses.has(e.status)) && (!severities || severities.has(e.severity));
  return { base, all };
}

function countInto(counts: { status: Record<string, number>; severity: Record<string, number> }, e: PositionEntry): void {
  counts.status[e.status] = (counts.status[e.status] ?? 0) + 1;
  counts.severity[e.severity] = (counts.severity[e.severity] ?? 0) + 1;
}

export interface Page { afterNumber?: number | undefined; afterRepository?: number | undefined; asOf?: string | undefined; limit: number }

export async function listAtPosition(deps: ListDeps, workspaceId: number, me: number, repo: RepositoryRow, at: string | undefined, f: Filters, page: Page, now: Date) {
  const mirror = usableMirror(deps.mirrors, repo);
  const pos = await resolveAt({ app: { mirrors: deps.mirrors } }, repo, at);
  const view = await positionView(deps.store, mirror, workspaceId, repo.id, pos.sha, now);
  const { base, all } = await predicates(deps.store, workspaceId, me, f);
  const counts = { status: {} as Record<string, number>, severity: {} as Record<string, number> };
  const matched: PositionEntry[] = [];
  for (const e of view.entries) {
    if (page.asOf && e.finding.first_observed_at > page.asOf) continue;
    if (!base(e)) continue;
    countInto(counts, e);
    if (all(e)) matched.push(e);
  }
  const after = page.afterNumber;
  const rest = after === undefined ? matched : matched.filter((e) => e.finding.number < after);
  const shown = rest.slice(0, page.limit);
  const ref = { id: repo.id, fullName: repo.full_name };
  return {
    position: pos, view, counts, total: matched.length,
    items: await toItems(deps.store, shown.map((e) => ({ ...e, repository: ref }))),
    last: rest.length > page.limit ? shown.at(-1)!.finding.number : null,
  };
}

export function coverageOf(view: PositionView) {
  return view.coverage
    ? { reviewed: true, sha: view.coverage.sha, run: view.coverage.runId, reviewedAt: view.coverage.reviewedAt, commitsAhead: view.coverage.ahead }
    : { reviewed: false, sha: null, run: null, reviewedAt: null, commitsAhead: null };
}

/** Every registered repository at its default branch head, newest first (key number, then repository id). */
export async function listOrganization(deps: ListDeps, workspaceId: number, me: number, f: Filters, page: Page, now: Date) {
  const repos = await allRepositories(deps.store, workspaceId);
  const version = await inboxVersion(deps.store, workspaceId);
  const { base, all } = await predicates(deps.store, workspaceId, me, f);
  const unavailable: Array<{ repository: { id: number; fullName: string }; reason: string; message: string }> = [];
  const lists: Array<{ repo: RepositoryRow; entries: PositionEntry[] }> = [];
  const counts = { status: {} as Record<string, number>, severity: {} as Record<string, number> };
  let total = 0;
  for (const repo of repos) {
    let view: PositionView;
    try {
      const mirror = usableMirror(deps.mirrors, repo);
      const pos = await resolveAt({ app: { mirrors: deps.mirrors } }, repo, undefined);
      view = await positionView(deps.store, mirror, workspaceId, repo.id, pos.sha, now, version);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      unavailable.push({ repository: { id: repo.id, fullName: repo.full_name }, reason: String(err.details?.reason ?? err.code), message: err.message });
      continue;
    }
    const entries: PositionEntry[] = [];
    for (const e of view.entries) {
      if (page.asOf && e.finding.first_observed_at > page.asOf) continue;
      if (!base(e)) continue;
      countInto(counts, e);
      if (!all(e)) continue;
      total++;
      if (page.afterNumber !== undefined && (e.finding.number > page.afterNumber || (e.finding.number === page.afterNumber && repo.id <= (page.afterRepository ?? 0)))) continue;
      entries.push(e);
    }
    if (entries.length) lists.push({ repo, entries });
  }
  // Merge the per-repository lists (each newest first) for one page only.
  const heads = lists.map(() => 0);
  const picked: Array<{ e: PositionEntry; repo: RepositoryRow }> = [];
  while (picked.length <= page.limit) {
    let best = -1;
    for (let i = 0; i < lists.length; i++) {
      const e = lists[i]!.entries[heads[i]!];
      if (!e) continue;
      const b = best < 0 ? undefined : lists[best]!.entries[heads[best]!]!;
      if (!b || e.finding.number > b.finding.number || (e.finding.number === b.finding.number && lists[i]!.repo.id < lists[best]!.repo.id)) best = i;
    }
    if (best < 0) break;
    picked.push({ e: lists[best]!.entries[heads[best]!]!, repo: lists[best]!.repo });
    heads[best]!++;
  }
  const shown = picked.slice(0, page.limit);
  const last = picked.length > page.limit ? shown.at(-1)! : null;
  return {
    items: await toItems(deps.store, shown.map(({ e, repo }) => ({ ...e, repository: { id: repo.id, fullName: repo.full_name } }))),
    counts, total, unavailable,
    last: last ? { number: last.e.finding.number, repository: last.repo.id } : null,
  };
}
