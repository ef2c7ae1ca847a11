// A run row as the API shows it (schemas.ts runSchema), and the stages a new run starts with.
import type { Selectable } from "kysely";
import type { RunsTable } from "./store.ts";
import { terminalStates, type RunState } from "./schemas.ts";
import type { RunDelivery } from "./delivery.ts";
import type { ChangeView, Target } from "./types.ts";

export type RunRow = Selectable<RunsTable>;

export const stageNames = ["checkout", "compilation", "analysis", "import"] as const;
export type StageName = (typeof stageNames)[number];
export type StageState = "pending" | "in_progress" | "completed" | "failed" | "cancelled" | "skipped";

export interface Stage {
  name: StageName;
  state: StageState;
  startedAt: string | null;
  endedAt: string | null;
  progress: { done: number; total: number } | null;
  reason: string | null;
}

export function initialStages(): Stage[] {
  return stageNames.map((name) => ({ name, state: "pending", startedAt: null, endedAt: null, progress: null, reason: null }));
}

export function isTerminal(state: string): boolean {
  return terminalStates.has(state as RunState);
}

/** The stage under way, or where the run stopped; null while queued. */
function currentStage(stages: Stage[], state: string): string | null {
  if (state === "queued") return null;
  const active = stages.find((s) => s.state === "in_progress" || s.state === "failed" || s.state === "cancelled");
  if (active) return active.name;
  const done = stages.filter((s) => s.state === "completed");
  return done.at(-1)?.name ?? null;
}

export function runTitle(kind: "full" | "change", fullName: string, at: string | null, change: ChangeView | null): string {
  if (change) return change.kind === "pr" ? `Review of pull request #${change.pr} in ${fullName}` : `Review of branch ${change.branch} in ${fullName}`;
  const pos = (at ?? "")
    .replace(/@([0-9a-f]{7})[0-9a-f]*$/, " @ $1")
    .replace(/^branch:/, "")
    .replace(/^pr:/, "pull request #")
    .replace(/^commit:([0-9a-f]{7})[0-9a-f]*$/, "commit $1");
  return kind === "full" ? `Full review of ${fullName} at ${pos}` : `Review of ${fullName}`;
}

/** What model_json holds: the reviewer's stage summary and what was refunded for it. */
export interface StoredModelStage {
  state: "skipped" | "complete" | "partial" | "failed";
  requests: number;
  tokensIn: number;
  tokensOut: number;
  dropped: number;
  reason: string | null;
  refundedCents?: number;
  /** How long the stage took in this attempt (not shown; read by bench:model). */
  durationMs?: number;
}

function modelView(row: RunRow) {
  if (!row.model_json) return null;
  const m = JSON.parse(row.model_json) as StoredModelStage;
  return {
    state: m.state,
    requests: m.requests,
    tokensIn: m.tokensIn,
    tokensOut: m.tokensOut,
    dropped: m.dropped,
    reason: m.reason,
    priceCents: row.model_cents,
    refundedCents: m.refundedCents ?? 0,
  };
}

export function runView(row: RunRow, baseUrl: string) {
  const targets = JSON.parse(row.targets_json) as Target[];
  const stages = JSON.parse(row.stages_json) as Stage[];
  const delivery = row.delivery_json ? (JSON.parse(row.delivery_json) as RunDelivery) : null;
  const imp = row.import_json ? (JSON.parse(row.import_json) as { state: "imported" | "partial"; reason: string | null }) : null;
  return {
    id: row.id,
    title: row.title,
    state: row.state as RunState,
    phase: row.state === "queued" ? ("queued" as const) : isTerminal(row.state) ? ("finished" as const) : ("running" as const),
    terminal: isTerminal(row.state),
    createdAt: row.created_at,
    startedAt: row.started_at,
    endedAt: row.ended_at,
    repository: targets[0]!.repository,
    ref: row.ref,
    sha: row.sha,
    at: row.at,
    extraRepositories: targets.slice(1),
    retryOf: row.retry_of,
    trigger: row.trigger,
    costCents: row.price_cents - row.refunded_cents,
    priceCents: row.price_cents,
    findings: row.findings_json ? (JSON.parse(row.findings_json) as { total: number; new: number; bySeverity: Record<string, number> }) : null,
    error: row.error_json ? (JSON.parse(row.error_json) as { code: string; message: string }) : null,
    webUrl: `${baseUrl}/app/runs/${row.id}`,
    kind: row.kind,
    cancellationRequested: row.cancel_requested_at !== null,
    focuses: JSON.parse(row.focuses_json) as Array<{ slug: string; revision: number }>,
    change: row.change_json ? (JSON.parse(row.change_json) as ChangeView) : null,
    repositories: targets,
    scope: JSON.parse(row.scope_json) as string[],
    documents: JSON.parse(row.documents_json) as number[],
    stage: currentStage(stages, row.state),
    stages,
    import: imp ?? { state: "pending" as const, reason: null },
    model: modelView(row),
    // A run posted back on its pull request links there, and the comment links to the run's page.
    publicUrl: delivery ? `${baseUrl}/app/runs/${row.id}` : null,
    pullRequestCommentUrl: delivery?.commentUrl ?? null,
    delivery: delivery ? { state: delivery.state, attempts: delivery.attempts, lastError: delivery.lastError, updatedAt: delivery.updatedAt } : null,
  };
}

export type RunView = ReturnType<typeof runView>;
