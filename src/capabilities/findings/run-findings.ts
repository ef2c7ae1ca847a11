// The findings one run reported (its reports), in report order, with the status each has at the
// commit the run reviewed.
import type { MirrorPool } from "../../platform/codehost/index.ts";
import type { Store } from "../../platform/store/index.ts";
import type { Suppression } from "../../review/types.ts";
import { keysetPage } from "../../platform/store/page.ts";
import { repositoriesByIds } from "../repositories/index.ts";
import { toItems } from "./items.ts";
import { positionView } from "./position.ts";
import type { PositionEntry } from "./position-compute.ts";
import { effectiveSeverity, type FindingRow } from "./status.ts";

export async function runFindings(
  deps: { store: Store; mirrors: MirrorPool; config: { baseUrl: string } },
  workspaceId: number,
  runId: number,
  page: { limit: number; afterReport?: number },
  now: Date,
) {
  let q = deps.store.db
    .selectFrom("finding_reports as r")
    .innerJoin("findings as f", "f.id", "r.finding_id")
    .selectAll("f")
    .select(["r.id as report_id", "r.repository_id", "r.sha", "r.path", "r.start_line", "r.end_line", "r.detail_json"])
    .where("r.workspace_id", "=", workspaceId)
    .where("r.run_id", "=", runId);
  if (page.afterReport !== undefined) q = q.where("r.id", ">", page.afterReport);
  const rows = await q
    .orderBy("r.id")
    .limit(page.limit + 1)
    .execute();
  const { items, last } = keysetPage(rows, page.limit);
  // The page's repositories in one read (a report's repository is there: reports go with it).
  const names = new Map(
    (
      await repositoriesByIds(
        deps.store,
        workspaceId,
        items.map((r) => r.repository_id),
      )
    ).map((r) => [r.id, r.full_name]),
  );
  const views = new Map<string, Map<number, PositionEntry>>();
  for (const r of items) {
    const key = `${r.repository_id}:${r.sha}`;
    if (views.has(key)) continue;
    const mirror = deps.mirrors.get(r.repository_id);
    const view = mirror.exists() ? await positionView(deps.store, mirror, workspaceId, r.repository_id, r.sha, now).catch(() => null) : null;
    views.set(key, new Map((view?.entries ?? []).map((e) => [e.finding.id, e])));
  }
  const entryOf = (r: (typeof items)[number]) => views.get(`${r.repository_id}:${r.sha}`)?.get(r.id);
  const list = await toItems(
    deps.store,
    items.map((r) => ({
      finding: r,
      status: entryOf(r)?.status ?? "open",
      severity: effectiveSeverity(r),
      location: { path: r.path, startLine: r.start_line, endLine: r.end_line },
      repository: { id: r.repository_id, fullName: names.get(r.repository_id) ?? "" },
    })),
    deps.config.baseUrl,
  );
  // What this run's report said about a crs-ignore comment (the inbox shows the dismissal it made).
  const withSuppression = list.map((item, i) => {
    const s = (JSON.parse(items[i]!.detail_json) as { suppression?: Suppression | null }).suppression;
    return { ...item, suppression: s ? { reason: s.text, line: s.line, addedByChange: s.addedByChange } : null };
  });
  // What an export adds: the stored finding, and whether it is present (and new) at the reviewed commit.
  const entries = items.map((r) => {
    const e = entryOf(r);
    return { finding: r as FindingRow, present: e?.present ?? true, baseline: e?.baseline ?? null };
  });
  return { items: withSuppression, entries, nextAfter: last?.report_id ?? null };
}
