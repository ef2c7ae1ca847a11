// The dashboard's aggregates over the workspace: the trend of open and fixed findings from the
// history of complete full reviews, the most frequent rules among open findings, and the repositories
// never reviewed. (Open findings by severity and recent runs come from the list operations.) What
// belongs to the findings and repositories is read through their public functions.
import type { App } from "../../../kernel/app.ts";
import type { Store } from "../../../platform/store/index.ts";
import { inboxVersion, openRuleCounts, reviewCounts, type ReviewStep } from "../../findings/index.ts";
import { allRepositories } from "../../repositories/index.ts";
export interface Trend {
  /** Day starts, in seconds since the epoch (uPlot's x axis). */
  days: number[];
  open: number[];
  fixed: number[];
}

const dayMs = 86_400_000;
/** The trend covers at most this many days back, and reads at most this many runs. */
const trendDays = 90;
const trendRuns = 5000;

/**
 * Per day: the findings present at each repository's latest complete full review (summed), and the
 * findings those reviews stopped finding, counted up: per repository, those present at its previous
 * full review and absent at the next (each run's targets in turn).
 */
export async function trend(store: Store, workspaceId: number, now: Date): Promise<Trend> {
  const since = new Date(now.getTime() - trendDays * dayMs).toISOString();
  const rows = await store.db
    .selectFrom("runs")
    .select(["id", "ended_at", "targets_json"])
    .where("workspace_id", "=", workspaceId)
    .where("state", "=", "complete")
    .where("kind", "=", "full")
    .orderBy("id", "desc")
    .limit(trendRuns)
    .execute();
  rows.reverse();
  const reviews: { endedAt: string; steps: ReviewStep[] }[] = [];
  const lastSha = new Map<number, string>();
  for (const r of rows) {
    if (!r.ended_at) continue;
    const steps: ReviewStep[] = [];
    for (const t of JSON.parse(r.targets_json) as { repository: { id: number }; sha: string | null }[]) {
      if (!t.sha) continue;
      steps.push({ repositoryId: t.repository.id, sha: t.sha, previous: lastSha.get(t.repository.id) ?? null });
      lastSha.set(t.repository.id, t.sha);
    }
    reviews.push({ endedAt: r.ended_at, steps });
  }
  const counts = await reviewCounts(
    store,
    workspaceId,
    reviews.flatMap((r) => r.steps),
  );
  const latest = new Map<number, number>();
  let fixedSoFar = 0;
  let i = 0;
  const byDay = new Map<number, { open: number; fixed: number }>();
  for (const r of reviews) {
    for (const step of r.steps) {
      const c = counts[i++]!;
      fixedSoFar += c.stopped;
      latest.set(step.repositoryId, c.present);
    }
    if (r.endedAt < since) continue;
    const day = Math.floor(Date.parse(r.endedAt) / dayMs) * dayMs;
    let open = 0;
    for (const v of latest.values()) open += v;
    byDay.set(day, { open, fixed: fixedSoFar });
  }
  const days = [...byDay.keys()].sort((a, b) => a - b);
  return { days: days.map((d) => d / 1000), open: days.map((d) => byDay.get(d)!.open), fixed: days.map((d) => byDay.get(d)!.fixed) };
}

/** The rules with the most open findings (as the inbox counts them with status open). */
export function topRules(app: App, workspaceId: number, userId: number, limit = 8): Promise<{ rule: string; count: number }[]> {
  return openRuleCounts(app, workspaceId, userId, app.now(), limit);
}

/** Repositories with no complete review (a run whose first target is the repository), oldest first. */
export async function neverReviewed(store: Store, workspaceId: number, limit = 20): Promise<{ items: { id: number; fullName: string }[]; total: number }> {
  const [repos, reviewed] = await Promise.all([
    allRepositories(store, workspaceId),
    store.db.selectFrom("runs").select("repository_id").distinct().where("workspace_id", "=", workspaceId).where("state", "=", "complete").execute(),
  ]);
  const done = new Set(reviewed.map((r) => r.repository_id));
  const never = repos.filter((r) => !done.has(r.id)).sort((a, b) => a.id - b.id);
  return { items: never.slice(0, limit).map((r) => ({ id: r.id, fullName: r.full_name })), total: never.length };
}

const openCounts = new Map<string, { at: number; value: Promise<number[]> }>();
const openCountsMs = 60_000;

/**
 * Open findings by severity, as `compute` reads them (five inbox selections through the pipeline),
 * kept while nothing they depend on changed: the workspace's inbox version (every review and triage
 * bumps it) and its repositories' syncs (a default branch head moves only with one). At most a
 * minute, so time-bound decisions expiring show soon.
 */
export async function openBySeverity(store: Store, workspaceId: number, now: Date, compute: () => Promise<number[]>): Promise<number[]> {
  const [version, repos] = await Promise.all([inboxVersion(store, workspaceId), allRepositories(store, workspaceId)]);
  let synced = "";
  let maxId = 0;
  for (const r of repos) {
    if (r.last_synced_at !== null && r.last_synced_at > synced) synced = r.last_synced_at;
    maxId = Math.max(maxId, r.id);
  }
  const key = `${workspaceId}:${version}:${repos.length}:${synced}:${maxId}`;
  const hit = openCounts.get(key);
  if (hit && now.getTime() - hit.at < openCountsMs) return hit.value;
  const value = compute();
  if (openCounts.size >= 64) openCounts.delete(openCounts.keys().next().value!);
  openCounts.set(key, { at: now.getTime(), value });
  value.catch(() => openCounts.delete(key));
  return value;
}
