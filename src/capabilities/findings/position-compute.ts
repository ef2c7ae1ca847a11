// Computing one repository's findings at one commit afresh (position.ts caches the result and
// patches it after triage): the nearest full review on the first-parent history gives the coverage,
// the reviews before it what was fixed since, a change review what a change introduced; each
// finding's status is read at the commit.
import type { Mirror } from "../../platform/codehost/index.ts";
import type { Store } from "../../platform/store/index.ts";
import { reviewedCommits } from "../repositories/index.ts";
import { changeSightings, nearestChangeReview, type ChangeReview, type Sighting } from "./change-view.ts";
import { decisionActive, effectiveSeverity, statusAt, type FindingRow, type Status } from "./status.ts";

/** How far back along the first-parent history a review still covers a position. */
const historyDepth = 10_000;

/** The first-parent history a position's findings are read along (the mirror caches it per commit). */
export function historyOf(mirror: Mirror, sha: string): Promise<string[]> {
  return mirror.firstParents(sha, historyDepth);
}

export interface Coverage {
  sha: string;
  runId: number | null;
  reviewedAt: string;
  ahead: number;
}

export interface PositionEntry {
  finding: FindingRow;
  status: Status;
  severity: string;
  /** Where it is at the coverage, or (fixed) where it was last seen. */
  location: { path: string; startLine: number; endLine: number };
  present: boolean;
  /** At a change position: new (not present at the base coverage) or unchanged; else null. */
  baseline: "new" | "unchanged" | null;
}

export interface PositionView {
  sha: string;
  /** The nearest review on the history: the change review at a change position. */
  coverage: Coverage | null;
  /** At a change position: the change review and the coverage of its base. */
  change: (ChangeReview & { baseCoverage: Coverage | null }) | null;
  /** Newest first (by key number). */
  entries: PositionEntry[];
  /** Recompute once the clock reaches this (a decision expires), else null. */
  validUntil: string | null;
}

/** A computed position and what it takes to bring it up to date after triage without recomputing. */
export interface Computed {
  view: PositionView;
  /** The inbox version the view reflects (at least). */
  version: number;
  /** The commit history's index (sha -> distance), for statuses recorded along it. */
  index: Map<string, number>;
  coverageIndex: number;
}

/** For each finding, its status recorded nearest to the position along the history. */
export async function statusRecords(store: Store, workspaceId: number, repositoryId: number, index: Map<string, number>, ids?: number[]) {
  const records = new Map<number, { status: "open" | "fixed" | "false-positive"; index: number }>();
  const chunks = ids ? Array.from({ length: Math.ceil(ids.length / 500) }, (_, i) => ids.slice(i * 500, i * 500 + 500)) : [undefined];
  for (const chunk of chunks) {
    let q = store.db
      .selectFrom("finding_statuses")
      .select(["finding_id", "sha", "status"])
      .where("workspace_id", "=", workspaceId)
      .where("repository_id", "=", repositoryId);
    if (chunk) q = q.where("finding_id", "in", chunk);
    for (const r of await q.execute()) {
      const at = index.get(r.sha);
      if (at === undefined) continue;
      const prev = records.get(r.finding_id);
      if (!prev || at < prev.index) records.set(r.finding_id, { status: r.status, index: at });
    }
  }
  return records;
}

/** The soonest end of an active decision among the entries: the view is recomputed then. */
export function validUntilOf(entries: PositionEntry[], now: Date): string | null {
  let validUntil: string | null = null;
  for (const { finding: f } of entries) {
    if (f.decision_until && decisionActive(f, now) && (validUntil === null || f.decision_until < validUntil)) validUntil = f.decision_until;
  }
  return validUntil;
}

/**
 * The position computed afresh at inbox version `version`. `baseView` reads the view of a change's
 * base (an ancestor: through the cache, never leading back here).
 */
export async function compute(
  store: Store,
  mirror: Mirror,
  workspaceId: number,
  repositoryId: number,
  sha: string,
  now: Date,
  version: number,
  baseView: (sha: string) => Promise<PositionView>,
): Promise<Computed> {
  const history = await historyOf(mirror, sha);
  const index = new Map(history.map((s, i) => [s, i]));
  const reviewed = await reviewedCommits(store.db, workspaceId, repositoryId, true);
  const onHistory = reviewed.filter((r) => index.has(r.sha)).sort((a, b) => index.get(a.sha)! - index.get(b.sha)!);
  const covering = onHistory[0];
  const { review, older } = await nearestChangeReview(store, workspaceId, repositoryId, index, covering ? index.get(covering.sha)! : Infinity);
  let coverage: Coverage;
  let change: PositionView["change"] = null;
  let seen: Map<number, Sighting>;
  if (review) {
    const base = await baseView(review.base);
    coverage = { sha: review.sha, runId: review.runId, reviewedAt: review.reviewedAt, ahead: review.ahead };
    change = { ...review, baseCoverage: base.coverage };
    seen = await changeSightings(store, mirror, workspaceId, repositoryId, review, older, index, base.entries);
  } else if (covering) {
    coverage = { sha: covering.sha, runId: covering.run_id, reviewedAt: covering.reviewed_at, ahead: index.get(covering.sha)! };
    seen = await fullSightings(
      store,
      workspaceId,
      repositoryId,
      index,
      onHistory.map((r) => r.sha),
      covering.sha,
    );
  } else {
    return { view: { sha, coverage: null, change: null, entries: [], validUntil: null }, version, index, coverageIndex: -1 };
  }
  const coverageIndex = coverage.ahead;
  const records = await statusRecords(store, workspaceId, repositoryId, index);
  const ids = [...seen.keys()];
  const findings: FindingRow[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    findings.push(
      ...(await store.db
        .selectFrom("findings")
        .selectAll()
        .where("workspace_id", "=", workspaceId)
        .where("id", "in", ids.slice(i, i + 500))
        .execute()),
    );
  }
  findings.sort((a, b) => b.number - a.number);
  const entries = findings.map((f) => {
    const s = seen.get(f.id)!;
    return {
      finding: f,
      status: statusAt({ finding: f, present: s.present, record: records.get(f.id) ?? null, coverageIndex }, now),
      severity: effectiveSeverity(f),
      location: { path: s.path, startLine: s.startLine, endLine: s.endLine },
      present: s.present,
      baseline: s.baseline,
    };
  });
  return { view: { sha, coverage, change, entries, validUntil: validUntilOf(entries, now) }, version, index, coverageIndex };
}

/**
 * Present at the coverage, or last seen at an earlier review on the history (newest sighting wins).
 * The coverage is the nearest review, so what it holds is read from it alone; the earlier reviews
 * are read only for the findings the coverage no longer has (a fraction of their rows).
 */
async function fullSightings(store: Store, workspaceId: number, repositoryId: number, index: Map<string, number>, shas: string[], covering: string) {
  const seen = new Map<number, Sighting>();
  const presence = () =>
    store.db
      .selectFrom("finding_presence as p")
      .select(["p.finding_id", "p.sha", "p.path", "p.start_line", "p.end_line"])
      .where("p.workspace_id", "=", workspaceId)
      .where("p.repository_id", "=", repositoryId);
  const at = index.get(covering)!;
  for (const r of await presence().where("p.sha", "=", covering).execute()) {
    seen.set(r.finding_id, { path: r.path, startLine: r.start_line, endLine: r.end_line, present: true, at, baseline: null });
  }
  const older = shas.filter((s) => s !== covering);
  for (let i = 0; i < older.length; i += 500) {
    const rows = await presence()
      .where("p.sha", "in", older.slice(i, i + 500))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("finding_presence as c")
              .select("c.finding_id")
              .where("c.workspace_id", "=", workspaceId)
              .where("c.repository_id", "=", repositoryId)
              .where("c.sha", "=", covering)
              .whereRef("c.finding_id", "=", "p.finding_id"),
          ),
        ),
      )
      .execute();
    for (const r of rows) {
      const at = index.get(r.sha)!;
      const prev = seen.get(r.finding_id);
      if (!prev || at < prev.at) seen.set(r.finding_id, { path: r.path, startLine: r.start_line, endLine: r.end_line, present: false, at, baseline: null });
    }
  }
  return seen;
}
