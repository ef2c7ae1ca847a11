// One run from claim to a terminal state, stage by stage. A run taken over after its worker died
// resumes from its last finished stage: with its analysis results saved it goes straight to the
// import; otherwise checkout and analysis are done again (they read the same commits).
import { AppError } from "../../../kernel/errors.ts";
import { importFindings, type TargetResult } from "../../findings/index.ts";
import { endRun } from "../finish.ts";
import { ReviewError, type ReviewPool } from "../../../review/index.ts";
import { LeaseLost, savedResults, saveResults } from "../queue.ts";
import { Cancelled, type RunContext } from "./run-context.ts";
import { checkout } from "./stages/checkout.ts";
import { analyse, compile } from "./stages/analysis.ts";
import { modelReview } from "./stages/model.ts";
import { carriedModelFindings } from "./stages/model-carry.ts";
import { modelRefund } from "../finish.ts";

function isUserError(err: unknown): boolean {
  return (err instanceof AppError && err.status < 500) || (err instanceof ReviewError && err.kind === "invalid_input");
}

/** Errors a user can act on keep their code; anything else is reported as the stage's failure. */
function userError(err: unknown, stage: "compilation" | "analysis"): { code: string; message: string } {
  if (err instanceof AppError && err.status < 500) return { code: err.code, message: err.message };
  if (err instanceof ReviewError && err.kind === "invalid_input") return { code: "invalid_request", message: err.message };
  return { code: `${stage}_failed`, message: `The ${stage} stage failed unexpectedly; the run was refunded. Start it again, and report it if it persists.` };
}

async function analysePhase(rc: RunContext, pool: ReviewPool | undefined): Promise<TargetResult[]> {
  const started = rc.app.now().toISOString();
  if (rc.row.started_at === null) await rc.write({ started_at: started });
  await rc.setStage("checkout", "in_progress", "in_progress");
  const plans = await checkout(rc);
  // An unusable .crs.yml leaves the run complete, reviewed without it; the checkout stage says why.
  const warnings = plans.map((p) => p.configWarning).filter((w): w is string => w !== null);
  const warning = warnings.length ? { reason: warnings.join("; ").slice(0, 1000) } : {};
  await rc.setStage("checkout", "completed", undefined, { progress: { done: plans.length, total: plans.length }, ...warning });
  await rc.checkpoint(true);
  await rc.setStage("compilation", "in_progress", "compilation_in_progress");
  const compiled = await compile(rc);
  const files = plans.reduce((n, p) => n + p.paths.length, 0);
  await rc.setStage("compilation", "completed", "compilation_completed", { progress: { done: files, total: files } });
  await rc.checkpoint(true);
  await rc.setStage("analysis", "in_progress", "analysis_in_progress");
  const results = await analyse(rc, plans, compiled, pool);
  // The model only adds findings: the rule findings it was shown are kept as they are.
  const modelStarted = performance.now();
  const model = results.length ? await modelReview(rc, plans, compiled, results[0]!.findings) : null;
  if (model) results[0]!.findings.push(...model.findings);
  for (const [i, plan] of plans.entries()) results[i]!.findings.push(...(await carriedModelFindings(rc, plan, results[i]!.findings)));
  if (model) model.stage.durationMs = Math.round((performance.now() - modelStarted) * 10) / 10;
  // The results are kept before the state says so: a worker that dies after this resumes at the import.
  await saveResults(rc.app.store, rc.row, results, rc.app.now());
  // The model stage's summary is written with the state, so a resumed run never runs it twice.
  await rc.setStage("analysis", "completed", "analysis_completed", {}, model ? { model_json: JSON.stringify(model.stage) } : {});
  return results;
}

export async function executeRun(rc: RunContext, pool: ReviewPool | undefined): Promise<void> {
  const log = rc.app.log.child({ run: rc.row.id });
  rc.start();
  try {
    const resumed = rc.row.state === "analysis_completed" ? await savedResults<TargetResult[]>(rc.app.store, rc.row.id) : undefined;
    let results: TargetResult[];
    try {
      await rc.checkpoint(true);
      await rc.beginAttempt(resumed ? "import" : "checkout");
      results = resumed ?? (await analysePhase(rc, pool));
    } catch (err) {
      if (err instanceof LeaseLost) throw err;
      const analysisDone = rc.row.state === "analysis_completed";
      if (err instanceof Cancelled) {
        for (const s of rc.stages) if (s.state === "pending" || s.state === "in_progress") s.state = "cancelled";
        await endRun(rc.app.store, rc.row, rc.owner, { state: "cancelled", error: null, stages: rc.stages, refund: !analysisDone }, rc.app.now());
        log.info("run cancelled");
        return;
      }
      const stage = rc.row.state === "analysis_in_progress" ? "analysis" : "compilation";
      const error = userError(err, stage);
      if (!isUserError(err)) log.error({ err }, "run failed");
      const failing = rc.stages.find((s) => s.state === "in_progress") ?? rc.stage("checkout");
      failing.state = "failed";
      failing.reason = error.message;
      failing.endedAt = rc.app.now().toISOString();
      for (const s of rc.stages) if (s.state === "pending") s.state = "skipped";
      await rc.write({ state: `${stage}_failed`, stages_json: JSON.stringify(rc.stages) }).catch(() => {});
      await endRun(rc.app.store, rc.row, rc.owner, { state: "failed", error, stages: rc.stages, refund: true }, rc.app.now());
      return;
    }
    // A cancel asked after the analysis finished still stops the run, but the analysis is kept (no refund).
    try {
      await rc.checkpoint(true);
    } catch (err) {
      if (!(err instanceof Cancelled)) throw err;
      rc.stage("import").state = "cancelled";
      await endRun(rc.app.store, rc.row, rc.owner, { state: "cancelled", error: null, stages: rc.stages, refund: false }, rc.app.now());
      return;
    }
    await rc.setStage("import", "in_progress");
    await importFindings(
      rc.app.store,
      { id: rc.row.id, workspaceId: rc.row.workspace_id },
      results,
      { maxNew: rc.app.config.worker.maxNewFindings, now: rc.app.now() },
      async (tx, outcome) => {
        const at = rc.app.now().toISOString();
        const imp = rc.stage("import");
        Object.assign(imp, { state: "completed", endedAt: at, progress: { done: outcome.total, total: outcome.total }, reason: outcome.reason });
        const res = await tx
          .updateTable("runs")
          .set({
            state: "complete",
            ended_at: at,
            lease_until: null,
            stages_json: JSON.stringify(rc.stages),
            import_json: JSON.stringify({ state: outcome.state, reason: outcome.reason }),
            findings_json: JSON.stringify({ total: outcome.total, new: outcome.new, bySeverity: outcome.bySeverity }),
          })
          .where("id", "=", rc.row.id)
          .where("lease_owner", "=", rc.owner)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) throw new LeaseLost(rc.row.id);
        await modelRefund(tx, rc.row, at);
        await tx.deleteFrom("run_results").where("run_id", "=", rc.row.id).execute();
        await tx.deleteFrom("run_model_chunks").where("workspace_id", "=", rc.row.workspace_id).where("run_id", "=", rc.row.id).execute();
      },
    );
    log.info("run complete");
  } catch (err) {
    if (err instanceof LeaseLost) log.warn("run lease lost; another worker continues it");
    else throw err;
  } finally {
    rc.stop();
  }
}
