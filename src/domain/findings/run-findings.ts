// The findings one run reported (its reports), in report order, as list items.
import type { Store } from "../../store/index.ts";
import { keysetPage } from "../../store/page.ts";

export interface FindingItem {
  id: number;
  key: string;
  title: string;
  severity: "info" | "low" | "medium" | "high" | "critical";
  /** Where the run reported it the finding is present, so it reads open there. */
  status: "open";
  ruleId: string;
  location: { path: string; startLine: number; endLine: number };
}

export function findingKey(number: number): string {
  return `F-${number}`;
}

export async function runFindings(store: Store, workspaceId: number, runId: number, page: { limit: number; afterReport?: number }): Promise<{ items: FindingItem[]; nextAfter: number | null }> {
  let q = store.db.selectFrom("finding_reports as r")
    .innerJoin("findings as f", "f.id", "r.finding_id")
    .select(["r.id as report_id", "f.id", "f.number", "f.title", "f.rule_id", "r.severity", "r.path", "r.start_line", "r.end_line"])
    .where("r.workspace_id", "=", workspaceId).where("r.run_id", "=", runId);
  if (page.afterReport !== undefined) q = q.where("r.id", ">", page.afterReport);
  const rows = await q.orderBy("r.id").limit(page.limit + 1).execute();
  const { items, last } = keysetPage(rows, page.limit);
  return {
    items: items.map((r) => ({
      id: r.id, key: findingKey(r.number), title: r.title, severity: r.severity as FindingItem["severity"], status: "open",
      ruleId: r.rule_id, location: { path: r.path, startLine: r.start_line, endLine: r.end_line },
    })),
    nextAfter: last?.report_id ?? null,
  };
}
