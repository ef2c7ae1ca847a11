// The dashboard's aggregates, each one indexed query over the workspace: the trend of open and fixed
// findings from the history of complete full reviews, the most frequent rules, and the repositories
// never reviewed. (Open findings by severity and recent runs come from the list operations.)
import { sql } from "kysely";
import type { Store } from "../../../platform/store/index.ts";

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
 * findings those reviews stopped finding, counted up (a review's previous total plus its new ones
 * minus its total, per repository).
 */
export async function trend(store: Store, workspaceId: number, now: Date): Promise<Trend> {
  const since = new Date(now.getTime() - trendDays * dayMs).toISOString();
  const rows = await store.db
    .selectFrom("runs")
    .select(["id", "repository_id", "ended_at", "findings_json"])
    .where("workspace_id", "=", workspaceId)
    .where("state", "=", "complete")
    .where("kind", "=", "full")
    .orderBy("id", "desc")
    .limit(trendRuns)
    .execute();
  rows.reverse();
  const latest = new Map<number, number>();
  let fixedSoFar = 0;
  const byDay = new Map<number, { open: number; fixed: number }>();
  for (const r of rows) {
    if (!r.findings_json || !r.ended_at) continue;
    const f = JSON.parse(r.findings_json) as { total: number; new: number };
    const before = latest.get(r.repository_id);
    if (before !== undefined) fixedSoFar += Math.max(0, before + f.new - f.total);
    latest.set(r.repository_id, f.total);
    if (r.ended_at < since) continue;
    const day = Math.floor(Date.parse(r.ended_at) / dayMs) * dayMs;
    let open = 0;
    for (const v of latest.values()) open += v;
    byDay.set(day, { open, fixed: fixedSoFar });
  }
  const days = [...byDay.keys()].sort((a, b) => a - b);
  return { days: days.map((d) => d / 1000), open: days.map((d) => byDay.get(d)!.open), fixed: days.map((d) => byDay.get(d)!.fixed) };
}

type RuleCount = { rule: string; count: number };
const ruleCounts = new Map<string, Promise<RuleCount[]>>();

/**
 * The rules with the most findings (dismissed ones left out). Counting them reads every finding of
 * the workspace (~100 ms at 100,000), so the answer is kept until a finding is added or triaged
 * (the workspace's inbox version, which every review and triage bumps, is in the key), and every
 * process sharing the store recomputes after the same change.
 */
export async function topRules(store: Store, workspaceId: number, limit = 8): Promise<RuleCount[]> {
  const key = `${workspaceId}:${await inboxVersionOf(store, workspaceId)}:${limit}`;
  let hit = ruleCounts.get(key);
  if (!hit) {
    hit = countRules(store, workspaceId, limit);
    if (ruleCounts.size >= 64) ruleCounts.delete(ruleCounts.keys().next().value!);
    ruleCounts.set(key, hit);
    hit.catch(() => ruleCounts.delete(key));
  }
  return hit;
}

async function countRules(store: Store, workspaceId: number, limit: number): Promise<RuleCount[]> {
  const rows = await store.db
    .selectFrom("findings")
    .select(["rule_id", sql<number>`count(*)`.as("n")])
    .where("workspace_id", "=", workspaceId)
    .where("dismissed_at", "is", null)
    .groupBy("rule_id")
    .orderBy("n", "desc")
    .orderBy("rule_id")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ rule: r.rule_id, count: Number(r.n) }));
}

/** Repositories with no complete review, oldest first. */
export async function neverReviewed(store: Store, workspaceId: number, limit = 20): Promise<{ items: { id: number; fullName: string }[]; total: number }> {
  const base = store.db
    .selectFrom("repositories as r")
    .where("r.workspace_id", "=", workspaceId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("runs as x")
            .select("x.id")
            .where("x.workspace_id", "=", workspaceId)
            .whereRef("x.repository_id", "=", "r.id")
            .where("x.state", "=", "complete"),
        ),
      ),
    );
  const [rows, count] = await Promise.all([
    base.select(["r.id", "r.full_name"]).orderBy("r.id").limit(limit).execute(),
    base.select(sql<number>`count(*)`.as("n")).executeTakeFirst(),
  ]);
  return { items: rows.map((r) => ({ id: r.id, fullName: r.full_name })), total: Number(count?.n ?? 0) };
}

async function inboxVersionOf(store: Store, workspaceId: number): Promise<number> {
  const ws = await store.db.selectFrom("workspaces").select("inbox_version").where("id", "=", workspaceId).executeTakeFirst();
  return ws?.inbox_version ?? 0;
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
  const [version, repos] = await Promise.all([
    inboxVersionOf(store, workspaceId),
    store.db
      .selectFrom("repositories")
      .select([sql<number>`count(*)`.as("n"), sql<string | null>`max(last_synced_at)`.as("s"), sql<number>`max(id)`.as("i")])
      .where("workspace_id", "=", workspaceId)
      .executeTakeFirst(),
  ]);
  const key = `${workspaceId}:${version}:${repos?.n ?? 0}:${repos?.s ?? ""}:${repos?.i ?? 0}`;
  const hit = openCounts.get(key);
  if (hit && now.getTime() - hit.at < openCountsMs) return hit.value;
  const value = compute();
  if (openCounts.size >= 64) openCounts.delete(openCounts.keys().next().value!);
  openCounts.set(key, { at: now.getTime(), value });
  value.catch(() => openCounts.delete(key));
  return value;
}
