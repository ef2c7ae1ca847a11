// Stages 2 and 3, compilation and analysis. Compilation gathers what the engine needs: the rules
// (loaded once per process), the focus revisions the run recorded (their front matter selects
// rules and sets severities). Analysis streams each target's files from git through the engine,
// reporting progress and honouring cancellation between files. The rule engine itself does not read
// prose: focus instructions, steering and context documents go to the model stage (model.ts).
import { getFocusRevision } from "../../../focuses/index.ts";
import type { TargetResult } from "../../../findings/index.ts";
import { loadRules, reviewFiles, type ReviewPool, type RuleSet } from "../../../../review/index.ts";
import type { SourceFile } from "../../../../review/types.ts";
import type { RunContext } from "../run-context.ts";
import type { TargetPlan } from "./checkout.ts";

let rules: Promise<RuleSet> | undefined;

export interface Compiled {
  rules: RuleSet;
  focusDocuments: string[];
}

export async function compile(rc: RunContext): Promise<Compiled> {
  rules ??= loadRules();
  const focuses = JSON.parse(rc.row.focuses_json) as Array<{ slug: string; revision: number }>;
  const focusDocuments: string[] = [];
  for (const f of focuses) focusDocuments.push((await getFocusRevision(rc.app.store, rc.row.workspace_id, f.slug, f.revision)).instructions);
  return { rules: await rules, focusDocuments };
}

export async function analyse(rc: RunContext, plans: TargetPlan[], compiled: Compiled, pool: ReviewPool | undefined): Promise<TargetResult[]> {
  const total = plans.reduce((n, p) => n + p.paths.length, 0);
  let done = 0;
  // Findings so far: those of the targets already analysed plus the engine's running count for this one.
  let foundBefore = 0;
  let found = 0;
  await rc.progress("analysis", 0, total, true, { findings_so_far: 0 });
  const results: TargetResult[] = [];
  for (const plan of plans) {
    const mirror = rc.app.mirrors.get(plan.repositoryId);
    async function* files(): AsyncGenerator<SourceFile> {
      for await (const f of mirror.readFiles(plan.sha, plan.paths)) {
        done++;
        if (done % 16 === 0) {
          await rc.checkpoint();
          await rc.progress("analysis", done, total, false, { findings_so_far: found });
        }
        if (f.content !== null) yield { path: f.path, content: f.content };
      }
    }
    const res = await reviewFiles({
      files: files(),
      rules: compiled.rules,
      focusDocuments: compiled.focusDocuments,
      ...(plan.changed ? { changedLines: plan.changed } : {}),
      ...(plan.repoConfig ? { repoConfig: plan.repoConfig } : {}),
      ...(pool ? { pool } : { threads: 1 }),
      onProgress: (p) => {
        found = foundBefore + p.findings;
      },
    });
    foundBefore += res.findings.length;
    found = foundBefore;
    results.push({ repositoryId: plan.repositoryId, sha: plan.sha, full: plan.full, findings: res.findings });
  }
  await rc.progress("analysis", done, total, true, { findings_so_far: found });
  return results;
}
