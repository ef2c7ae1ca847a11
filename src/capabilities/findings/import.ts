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
import { markDuplicates, writeReport } from "./import-rows.ts";

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
        await writeReport(tx, run, target, rowsByPrint.get(print) ?? { id, dismissed_at: null, dismissed_reason: null }, f, at);
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
