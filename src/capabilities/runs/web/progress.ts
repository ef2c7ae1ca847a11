// A run's live progress, as the run page shows it and /app/runs/{id}/progress sends it to the page's
// script: read from the run row (any worker process writes it), so every server instance agrees.
import type { Store } from "../../../platform/store/index.ts";
import { duration, type Row, stageWord, stateTone, stateWord } from "./words.ts";

export interface Progress {
  state: string;
  terminal: boolean;
  words: string;
  tone: string;
  stage: string;
  done: number | null;
  total: number | null;
  found: number | null;
  elapsed: string;
  remaining: string;
}

/** Findings the engine reported so far (null before the analysis started). */
export async function findingsSoFar(store: Store, workspaceId: number, runId: number): Promise<number | null> {
  const row = await store.db.selectFrom("runs").select("findings_so_far").where("workspace_id", "=", workspaceId).where("id", "=", runId).executeTakeFirst();
  return row?.findings_so_far ?? null;
}

/** What the page shows of `run` (get_run's output) at `now`. */
export function progressOf(run: Row, found: number | null, now: Date): Progress {
  const stages = (run.stages ?? []) as Row[];
  const current = stages.find((s) => s.name === run.stage) ?? null;
  const analysis = stages.find((s) => s.name === "analysis");
  const p = (analysis?.progress ?? null) as { done: number; total: number } | null;
  const started = run.startedAt ? Date.parse(run.startedAt) : null;
  const ended = run.endedAt ? Date.parse(run.endedAt) : null;
  const elapsed = started === null ? "not started" : duration((ended ?? now.getTime()) - started);
  let remaining = run.terminal ? "—" : "estimating…";
  // The rest of the analysis at the pace of its files so far (the other stages are short).
  if (!run.terminal && analysis?.state === "in_progress" && p && p.done > 0 && analysis.startedAt) {
    const spent = now.getTime() - Date.parse(analysis.startedAt);
    remaining = `about ${duration((spent / p.done) * (p.total - p.done))}`;
  } else if (!run.terminal && analysis?.state === "completed") remaining = "a few seconds";
  const total = run.findings?.total;
  return {
    state: run.state,
    terminal: Boolean(run.terminal),
    words: stateWord(run.state, run.cancellationRequested),
    tone: stateTone(run.state),
    stage: stageWord(current?.name ?? run.stage),
    done: p?.done ?? null,
    total: p?.total ?? null,
    found: typeof total === "number" ? total : found,
    elapsed,
    remaining,
  };
}
