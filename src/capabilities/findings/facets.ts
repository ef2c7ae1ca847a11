// The app inbox's facet counts: for each facet (repository, status, severity, rule, language,
// assignee), how many findings each value would show with every other filter applied. One pass
// over the same position views the list reads: an entry failing no check counts in every facet,
// one failing only facet X's check counts in X alone. Kept per inbox version, like the list.
import { resolveAt, usableMirror } from "../repositories/index.ts";
import { checks, type Facet, type Filters } from "./filters.ts";
import { languageByExtension } from "../../review/language-ids.ts";
import { defaultViews, type ListDeps, type RepositoryView } from "./views.ts";
import { inboxVersion, positionView } from "./position.ts";
import type { PositionEntry } from "./position-compute.ts";

type Counted = Exclude<Facet, "other">;
export type FacetCounts = Record<Counted | "repository", Record<string, number>>;

const facetValue: Record<Counted, (e: PositionEntry) => string> = {
  status: (e) => e.status,
  severity: (e) => e.severity,
  rule: (e) => e.finding.rule_id,
  language: (e) => languageByExtension(e.location.path) ?? "other",
  assignee: (e) => (e.finding.assignee_id === null ? "none" : String(e.finding.assignee_id)),
};
const counted = Object.keys(facetValue) as Counted[];

const kept = new Map<string, Promise<FacetCounts>>();

/** Facet counts for `f`; with `repositoryId`, every facet but repository counts that repository (at `at`) only. */
export async function facetCounts(
  deps: ListDeps,
  workspaceId: number,
  me: number,
  f: Filters,
  scope: { repositoryId?: number | undefined; at?: string | undefined },
  now: Date,
): Promise<FacetCounts> {
  const version = await inboxVersion(deps.store, workspaceId);
  const { views } = await defaultViews(deps, workspaceId, version, now);
  const at = scope.repositoryId === undefined ? -1 : views.findIndex((v) => v.repo.id === scope.repositoryId);
  if (at >= 0 && scope.at !== undefined) {
    const repo = views[at]!.repo;
    const pos = await resolveAt({ app: { mirrors: deps.mirrors } }, repo, scope.at);
    views[at] = { repo, view: await positionView(deps.store, usableMirror(deps.mirrors, repo), workspaceId, repo.id, pos.sha, now, version) };
  }
  const { sort: _sort, ...filters } = f;
  const key = JSON.stringify([
    deps.store.engine,
    workspaceId,
    version,
    filters,
    f.assignee === undefined ? 0 : me,
    scope.repositoryId ?? 0,
    views.map((v) => [v.repo.id, v.view.sha, v.view.validUntil]),
  ]);
  let hit = kept.get(key);
  if (!hit) {
    hit = count(deps, workspaceId, me, filters, views, scope.repositoryId);
    if (kept.size >= 64) kept.delete(kept.keys().next().value!);
    kept.set(key, hit);
    hit.catch(() => kept.delete(key));
  }
  return hit;
}

async function count(deps: ListDeps, workspaceId: number, me: number, f: Filters, views: RepositoryView[], only: number | undefined) {
  const list = await checks(deps.store, workspaceId, me, f);
  // Counted values are data (a custom rule may be named `constructor`): tallies with no prototype to read them from.
  const tally = (): Record<string, number> => Object.create(null);
  const out: FacetCounts = { repository: tally(), status: tally(), severity: tally(), rule: tally(), language: tally(), assignee: tally() };
  const bump = (facet: keyof FacetCounts, value: string) => {
    out[facet][value] = (out[facet][value] ?? 0) + 1;
  };
  for (const { repo, view } of views) {
    const inScope = only === undefined || repo.id === only;
    for (const e of view.entries) {
      let failed: Facet | null = null;
      let fails = 0;
      for (const c of list) {
        if (c.test(e)) continue;
        failed = c.facet;
        if (++fails > 1 || failed === "other") break;
      }
      if (fails === 0) {
        bump("repository", String(repo.id));
        if (inScope) for (const facet of counted) bump(facet, facetValue[facet](e));
      } else if (fails === 1 && failed !== "other" && inScope) bump(failed!, facetValue[failed!](e));
    }
  }
  return out;
}
