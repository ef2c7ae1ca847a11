// The rows an import writes for each finding it places: the run's report, the "reported" activity,
// the presence at the reviewed commit (and what a crs-ignore comment says), and the duplicate marks
// of findings folded on one line. All in the import's transaction.
import type { Kysely } from "kysely";
import type { Finding } from "../../review/types.ts";
import type { Database } from "../../platform/store/schema.ts";
import type { TargetResult } from "./import.ts";
import { followSuppression } from "./suppress.ts";

type Tx = Kysely<Database>;

function detail(f: Finding): string {
  return JSON.stringify({
    ruleId: f.ruleId,
    engine: f.engine,
    location: f.location,
    relatedLocations: f.relatedLocations,
    flow: f.flow ?? [],
    fix: f.fix ?? null,
    confidence: f.confidence,
    suppression: f.suppression ?? null,
  });
}

const rank = ["info", "low", "medium", "high", "critical"];

/**
 * Two rules reporting the same weakness (a shared CWE) at the same line are one problem: the most
 * severe of them stays visible (the earliest among equals) and the others are marked duplicates of
 * it (they read `duplicate`, and `duplicateOf` names it). Findings already marked keep their mark,
 * except that a more severe finding once folded under a less severe one on this line is shown again
 * and the other folds under it: a critical must never hide behind a high.
 */
export async function markDuplicates(tx: Tx, workspaceId: number, placed: Array<{ id: number; f: Finding }>): Promise<void> {
  const byLine = new Map<string, Array<{ id: number; f: Finding }>>();
  for (const p of placed) {
    const k = `${p.f.location.path}\n${p.f.location.startLine}`;
    byLine.set(k, [...(byLine.get(k) ?? []), p]);
  }
  for (const group of byLine.values()) {
    if (group.length < 2) continue;
    group.sort((a, b) => rank.indexOf(b.f.severity) - rank.indexOf(a.f.severity) || a.id - b.id);
    const [keep, ...rest] = group;
    const folded = rest.filter((o) => o.f.ruleId !== keep!.f.ruleId && o.f.cwe.some((c) => keep!.f.cwe.includes(c)));
    if (!folded.length) continue;
    const ids = folded.map((o) => o.id);
    await tx
      .updateTable("findings")
      .set({ duplicate_of: null })
      .where("id", "=", keep!.id)
      .where("workspace_id", "=", workspaceId)
      .where("duplicate_of", "in", ids)
      .execute();
    for (const id of ids) {
      await tx
        .updateTable("findings")
        .set({ duplicate_of: keep!.id })
        .where("id", "=", id)
        .where("workspace_id", "=", workspaceId)
        .where((eb) => eb.or([eb("duplicate_of", "is", null), eb("duplicate_of", "=", keep!.id)]))
        .execute();
    }
  }
}

/**
 * A finding's report by this run at the target's commit, its activity entry and its presence there;
 * `finding` is its row as the import found it (its dismissal as it was before this report).
 */
export async function writeReport(
  tx: Tx,
  run: { id: number; workspaceId: number },
  target: TargetResult,
  finding: Parameters<typeof followSuppression>[2],
  f: Finding,
  at: string,
): Promise<void> {
  await tx
    .insertInto("finding_reports")
    .values({
      workspace_id: run.workspaceId,
      finding_id: finding.id,
      run_id: run.id,
      repository_id: target.repositoryId,
      sha: target.sha,
      path: f.location.path,
      start_line: f.location.startLine,
      end_line: f.location.endLine,
      severity: f.severity,
      detail_json: detail(f),
      created_at: at,
    })
    .execute();
  await tx
    .insertInto("finding_activity")
    .values({
      workspace_id: run.workspaceId,
      finding_id: finding.id,
      actor_id: null,
      kind: "reported",
      before_json: null,
      after_json: JSON.stringify({ run: run.id, severity: f.severity, path: f.location.path, line: f.location.startLine }),
      repository_id: target.repositoryId,
      sha: target.sha,
      reason: null,
      created_at: at,
    })
    .execute();
  await followSuppression(tx, run.workspaceId, finding, f, at, target);
  await tx
    .insertInto("finding_presence")
    .values({
      workspace_id: run.workspaceId,
      repository_id: target.repositoryId,
      sha: target.sha,
      finding_id: finding.id,
      path: f.location.path,
      start_line: f.location.startLine,
      end_line: f.location.endLine,
    })
    .onConflict((oc) => oc.columns(["workspace_id", "repository_id", "sha", "finding_id"]).doNothing())
    .execute();
}
