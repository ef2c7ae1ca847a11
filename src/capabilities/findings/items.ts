// Findings as list items (schemas.ts findingItemSchema), with their assignees' names.
import type { Store } from "../../platform/store/index.ts";
import { usernames } from "../identity/index.ts";
import { confidenceOf, type FindingRow, type Status } from "./status.ts";

export function findingKey(number: number): string {
  return `F-${number}`;
}

export interface ItemSource {
  finding: FindingRow;
  status: Status;
  severity: string;
  location: { path: string; startLine: number; endLine: number };
  repository: { id: number; fullName: string } | null;
  baseline?: "new" | "unchanged" | null | undefined;
}

/** `baseUrl` makes each item's webUrl (the finding's page, which opens by the rule for reads without at). */
export async function toItems(store: Store, sources: ItemSource[], baseUrl: string) {
  const names = await usernames(
    store,
    sources.map((s) => s.finding.assignee_id),
  );
  return sources.map((s) => {
    const f = s.finding;
    return {
      id: f.id,
      key: findingKey(f.number),
      title: f.title,
      severity: s.severity as "info" | "low" | "medium" | "high" | "critical",
      status: s.status,
      confidence: confidenceOf(f),
      ruleId: f.rule_id,
      location: s.location,
      repository: s.repository,
      assignee: f.assignee_id !== null ? { id: f.assignee_id, username: names.get(f.assignee_id) ?? "" } : null,
      dismissed: f.dismissed_at !== null,
      firstObservedAt: f.first_observed_at,
      reportCount: f.report_count,
      baseline: s.baseline ?? null,
      webUrl: `${baseUrl}/app/findings/${findingKey(f.number)}`,
    };
  });
}
