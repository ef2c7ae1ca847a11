// What the dashboard (runs/web) reads of the findings, so that it names none of their tables: the
// rules with the most open findings, counted as the inbox counts them, and per full review the
// findings present at its commit and those the previous review of the repository had that it lacks.
import { sql } from "kysely";
import type { Store } from "../../platform/store/index.ts";
import { allRepositories } from "../repositories/index.ts";
import { facetCounts } from "./facets.ts";
import type { ListDeps } from "./views.ts";

export { inboxVersion } from "./position.ts";

/**
 * The rules with the most open findings: the inbox's rule counts with status open (dismissed ones
 * left out), so each equals the inbox's total for `status=open&rule=…`. Kept per inbox version.
 */
export async function openRuleCounts(deps: ListDeps, workspaceId: number, me: number, now: Date, limit = 8): Promise<{ rule: string; count: number }[]> {
  const counts = await facetCounts(deps, workspaceId, me, { status: ["open"], dismissed: false }, {}, now);
  return Object.entries(counts.rule)
    .map(([rule, count]) => ({ rule, count }))
    .sort((a, b) => b.count - a.count || (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0))
    .slice(0, limit);
}

/** A full review of one repository at `sha`, after its previous full review at `previous` (null for the first). */
export interface ReviewStep {
  repositoryId: number;
  sha: string;
  previous: string | null;
}

// Presence at a commit changes only with an import into its repository, which bumps the
// repository's import version: an answer is kept under that version.
const kept = new Map<string, Promise<{ present: number; stopped: number }>>();
const keptLimit = 20_000;

/** For each step: the findings present at its commit, and those present at the previous one but not at it (fixed there). */
export async function reviewCounts(store: Store, workspaceId: number, steps: ReviewStep[]): Promise<{ present: number; stopped: number }[]> {
  if (!steps.length) return [];
  const versions = new Map((await allRepositories(store, workspaceId)).map((r) => [r.id, r.import_version]));
  const out: { present: number; stopped: number }[] = [];
  for (const step of steps) {
    const version = versions.get(step.repositoryId);
    // A removed repository's presence went with it.
    if (version === undefined) {
      out.push({ present: 0, stopped: 0 });
      continue;
    }
    const key = JSON.stringify([store.engine, workspaceId, step.repositoryId, version, step.sha, step.previous]);
    let hit = kept.get(key);
    if (!hit) {
      hit = countStep(store, workspaceId, step);
      if (kept.size >= keptLimit) kept.delete(kept.keys().next().value!);
      kept.set(key, hit);
      hit.catch(() => kept.delete(key));
    }
    out.push(await hit);
  }
  return out;
}

async function countStep(store: Store, workspaceId: number, step: ReviewStep): Promise<{ present: number; stopped: number }> {
  const at = (sha: string) =>
    store.db.selectFrom("finding_presence").where("workspace_id", "=", workspaceId).where("repository_id", "=", step.repositoryId).where("sha", "=", sha);
  const present = await at(step.sha).select(sql<number>`count(*)`.as("n")).executeTakeFirst();
  if (step.previous === null || step.previous === step.sha) return { present: Number(present?.n ?? 0), stopped: 0 };
  const stopped = await store.db
    .selectFrom("finding_presence as p")
    .select(sql<number>`count(*)`.as("n"))
    .where("p.workspace_id", "=", workspaceId)
    .where("p.repository_id", "=", step.repositoryId)
    .where("p.sha", "=", step.previous)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("finding_presence as q")
            .select("q.finding_id")
            .where("q.workspace_id", "=", workspaceId)
            .where("q.repository_id", "=", step.repositoryId)
            .where("q.sha", "=", step.sha)
            .whereRef("q.finding_id", "=", "p.finding_id"),
        ),
      ),
    )
    .executeTakeFirst();
  return { present: Number(present?.n ?? 0), stopped: Number(stopped?.n ?? 0) };
}
