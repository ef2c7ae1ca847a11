// Inline suppressions (`crs-ignore <rule>: <reason>` in the code) as inbox dismissals: a finding a
// comment suppresses is imported dismissed, with the reason `crs-ignore: <reason>` and an activity
// entry by the service, so it stays counted and visible (dismissed=true) instead of vanishing. When
// the comment goes, the next report shows the finding again; a dismissal a person made stays.
import type { Kysely } from "kysely";
import type { Finding } from "../../review/types.ts";
import type { Database } from "../../platform/store/schema.ts";

const suppressionPrefix = "crs-ignore: ";

const suppressionReason = (f: Finding): string | null => (f.suppression ? `${suppressionPrefix}${f.suppression.text}`.trimEnd() : null);

interface Current {
  id: number;
  dismissed_at: string | null;
  dismissed_reason: string | null;
}

/** Dismisses or shows again `row` as this report's suppression says; true when it changed. */
export async function followSuppression(
  tx: Kysely<Database>,
  workspaceId: number,
  row: Current,
  f: Finding,
  at: string,
  target: { repositoryId: number; sha: string },
): Promise<boolean> {
  const reason = suppressionReason(f);
  const bySuppression = row.dismissed_reason?.startsWith(suppressionPrefix.trimEnd()) === true;
  let set: { dismissed_at: string | null; dismissed_reason: string | null };
  if (reason !== null && row.dismissed_at === null) set = { dismissed_at: at, dismissed_reason: reason };
  else if (reason === null && row.dismissed_at !== null && bySuppression) set = { dismissed_at: null, dismissed_reason: null };
  else return false;
  await tx.updateTable("findings").set(set).where("id", "=", row.id).where("workspace_id", "=", workspaceId).execute();
  await tx
    .insertInto("finding_activity")
    .values({
      workspace_id: workspaceId,
      finding_id: row.id,
      actor_id: null,
      kind: "dismissal",
      before_json: JSON.stringify(row.dismissed_at !== null),
      after_json: JSON.stringify(set.dismissed_at !== null),
      repository_id: target.repositoryId,
      sha: target.sha,
      reason: set.dismissed_reason ?? "crs-ignore comment removed",
      created_at: at,
    })
    .execute();
  return true;
}
