// The findings of one repository at one commit: those present at the nearest fully reviewed commit
// on its first-parent history (the coverage), plus those an earlier review on that history found
// and the coverage no longer has (fixed there), each with its status read at the commit. What a
// position computes is cached per (repository, commit, inbox version): any import or triage change
// bumps the workspace's version, so a cached answer is never stale; an expiring decision ends it too.
import type { Mirror } from "../../codehost/index.ts";
import type { Store } from "../../store/index.ts";
import { decisionActive, effectiveSeverity, statusAt, type FindingRow, type Status } from "./status.ts";

/** How far back along the first-parent history a review still covers a position. */
export const historyDepth = 10_000;

export interface Coverage { sha: string; runId: number | null; reviewedAt: string; ahead: number }

export interface PositionEntry {
  finding: FindingRow;
  status: Status;
  severity: string;
  /** Where it is at the coverage, or (fixed) where it was last seen. */
  location: { path: string; startLine: number; endLine: number };
  present: boolean;
}

export interface PositionView {
  sha: string;
  coverage: Coverage | null;
  /** Newest first (by key number). */
  entries: PositionEntry[];
  /** Recompute once the clock reaches this (a decision expires), else null. */
  validUntil: string | null;
}

// Promises, so concurrent requests for one position share one computation.
const cache = new Map<string, Promise<PositionView>>();
const cacheLimit = 256;

export async function inboxVersion(store: Store, workspaceId: number): Promise<number> {
  const row = await store.db.selectFrom("workspaces").select("inbox_version").where("id", "=", workspaceId).executeTakeFirst();
  return row?.inbox_version ?? 0;
}

/** `version` is the workspace's inbox version when the caller read it already (one read for many positions). */
export async function positionView(store: Store, mirror: Mirror, workspaceId: number, repositoryId: number, sha: string, now: Date, version?: number): Promise<PositionView> {
  const key = `${store.engine}:${workspaceId}:${repositoryId}:${sha}:${version ?? await inboxVersion(store, workspaceId)}`;
  const hit = cache.get(key);
  if (hit) {
    const view = await hit;
    if (view.validUntil === null || view.validUntil > now.toISOString()) return view;
  }
  const computing = compute(store, mirror, workspaceId, repositoryId, sha, now);
  if (cache.size >= cacheLimit) cache.delete(cache.keys().next().value!);
  cache.set(key, computing);
  computing.catch(() => { if (cache.get(key) === computing) cache.delete(key); });
  return computing;
}

async function compute(store: Store, mirror: Mirror, workspaceId: number, repositoryId: number, sha: string, now: Date): Promise<PositionView> {
  const history = await mirror.firstParents(sha, historyDepth);
  const index = new Map(history.map((s, i) => [s, i]));
  const reviewed = await store.db.selectFrom("reviewed_commits").select(["sha", "run_id", "reviewed_at"])
    .where("workspace_id", "=", workspaceId).where("repository_id", "=", repositoryId).where("full", "=", 1).execute();
  const onHistory = reviewed.filter((r) => index.has(r.sha)).sort((a, b) => index.get(a.sha)! - index.get(b.sha)!);
  const covering = onHistory[0];
  if (!covering) return { sha, coverage: null, entries: [], validUntil: null };
  const coverageIndex = index.get(covering.sha)!;
  const coverage = { sha: covering.sha, runId: covering.run_id, reviewedAt: covering.reviewed_at, ahead: coverageIndex };

  // Present at the coverage, or last seen at an earlier review on the history (newest sighting wins).
  const shas = onHistory.map((r) => r.sha);
  const seen = new Map<number, { path: string; startLine: number; endLine: number; present: boolean; at: number }>();
  for (let i = 0; i < shas.length; i += 500) {
    const rows = await store.db.selectFrom("finding_presence").select(["finding_id", "sha", "path", "start_line", "end_line"])
      .where("workspace_id", "=", workspaceId).where("repository_id", "=", repositoryId).where("sha", "in", shas.slice(i, i + 500)).execute();
    for (const r of rows) {
      const at = index.get(r.sha)!;
      const prev = seen.get(r.finding_id);
      if (!prev || at < prev.at) seen.set(r.finding_id, { path: r.path, startLine: r.start_line, endLine: r.end_line, present: r.sha === covering.sha, at });
    }
  }
  const records = new Map<number, { status: "open" | "fixed" | "false-positive"; index: number }>();
  const statusRows = await store.db.selectFrom("finding_statuses").select(["finding_id", "sha", "status"])
    .where("workspace_id", "=", workspaceId).where("repository_id", "=", repositoryId).execute();
  for (const r of statusRows) {
    const at = index.get(r.sha);
    if (at === undefined) continue;
    const prev = records.get(r.finding_id);
    if (!prev || at < prev.index) records.set(r.finding_id, { status: r.status, index: at });
  }
  const ids = [...seen.keys()];
  const findings: FindingRow[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    findings.push(...await store.db.selectFrom("findings").selectAll().where("workspace_id", "=", workspaceId).where("id", "in", ids.slice(i, i + 500)).execute());
  }
  findings.sort((a, b) => b.number - a.number);
  let validUntil: string | null = null;
  const entries = findings.map((f) => {
    const s = seen.get(f.id)!;
    if (f.decision_until && decisionActive(f, now) && (validUntil === null || f.decision_until < validUntil)) validUntil = f.decision_until;
    return {
      finding: f,
      status: statusAt({ finding: f, present: s.present, record: records.get(f.id) ?? null, coverageIndex }, now),
      severity: effectiveSeverity(f),
      location: { path: s.path, startLine: s.startLine, endLine: s.endLine },
      present: s.present,
    };
  });
  return { sha, coverage, entries, validUntil };
}

/** Marks the workspace's inbox changed (inside the transaction that changes it). */
export async function bumpInbox(tx: Store["db"], workspaceId: number): Promise<void> {
  await tx.updateTable("workspaces").set((eb) => ({ inbox_version: eb("inbox_version", "+", 1) })).where("id", "=", workspaceId).execute();
}
