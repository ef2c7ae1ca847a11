// Presence at a position covered by a change review (a pull request or branch reviewed since the
// nearest full review on the position's first-parent history): what the change review found at its
// head, plus what is present at its base that the change did not remove, mapped through the diff to
// the head. Older change reviews of the same history (earlier pushes) that found something the
// newest no longer finds make it read fixed.
import type { Mirror } from "../../platform/codehost/index.ts";
import type { Store } from "../../platform/store/index.ts";
import { reviewedCommits } from "../repositories/index.ts";
import { runFacts } from "../runs/index.ts";
import { byBasePath, mapLocation, type Place } from "./line-map.ts";

export interface ChangeReview {
  runId: number;
  sha: string;
  reviewedAt: string;
  /** Index of its head on the position's history. */
  ahead: number;
  base: string;
  kind: "pr" | "branch";
  pr: number | null;
  branch: string | null;
}

export interface Sighting extends Place {
  present: boolean;
  at: number;
  baseline: "new" | "unchanged" | null;
}

/** The nearest change review on the history before `fullIndex` (the nearest full review), if any. */
export async function nearestChangeReview(
  store: Store,
  workspaceId: number,
  repositoryId: number,
  index: Map<string, number>,
  fullIndex: number,
): Promise<{ review: ChangeReview | null; older: string[] }> {
  const rows = (await reviewedCommits(store.db, workspaceId, repositoryId, false)).filter((r) => r.run_id !== null);
  const onHistory = rows.filter((r) => (index.get(r.sha) ?? Infinity) < fullIndex).sort((a, b) => index.get(a.sha)! - index.get(b.sha)!);
  for (const [i, r] of onHistory.entries()) {
    // Almost always the nearest is it: one run read at a time, not every change review's on the history.
    const run = (await runFacts(store.db, workspaceId, [r.run_id!])).get(r.run_id!);
    if (!run?.change_json) continue;
    const c = JSON.parse(run.change_json) as { kind: "pr" | "branch"; pr: number | null; branch: string | null; base: string; head: string };
    const review = {
      runId: r.run_id!,
      sha: r.sha,
      reviewedAt: r.reviewed_at,
      ahead: index.get(r.sha)!,
      base: c.base,
      kind: c.kind,
      pr: c.pr,
      branch: c.branch,
    };
    return { review, older: onHistory.slice(i + 1).map((o) => o.sha) };
  }
  return { review: null, older: [] };
}

interface BaseEntry {
  finding: { id: number };
  location: Place;
  present: boolean;
}

/** Sightings (finding id -> where, whether present at the head, new or unchanged against the base). */
export async function changeSightings(
  store: Store,
  mirror: Mirror,
  workspaceId: number,
  repositoryId: number,
  review: ChangeReview,
  older: string[],
  index: Map<string, number>,
  base: BaseEntry[],
): Promise<Map<number, Sighting>> {
  const seen = new Map<number, Sighting>();
  const presence = (shas: string[]) =>
    store.db
      .selectFrom("finding_presence")
      .select(["finding_id", "sha", "path", "start_line", "end_line"])
      .where("workspace_id", "=", workspaceId)
      .where("repository_id", "=", repositoryId)
      .where("sha", "in", shas)
      .execute();
  const atBase = new Set(base.filter((e) => e.present).map((e) => e.finding.id));
  for (const r of await presence([review.sha])) {
    seen.set(r.finding_id, {
      path: r.path,
      startLine: r.start_line,
      endLine: r.end_line,
      present: true,
      at: review.ahead,
      baseline: atBase.has(r.finding_id) ? "unchanged" : "new",
    });
  }
  const carried = base.filter((e) => !seen.has(e.finding.id));
  const changes = carried.some((e) => e.present) ? byBasePath(await mirror.diff(review.base, review.sha)) : new Map();
  for (const e of carried) {
    // Removed by the change (every line of its primary location deleted or modified, and the change
    // review, which read those lines, did not find it again): fixed at the head.
    const mapped = e.present ? mapLocation(changes, e.location) : null;
    seen.set(e.finding.id, { ...(mapped ?? e.location), present: mapped !== null, at: review.ahead, baseline: e.present ? "unchanged" : "new" });
  }
  const known = new Set(seen.keys());
  for (let i = 0; i < older.length; i += 500) {
    for (const r of await presence(older.slice(i, i + 500))) {
      const at = index.get(r.sha)!;
      const prev = seen.get(r.finding_id);
      if (!known.has(r.finding_id) && (!prev || at < prev.at)) {
        seen.set(r.finding_id, { path: r.path, startLine: r.start_line, endLine: r.end_line, present: false, at, baseline: "new" });
      }
    }
  }
  return seen;
}
