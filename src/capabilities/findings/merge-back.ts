// A change merged back (merge commit, squash or rebase) and then fully reviewed on its target keeps
// its findings: same key, history and comments. Most keep their fingerprint anyway (the code is the
// same); a cross-file finding's fingerprint includes context a change review, which reads only the
// changed files, sees differently from a full review, so a full review's finding that matches no
// fingerprint takes over a finding only change reviews reported with the same rule, file and sink
// code, and the finding's fingerprint becomes the full review's. A per-commit status recorded at a
// change's head (say false-positive) is recorded at the full review's commit too, once, when the
// finding has no record outside change heads yet.
import { sql, type Kysely } from "kysely";
import type { Database } from "../../platform/store/schema.ts";
import { reviewedCommits } from "../repositories/index.ts";
import { runIdsOfKind } from "../runs/index.ts";
import type { Finding } from "../../review/types.ts";

type Tx = Kysely<Database>;
const code = (s: string | undefined) => (s ?? "").replace(/\s+/g, "");

/** Unmatched fingerprints of a full review -> the change-only finding they continue (its id). */
export async function adoptChangeFindings(tx: Tx, workspaceId: number, repositoryId: number, unmatched: Finding[], ids: Map<string, number>): Promise<void> {
  if (!unmatched.length) return;
  // Findings only change reviews reported (few): their reports in this repository, newest first.
  const candidates = await tx
    .selectFrom("findings as f")
    .innerJoin("finding_reports as r", "r.finding_id", "f.id")
    .select(["f.id", "f.rule_id", "r.path", "r.detail_json"])
    .where("f.workspace_id", "=", workspaceId)
    .where("f.first_run_id", "in", runIdsOfKind(tx, workspaceId, "change"))
    .where("r.repository_id", "=", repositoryId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("finding_reports as o")
            .select(sql`1`.as("one"))
            .whereRef("o.finding_id", "=", "f.id")
            .where("o.run_id", "in", runIdsOfKind(tx, workspaceId, "full")),
        ),
      ),
    )
    .orderBy("r.id", "desc")
    .execute();
  if (!candidates.length) return;
  const taken = new Set(ids.values());
  for (const f of unmatched) {
    if (!f.location.snippet) continue;
    const match = candidates.find(
      (c) =>
        !taken.has(c.id) &&
        c.rule_id === f.ruleId &&
        c.path === f.location.path &&
        code((JSON.parse(c.detail_json) as { location: { snippet?: string } }).location.snippet) === code(f.location.snippet),
    );
    if (!match) continue;
    taken.add(match.id);
    ids.set(f.fingerprint, match.id);
    await tx.updateTable("findings").set({ fingerprint: f.fingerprint }).where("workspace_id", "=", workspaceId).where("id", "=", match.id).execute();
  }
}

/** Records at `sha` the newest status each finding got at a change's head, for findings with no other record. */
export async function carryChangeStatuses(tx: Tx, workspaceId: number, repositoryId: number, sha: string, findingIds: number[], at: string): Promise<void> {
  if (!findingIds.length) return;
  const changeHeads = new Set((await reviewedCommits(tx, workspaceId, repositoryId, false)).map((r) => r.sha));
  if (!changeHeads.size) return;
  const rows = [];
  for (let i = 0; i < findingIds.length; i += 500) {
    rows.push(
      ...(await tx
        .selectFrom("finding_statuses")
        .selectAll()
        .where("workspace_id", "=", workspaceId)
        .where("repository_id", "=", repositoryId)
        .where("finding_id", "in", findingIds.slice(i, i + 500))
        .execute()),
    );
  }
  rows.sort((a, b) => a.created_at.localeCompare(b.created_at));
  const byFinding = new Map<number, typeof rows>();
  for (const r of rows) byFinding.set(r.finding_id, [...(byFinding.get(r.finding_id) ?? []), r]);
  for (const [id, records] of byFinding) {
    if (records.some((r) => !changeHeads.has(r.sha))) continue;
    const newest = records.at(-1)!;
    await tx
      .insertInto("finding_statuses")
      .values({ ...newest, sha, created_at: at })
      .onConflict((oc) => oc.columns(["workspace_id", "repository_id", "sha", "finding_id"]).doNothing())
      .execute();
    await tx
      .insertInto("finding_activity")
      .values({
        workspace_id: workspaceId,
        finding_id: id,
        actor_id: null,
        kind: "status",
        before_json: null,
        after_json: JSON.stringify({ status: newest.status, carriedFrom: newest.sha }),
        repository_id: repositoryId,
        sha,
        reason: newest.reason,
        created_at: at,
      })
      .execute();
  }
}
