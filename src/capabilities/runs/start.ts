// start_run: price (afresh, or from a quote whose content still holds), then in one transaction
// per workspace: the idempotency key, the balance, the monthly limit, the run and its charge. The
// transaction (store/write.ts) makes concurrent starts of one workspace take turns, so they can
// neither overdraw the balance, pass the limit, nor start two runs for one key.
import { AppError } from "../../kernel/errors.ts";
import { workspaceTransaction } from "../../platform/store/write.ts";
import { balanceCents, monthSpendCents, writeRunEntry } from "./ledger.ts";
import { workspaceSpendLimit } from "../identity/index.ts";
import type { RunDeps } from "./estimate.ts";
import { applyCounts, contentOf, modelOf, openQuote, sameContent } from "./quote.ts";
import { skippedStage } from "./model-plan.ts";
import { bodyHash, requestHash } from "./request.ts";
import { resolveRun, type ResolvedRun } from "./resolve.ts";
import type { RunRequest, RunTrigger } from "./types.ts";
import { initialStages, runTitle, runView, type RunRow, type RunView } from "./view.ts";

export interface StartInput extends RunRequest {
  maxPriceCents: number;
  quote?: string | undefined;
  idempotencyKey?: string | undefined;
}

export interface Starter {
  workspaceId: number;
  userId: number;
  trigger: RunTrigger;
  baseUrl: string;
}

export interface StartResult {
  run: RunView;
  priceCents: number;
  created: boolean;
}

function stale(message: string, reason: string): AppError {
  return new AppError("quote_stale", message, { details: { reason } });
}

/** Resolves without counting and holds the quote to it; a focus or document gone since is staleness. */
async function fromQuote(deps: RunDeps, who: Starter, req: StartInput, quote: string): Promise<ResolvedRun> {
  const r = await resolveRun(deps, who.workspaceId, req, false).catch((err: unknown) => {
    if (
      err instanceof AppError &&
      (err.code === "not_found" || err.code === "conflict") &&
      (err.details?.field === "focuses" || "documents" in (err.details ?? {}))
    ) {
      throw stale("A focus or document the quote priced was archived or removed; estimate again.", "content_changed");
    }
    throw err;
  });
  const q = openQuote(deps.secret, quote, {
    workspaceId: who.workspaceId,
    requestHash: requestHash(req, r),
    nowSeconds: Math.floor(deps.now().getTime() / 1000),
  });
  if (!sameContent(contentOf(r), q))
    throw stale("What the quote priced has changed (a new commit, a focus edit or a document change); estimate again.", "content_changed");
  // The quote priced a model stage this server would not run, or would run with another configuration.
  if ((modelOf(r)?.[0] ?? null) !== (q.m?.[0] ?? null)) {
    throw stale(
      "The model review configuration differs from the one the quote priced (or the stage was turned on or off); estimate again.",
      "model_config_changed",
    );
  }
  applyCounts(r, q);
  return r;
}

async function byKey(tx: RunDeps["store"]["db"], who: Starter, key: string): Promise<RunRow | undefined> {
  return tx
    .selectFrom("runs")
    .selectAll()
    .where("workspace_id", "=", who.workspaceId)
    .where("created_by", "=", who.userId)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
}

function replay(row: RunRow, hash: string, baseUrl: string): StartResult {
  if (row.request_hash !== hash) {
    throw new AppError("idempotency_key_reused", "This Idempotency-Key was used for a different request; use a new key.", { details: { run: row.id } });
  }
  return { run: runView(row, baseUrl), priceCents: row.price_cents, created: false };
}

export async function startRun(deps: RunDeps, who: Starter, input: StartInput): Promise<StartResult> {
  const { idempotencyKey: key, ...body } = input;
  const hash = bodyHash(body as Record<string, unknown>);
  if (key !== undefined) {
    const seen = await byKey(deps.store.db, who, key);
    if (seen) return replay(seen, hash, who.baseUrl);
  }
  const r = input.quote !== undefined ? await fromQuote(deps, who, input, input.quote) : await resolveRun(deps, who.workspaceId, input, true);
  const price = r.priceCents!;
  if (price > input.maxPriceCents) {
    throw new AppError("price_exceeds_max", `The run costs ${price} cents, more than maxPriceCents (${input.maxPriceCents}).`, {
      details: { priceCents: price, maxPriceCents: input.maxPriceCents },
    });
  }
  return workspaceTransaction(deps.store, who.workspaceId, async (tx) => {
    if (key !== undefined) {
      const seen = await byKey(tx, who, key);
      if (seen) return replay(seen, hash, who.baseUrl);
    }
    const now = deps.now();
    const balance = await balanceCents(tx, who.workspaceId);
    if (balance < price) {
      throw new AppError("insufficient_credits", `The run costs ${price} cents and the workspace has ${balance}.`, {
        details: { priceCents: price, balanceCents: balance },
      });
    }
    const limit = await workspaceSpendLimit(tx, who.workspaceId);
    if (limit !== null) {
      const spent = await monthSpendCents(tx, who.workspaceId, now);
      if (spent + price > limit) {
        throw new AppError(
          "spend_cap_reached",
          `The run (${price} cents) would take this month's spend (${spent}) past the workspace's limit of ${limit} cents.`,
          {
            details: { priceCents: price, monthSpendCents: spent, spendLimitCents: limit },
          },
        );
      }
    }
    const at = now.toISOString();
    const main = r.targets[0]!;
    const row = await tx
      .insertInto("runs")
      .values({
        workspace_id: who.workspaceId,
        repository_id: r.repository.id,
        created_by: who.userId,
        kind: r.kind,
        trigger: who.trigger,
        title: runTitle(r.kind, r.repository.full_name, main.at, r.change),
        state: "queued",
        at: main.at,
        ref: main.ref,
        sha: main.sha,
        change_json: r.change ? JSON.stringify(r.change) : null,
        targets_json: JSON.stringify(r.targets),
        focuses_json: JSON.stringify(r.focuses),
        documents_json: JSON.stringify(r.documents),
        scope_json: JSON.stringify(r.scope),
        steering: r.steering,
        price_cents: price,
        model_cents: r.model?.cents ?? 0,
        model_hash: r.model?.hash ?? null,
        model_json: r.modelOff ? JSON.stringify(skippedStage(r.modelOff)) : null,
        idempotency_key: key ?? null,
        request_hash: hash,
        retry_of: null,
        cancel_requested_at: null,
        stages_json: JSON.stringify(initialStages()),
        error_json: null,
        import_json: null,
        findings_json: null,
        lease_owner: null,
        lease_until: null,
        created_at: at,
        started_at: null,
        ended_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (r.focuses.length) {
      await tx
        .insertInto("run_focuses")
        .values(r.focuses.map((f) => ({ workspace_id: who.workspaceId, run_id: row.id, slug: f.slug, revision: f.revision })))
        .execute();
    }
    await writeRunEntry(tx, { workspaceId: who.workspaceId, runId: row.id, kind: "charge", cents: price, userId: who.userId, note: `run ${row.id}`, at });
    return { run: runView(row, who.baseUrl), priceCents: price, created: true };
  });
}
