// The findings of one repository at one commit: those present at the nearest fully reviewed commit
// on its first-parent history (the coverage), plus those an earlier review on that history found
// and the coverage no longer has (fixed there), each with its status read at the commit. What a
// position computes is cached per (repository, commit) with the inbox version it reflects: any import
// or triage change bumps the workspace's version, so a cached answer is never stale. After triage a
// cached position re-reads only the findings changed since; after an import, or once a decision
// expires, it is computed afresh.
import type { Mirror } from "../../platform/codehost/index.ts";
import type { Store } from "../../platform/store/index.ts";
import { bumpWorkspaceInboxVersion, workspaceInboxVersion } from "../identity/index.ts";
import { importVersion, reviewedCommits, setImportVersion } from "../repositories/index.ts";
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
interface Computed {
  view: PositionView;
  /** The inbox version the view reflects (at least). */
  version: number;
  /** The commit history's index (sha -> distance), for statuses recorded along it. */
  index: Map<string, number>;
  coverageIndex: number;
}

// Promises, so concurrent requests for one position share one computation. One entry per position
// (the newest version computed); bounded by count and by the history entries they hold.
const cache = new Map<string, Promise<Computed>>();
export const positionCacheLimit = 256;
const historyEntriesLimit = 1_000_000;
let historyEntries = 0;
const sizes = new Map<string, number>();
/** Past this many findings triaged since a cached view, computing afresh is cheaper than patching. */
const patchLimit = 2_000;

/** How many positions this process holds computed (or computing). */
export function cachedPositions(): number {
  return cache.size;
}

/** Forgets every cached position (tests compare a patched position with one computed afresh). */
export function forgetPositions(): void {
  cache.clear();
  sizes.clear();
  historyEntries = 0;
}

export function inboxVersion(store: Store, workspaceId: number): Promise<number> {
  return workspaceInboxVersion(store.db, workspaceId);
}

function remember(key: string, computing: Promise<Computed>): void {
  cache.delete(key);
  cache.set(key, computing);
  computing.then(
    (c) => {
      if (cache.get(key) !== computing) return;
      historyEntries += c.index.size - (sizes.get(key) ?? 0);
      sizes.set(key, c.index.size);
      while (cache.size > positionCacheLimit || (historyEntries > historyEntriesLimit && cache.size > 1)) {
        const oldest = cache.keys().next().value!;
        cache.delete(oldest);
        historyEntries -= sizes.get(oldest) ?? 0;
        sizes.delete(oldest);
      }
    },
    () => {
      if (cache.get(key) !== computing) return;
      cache.delete(key);
      historyEntries -= sizes.get(key) ?? 0;
      sizes.delete(key);
    },
  );
}

/** `version` is the workspace's inbox version when the caller read it already (one read for many positions). */
export async function positionView(
  store: Store,
  mirror: Mirror,
  workspaceId: number,
  repositoryId: number,
  sha: string,
  now: Date,
  version?: number,
): Promise<PositionView> {
  const target = version ?? (await inboxVersion(store, workspaceId));
  const key = `${store.engine}:${workspaceId}:${repositoryId}:${sha}`;
  const hit = cache.get(key);
  const held = hit ? await hit.catch(() => undefined) : undefined;
  const fresh = (c: Computed) => c.view.validUntil === null || c.view.validUntil > now.toISOString();
  if (held && held.version >= target && fresh(held)) return held.view;
  // Another request may have started the same refresh meanwhile.
  if (cache.get(key) !== hit) return positionView(store, mirror, workspaceId, repositoryId, sha, now, target);
  const computing =
    held && held.version < target && fresh(held)
      ? refresh(store, mirror, workspaceId, repositoryId, sha, now, held, target)
      : compute(store, mirror, workspaceId, repositoryId, sha, now, target);
  remember(key, computing);
  return (await computing).view;
}

/**
 * Brings a cached position from its version to `target` when nothing was imported since: only the
 * findings triaged in between are read again (their rows and statuses); presence is unchanged.
 */
async function refresh(
  store: Store,
  mirror: Mirror,
  workspaceId: number,
  repositoryId: number,
  sha: string,
  now: Date,
  held: Computed,
  target: number,
): Promise<Computed> {
  if ((await importVersion(store.db, workspaceId, repositoryId)) > held.version) return compute(store, mirror, workspaceId, repositoryId, sha, now, target);
  const changed = await store.db
    .selectFrom("findings")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where("changed_version", ">", held.version)
    .limit(patchLimit + 1)
    .execute();
  if (changed.length > patchLimit) return compute(store, mirror, workspaceId, repositoryId, sha, now, target);
  const at = new Map(held.view.entries.map((e, i) => [e.finding.id, i]));
  const mine = changed.filter((f) => at.has(f.id));
  if (mine.length === 0) return { ...held, version: target };
  const records = await statusRecords(
    store,
    workspaceId,
    repositoryId,
    held.index,
    mine.map((f) => f.id),
  );
  const entries = [...held.view.entries];
  for (const f of mine) {
    const old = entries[at.get(f.id)!]!;
    entries[at.get(f.id)!] = {
      ...old,
      finding: f,
      severity: effectiveSeverity(f),
      status: statusAt({ finding: f, present: old.present, record: records.get(f.id) ?? null, coverageIndex: held.coverageIndex }, now),
    };
  }
  return { ...held, version: target, view: { ...held.view, entries, validUntil: validUntilOf(entries, now) } };
}

/** For each finding, its status recorded nearest to the position along the history. */
async function statusRecords(store: Store, workspaceId: number, repositoryId: number, index: Map<string, number>, ids?: number[]) {
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
function validUntilOf(entries: PositionEntry[], now: Date): string | null {
  let validUntil: string | null = null;
  for (const { finding: f } of entries) {
    if (f.decision_until && decisionActive(f, now) && (validUntil === null || f.decision_until < validUntil)) validUntil = f.decision_until;
  }
  return validUntil;
}

async function compute(store: Store, mirror: Mirror, workspaceId: number, repositoryId: number, sha: string, now: Date, version: number): Promise<Computed> {
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
    // The base is an ancestor of the head: its view never leads back here.
    const base = await positionView(store, mirror, workspaceId, repositoryId, review.base, now, version);
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

/**
 * Marks the workspace's inbox changed (inside the transaction that changes it): by an import into
 * these repositories, whose positions are then computed afresh, and of these findings (triaged, or
 * reported again by the import), which other cached positions re-read alone.
 */
export async function bumpInbox(tx: Store["db"], workspaceId: number, change: { findings: number[]; repositories?: number[] }): Promise<void> {
  const version = await bumpWorkspaceInboxVersion(tx, workspaceId);
  await setImportVersion(tx, workspaceId, change.repositories ?? [], version);
  // A finding is one row however many repositories report it (same fingerprint): the other
  // repositories' cached positions re-read the rows an import or triage changed.
  for (let i = 0; i < change.findings.length; i += 500) {
    await tx
      .updateTable("findings")
      .set({ changed_version: version })
      .where("workspace_id", "=", workspaceId)
      .where("id", "in", change.findings.slice(i, i + 500))
      .execute();
  }
}
