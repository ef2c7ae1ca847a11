// Whether a run has a model stage, and its price. The price depends on the tree alone: the lines in
// scope, capped by the per-run token budget expressed in lines (which lines are sent may depend on
// the rule findings; the price never does). The quote binds a hash of the model configuration, so a
// start on a server configured otherwise is quote_stale rather than a silent price change.
import type { Kysely } from "kysely";
import type { Database } from "../../platform/store/schema.ts";
import type { PricingConfig } from "../../kernel/config.ts";
import type { ModelConfig, ModelStage } from "../../review/model/index.ts";
import { canonicalJson, sha256 } from "./quote.ts";

/** Tokens a line of code costs on average, with its prompt share: how the token budget becomes lines. */
const tokensPerLine = 12;

export interface ModelPlan {
  /** Hash of the configuration that priced it (provider, endpoint, model, budget, rate). */
  hash: string;
  /** Model billable lines: lines in scope, capped by the budget in lines. */
  lines: number;
  cents: number;
}

export type ModelOff = "no model is configured" | "turned off for this run" | "turned off for the workspace";

export function modelConfigHash(model: ModelConfig, pricing: PricingConfig): string {
  const { apiKey: _key, ...shape } = model;
  return sha256(canonicalJson({ ...shape, rate: pricing.modelPer1000LinesCents })).slice(0, 24);
}

function budgetLines(model: ModelConfig): number {
  return Math.floor(model.maxTokensPerRun / tokensPerLine);
}

export function modelPlan(model: ModelConfig, pricing: PricingConfig, linesInScope: number): ModelPlan {
  const lines = Math.min(linesInScope, budgetLines(model));
  return { hash: modelConfigHash(model, pricing), lines, cents: Math.ceil((lines * pricing.modelPer1000LinesCents) / 1000) };
}

export async function workspaceModelOff(db: Kysely<Database>, workspaceId: number): Promise<boolean> {
  const row = await db.selectFrom("workspace_model_settings").select("model_off").where("workspace_id", "=", workspaceId).executeTakeFirst();
  return (row?.model_off ?? 0) === 1;
}

export async function setWorkspaceModelOff(db: Kysely<Database>, workspaceId: number, off: boolean, now: Date): Promise<void> {
  await db
    .insertInto("workspace_model_settings")
    .values({ workspace_id: workspaceId, model_off: off ? 1 : 0, updated_at: now.toISOString() })
    .onConflict((oc) => oc.column("workspace_id").doUpdateSet({ model_off: off ? 1 : 0, updated_at: now.toISOString() }))
    .execute();
}

/** Why a run has no model stage, or null when it has one. */
export async function modelOffReason(
  db: Kysely<Database>,
  model: ModelConfig | null,
  workspaceId: number,
  requested: boolean | undefined,
): Promise<ModelOff | null> {
  if (!model) return "no model is configured";
  if (requested === false) return "turned off for this run";
  if (await workspaceModelOff(db, workspaceId)) return "turned off for the workspace";
  return null;
}

export function skippedStage(reason: string): ModelStage {
  return { state: "skipped", requests: 0, tokensIn: 0, tokensOut: 0, dropped: 0, reason, chunks: { total: 0, answered: 0, failed: 0, unsent: 0 } };
}
