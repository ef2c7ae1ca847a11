// The model review stage, after the rule analysis: the main repository's code (a change review: the
// changed files, shown around the change, with the lines it removed), the run's focus instructions
// (the recorded revisions), its steering and its context documents go to the configured model with
// the rule findings. Each answered chunk is checkpointed, so a worker that takes the run over sends
// only unanswered chunks.
// The stage never fails the run: a provider that fails or a budget that runs out leaves the rule
// findings as they are, and the model part of the price is refunded at the import. The stage has a
// wall-clock cap (CRS_MODEL_STAGE_TIMEOUT_MS): past it, unsent chunks are not sent (partial).
import { documentsForRun, readDocumentContent } from "../../../documents/index.ts";
import type { Finding } from "../../../../review/types.ts";
import { extractDocuments, reviewWithModel, type ChunkAnswer, type NamedText } from "../../../../review/model/index.ts";
import type { StoredModelStage } from "../../view.ts";
import { modelConfigHash } from "../../model-plan.ts";
import { LeaseLost } from "../../queue.ts";
import { Cancelled, type RunContext } from "../run-context.ts";
import type { Compiled } from "./analysis.ts";
import type { TargetPlan } from "./checkout.ts";
import { removedLines } from "./model-removed.ts";

export interface ModelOutcome {
  stage: StoredModelStage;
  findings: Finding[];
}

async function contextDocuments(rc: RunContext): Promise<{ docs: NamedText[]; skipped: number }> {
  const ids = JSON.parse(rc.row.documents_json) as number[];
  const sources = [];
  let skipped = 0;
  for (const id of ids) {
    // Only this run's workspace's documents; one archived since the start is left out, not fatal.
    const [doc] = await documentsForRun(rc.app.store, rc.row.workspace_id, [id]).catch(() => []);
    if (!doc) {
      skipped++;
      continue;
    }
    sources.push({ name: doc.title, content: await readDocumentContent(rc.app.config.dataDir, rc.row.workspace_id, doc) });
  }
  const extracted = await extractDocuments(sources);
  return { docs: extracted.texts, skipped: skipped + extracted.skipped.length };
}

async function answeredChunks(rc: RunContext): Promise<Map<string, ChunkAnswer>> {
  const rows = await rc.app.store.db
    .selectFrom("run_model_chunks")
    .select(["chunk_id", "answer_json"])
    .where("workspace_id", "=", rc.row.workspace_id)
    .where("run_id", "=", rc.row.id)
    .execute();
  return new Map(rows.map((r) => [r.chunk_id, JSON.parse(r.answer_json) as ChunkAnswer]));
}

function summary(
  s: { state: StoredModelStage["state"]; requests: number; tokensIn: number; tokensOut: number; dropped: number; reason: string | null },
  cents: number,
): StoredModelStage {
  return {
    state: s.state,
    requests: s.requests,
    tokensIn: s.tokensIn,
    tokensOut: s.tokensOut,
    dropped: s.dropped,
    reason: s.reason,
    refundedCents: s.state === "complete" ? 0 : cents,
  };
}

/** Null when the run has no model stage (it was skipped at the start). Throws Cancelled or LeaseLost. */
export async function modelReview(rc: RunContext, plans: TargetPlan[], compiled: Compiled, ruleFindings: readonly Finding[]): Promise<ModelOutcome | null> {
  if (rc.row.model_json !== null) return null;
  const cents = rc.row.model_cents;
  const config = rc.app.config.model;
  const refused = (reason: string) => ({
    stage: summary({ state: "failed", requests: 0, tokensIn: 0, tokensOut: 0, dropped: 0, reason }, cents),
    findings: [],
  });
  if (!config) return refused("the worker has no model configured");
  // Servers and workers must share the model configuration: the price was made for this one.
  if (rc.row.model_hash !== null && modelConfigHash(config, rc.app.config.pricing) !== rc.row.model_hash) {
    return refused("the worker's model configuration differs from the one that priced the run");
  }
  const plan = plans[0]!;
  const controller = new AbortController();
  let interrupt: unknown = null;
  // Cancellation (and a lost lease) is read between requests: the reviewer sends nothing once aborted.
  const watch = setInterval(() => {
    rc.checkpoint().catch((err: unknown) => {
      interrupt ??= err;
      controller.abort();
    });
  }, 250);
  // The wall-clock cap: per-request timeouts and retries alone could hold the run for hours.
  const limitMs = rc.app.config.modelStageTimeoutMs;
  let overtime = false;
  const limit = setTimeout(() => {
    overtime = true;
    controller.abort();
  }, limitMs);
  try {
    const { removed, onlyRemoved } = await removedLines(rc.app.mirrors, plan);
    const files = [];
    for await (const f of rc.app.mirrors.get(plan.repositoryId).readFiles(plan.sha, [...plan.paths, ...onlyRemoved])) {
      if (f.content !== null) files.push({ path: f.path, content: f.content });
    }
    const focuses = JSON.parse(rc.row.focuses_json) as Array<{ slug: string; revision: number }>;
    const instructions = compiled.focusDocuments.map((text, i) => ({ name: `focus ${focuses[i]?.slug ?? i}`, text }));
    const { docs, skipped } = await contextDocuments(rc);
    const answered = await answeredChunks(rc);
    const res = await reviewWithModel(config, {
      files,
      ruleFindings,
      instructions,
      documents: docs,
      signal: controller.signal,
      answered,
      ...(plan.changed ? { changedLines: plan.changed } : {}),
      ...(removed.size ? { removedLines: removed } : {}),
      ...(rc.row.steering ? { steering: rc.row.steering } : {}),
      onChunk: async (a) => {
        await rc.app.store.db
          .insertInto("run_model_chunks")
          .values({
            workspace_id: rc.row.workspace_id,
            run_id: rc.row.id,
            chunk_id: a.chunkId,
            answer_json: JSON.stringify(a),
            created_at: rc.app.now().toISOString(),
          })
          .onConflict((oc) => oc.columns(["workspace_id", "run_id", "chunk_id"]).doNothing())
          .execute();
      },
    });
    if (interrupt) throw interrupt;
    const stage = summary(res.stage, cents);
    if (overtime && stage.state !== "complete") stage.reason = `the model stage reached its time limit (${limitMs} ms)`;
    if (skipped && stage.reason === null && stage.state !== "complete") stage.reason = `${skipped} documents gave no text`;
    return { stage, findings: res.findings };
  } catch (err) {
    if (err instanceof Cancelled || err instanceof LeaseLost) throw err;
    if (interrupt) throw interrupt;
    rc.app.log.error({ err, run: rc.row.id }, "model stage failed");
    return {
      stage: summary({ state: "failed", requests: 0, tokensIn: 0, tokensOut: 0, dropped: 0, reason: "the model stage failed unexpectedly" }, cents),
      findings: [],
    };
  } finally {
    clearInterval(watch);
    clearTimeout(limit);
  }
}
