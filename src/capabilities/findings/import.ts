// A run's findings into the workspace inbox. Each finding is matched by fingerprint: a known one
// gets a report from this run, a new one a finding with the next key F-<n> (up to a per-run cap of
// new findings; past it the import is partial). The reviewed commit's code state (which findings
// are present there, where) and the commit's reviewed mark are written too. All of it, and the
// run becoming complete, is one transaction: an import that dies leaves nothing behind and is
// simply done again, so it can never add a finding or a report twice.
import { sql, type Kysely } from "kysely";
import type { Finding } from "../../review/types.ts";
import type { Store } from "../../platform/store/index.ts";
import type { Database } from "../../platform/store/schema.ts";
import { workspaceTransaction } from "../../platform/store/write.ts";
import { recordReviewedCommit } from "../repositories/index.ts";
import { adoptChangeFindings, carryChangeStatuses } from "./merge-back.ts";
import { bumpInbox } from "./position.ts";
import { followSuppression } from "./suppress.ts";

export interface TargetResult {
  repositoryId: number;
  sha: string;
  /** True when the whole tree was reviewed; false for a change review (changed lines only). */
  full: boolean;
  findings: Finding[];
}

export interface ImportOutcome {
  state: "imported" | "partial";
  reason: string | null;
  total: number;
  new: number;
  bySeverity: Record<string, number>;
}

type Tx = Kysely<Database>;

function chunks<T>(xs: T[], n: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += n) out.push(xs.slice(i, i + n));
  return out;
}

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
async function markDuplicates(tx: Tx, workspaceId: number, placed: Array<{ id: number; f: Finding }>): Promise<void> {
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
 * Imports inside the caller's transaction; `finish` writes the run's completion in the same one
 * (and throws to roll everything back when the worker lost its lease).
 */
export async function importFindings(
  store: Store,
  run: { id: number; workspaceId: number },
  results: TargetResult[],
  opts: { maxNew: number; now: Date },
  finish: (tx: Tx, outcome: ImportOutcome) => Promise<void>,
): Promise<ImportOutcome> {
  const imported = await workspaceTransaction(store, run.workspaceId, async (tx) => {
    const at = opts.now.toISOString();
    const max = await tx
      .selectFrom("findings")
      .select(sql<number>`coalesce(max(number), 0)`.as("n"))
      .where("workspace_id", "=", run.workspaceId)
      .executeTakeFirst();
    let next = Number(max?.n ?? 0) + 1;
    const outcome: ImportOutcome = { state: "imported", reason: null, total: 0, new: 0, bySeverity: {} };
    let dropped = 0;
    // Findings that existed before this import: their rows change, and other repositories may show them.
    const known: number[] = [];
    for (const target of results) {
      const byPrint = new Map<string, Finding>();
      for (const f of target.findings) if (!byPrint.has(f.fingerprint)) byPrint.set(f.fingerprint, f);
      const ids = new Map<string, number>();
      const rowsByPrint = new Map<string, { id: number; dismissed_at: string | null; dismissed_reason: string | null }>();
      for (const part of chunks([...byPrint.keys()], 500)) {
        const rows = await tx
          .selectFrom("findings")
          .select(["id", "fingerprint", "dismissed_at", "dismissed_reason"])
          .where("workspace_id", "=", run.workspaceId)
          .where("fingerprint", "in", part)
          .execute();
        for (const r of rows) {
          ids.set(r.fingerprint, r.id);
          rowsByPrint.set(r.fingerprint, r);
        }
      }
      if (target.full)
        await adoptChangeFindings(
          tx,
          run.workspaceId,
          target.repositoryId,
          [...byPrint.values()].filter((f) => !ids.has(f.fingerprint)),
          ids,
        );
      known.push(...ids.values());
      const placed: Array<{ id: number; f: Finding }> = [];
      for (const [print, f] of byPrint) {
        let id = ids.get(print);
        if (id === undefined) {
          if (outcome.new >= opts.maxNew) {
            dropped++;
            continue;
          }
          const row = await tx
            .insertInto("findings")
            .values({
              workspace_id: run.workspaceId,
              number: next++,
              fingerprint: print,
              rule_id: f.ruleId,
              title: f.title,
              description: f.description,
              severity: f.severity,
              confidence: f.confidence,
              engine: f.engine,
              cwe_json: JSON.stringify(f.cwe),
              tags_json: JSON.stringify(f.tags),
              first_run_id: run.id,
              first_observed_at: at,
              last_run_id: run.id,
              report_count: 1,
            })
            .returning("id")
            .executeTakeFirstOrThrow();
          id = row.id;
          outcome.new++;
        } else {
          // The newest report's severity and confidence are the finding's: the engine may have learnt
          // better, or the repository's .crs.yml set a severity (a severity set in triage still wins).
          await tx
            .updateTable("findings")
            .set((eb) => ({ report_count: eb("report_count", "+", 1), last_run_id: run.id, confidence: f.confidence, severity: f.severity }))
            .where("id", "=", id)
            .execute();
        }
        await tx
          .insertInto("finding_reports")
          .values({
            workspace_id: run.workspaceId,
            finding_id: id,
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
            finding_id: id,
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
        await followSuppression(tx, run.workspaceId, rowsByPrint.get(print) ?? { id, dismissed_at: null, dismissed_reason: null }, f, at, target);
        await tx
          .insertInto("finding_presence")
          .values({
            workspace_id: run.workspaceId,
            repository_id: target.repositoryId,
            sha: target.sha,
            finding_id: id,
            path: f.location.path,
            start_line: f.location.startLine,
            end_line: f.location.endLine,
          })
          .onConflict((oc) => oc.columns(["workspace_id", "repository_id", "sha", "finding_id"]).doNothing())
          .execute();
        outcome.total++;
        outcome.bySeverity[f.severity] = (outcome.bySeverity[f.severity] ?? 0) + 1;
        placed.push({ id, f });
      }
      await markDuplicates(tx, run.workspaceId, placed);
      if (target.full)
        await carryChangeStatuses(
          tx,
          run.workspaceId,
          target.repositoryId,
          target.sha,
          placed.map((p) => p.id),
          at,
        );
      await recordReviewedCommit(tx, {
        workspaceId: run.workspaceId,
        repositoryId: target.repositoryId,
        sha: target.sha,
        runId: run.id,
        full: target.full,
        at,
      });
    }
    if (dropped) {
      outcome.state = "partial";
      outcome.reason =
        `new_findings_cap: the run found ${outcome.new + dropped} new findings; the first ${opts.maxNew} were imported ` +
        `(CRS_RUN_MAX_NEW_FINDINGS), ${dropped} were left out`;
    }
    await bumpInbox(tx, run.workspaceId, { findings: [...new Set(known)], repositories: [...new Set(results.map((r) => r.repositoryId))] });
    await finish(tx, outcome);
    return outcome;
  });
  // An import can grow the findings tables by thousands of rows: the planner's statistics follow.
  await store.optimize();
  return imported;
}
