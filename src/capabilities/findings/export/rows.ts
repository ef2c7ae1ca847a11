// What an export (SARIF, CSV) holds of a finding: the list item, the stored finding (rule data,
// fingerprint, triage reasons), whether it is present where it is read and its baseline there.
import { AppError } from "../../../kernel/errors.ts";
import type { Store } from "../../../platform/store/index.ts";
import { exportCap } from "../schemas.ts";
import type { FindingRow, Status } from "../status.ts";

export interface ExportRow {
  finding: FindingRow;
  key: string;
  status: Status;
  severity: string;
  confidence: string;
  location: { path: string; startLine: number; endLine: number };
  repository: { id: number; fullName: string } | null;
  webUrl: string;
  /** Present at the commit read (false: fixed there, or removed by the change). */
  present: boolean;
  /** At a change position: new or unchanged; else null. */
  baseline: "new" | "unchanged" | null;
  /** Why it was marked false-positive (the newest such mark in its repository), when its status is. */
  falsePositiveReason: string | null;
}

/** The list item an export row is made from: the row's own fields of the finding list. */
type Item = Pick<ExportRow, "key" | "status" | "severity" | "confidence" | "location" | "repository" | "webUrl"> & { id: number };

/** 400 naming the cap before anything is built: the caller narrows the selection with filters. */
export function checkCap(count: number): void {
  if (count <= exportCap) return;
  const message =
    `The export would hold ${count} findings, over the cap of ${exportCap}: narrow it with filters ` +
    "(status, severity, confidence, assignee, focus, dismissed, or another position), or page through the JSON list.";
  throw new AppError("invalid_request", message, { details: { issues: [{ path: "format", message }], count, cap: exportCap } });
}

/** Items zipped with the entries they were made from, and the reasons of false-positive marks. */
export async function exportRows(
  store: Store,
  workspaceId: number,
  items: Item[],
  entries: Array<{ finding: FindingRow; present: boolean; baseline: "new" | "unchanged" | null }>,
): Promise<ExportRow[]> {
  const marked = items.filter((i) => i.status === "false-positive");
  const reasons = new Map<string, string>();
  for (let i = 0; i < marked.length; i += 500) {
    const part = marked.slice(i, i + 500);
    const rows = await store.db
      .selectFrom("finding_statuses")
      .select(["finding_id", "repository_id", "reason"])
      .where("workspace_id", "=", workspaceId)
      .where("status", "=", "false-positive")
      .where(
        "finding_id",
        "in",
        part.map((x) => x.id),
      )
      .orderBy("created_at", "desc")
      .execute();
    for (const r of rows) {
      const k = `${r.finding_id}:${r.repository_id}`;
      if (!reasons.has(k)) reasons.set(k, r.reason);
    }
  }
  return items.map((item, i) => {
    const e = entries[i]!;
    return {
      ...item,
      finding: e.finding,
      present: e.present,
      baseline: e.baseline,
      falsePositiveReason: item.status === "false-positive" ? (reasons.get(`${item.id}:${item.repository?.id}`) ?? null) : null,
    };
  });
}
