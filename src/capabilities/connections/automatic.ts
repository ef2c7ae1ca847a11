// Automatic change reviews of a connected repository's pull requests, started by the repository's
// service user with trigger `webhook` in its own rate-limit bucket and paid like any run (price,
// ledger, the workspace's balance and spending limit) plus the policy's caps. One head is reviewed
// once; a newer head cancels (and so refunds) the still-queued run of an older one. A review that
// cannot be paid or started is recorded in unpaid_reviews for post-back to report on the pull request.
import type { App } from "../../kernel/app.ts";
import { AppError } from "../../kernel/errors.ts";
import { cancelRun, netCostCents, runIdsInState, startRun } from "../runs/index.ts";
import type { ConnectionsTable } from "./connections.ts";
import type { ReviewPolicy } from "./types.ts";

export type AutomaticOutcome =
  | { status: "started"; runId: number; headSha: string; superseded: number[] }
  | { status: "skipped"; reason: string }
  | { status: "unpaid"; reason: string; message: string };

/** Codes that mean "this review cannot be paid or started": reported on the pull request, not retried. */
const reportable = new Set([
  "insufficient_credits",
  "spend_cap_reached",
  "price_exceeds_max",
  "change_refused",
  "nothing_to_review",
  "rate_limited",
  "not_found",
  "quote_stale",
]);

function dayStart(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())).toISOString();
}

/** What this repository's automatic runs cost today (UTC): charges less refunds (at most the daily cap's worth of runs). */
async function spentToday(app: App, c: ConnectionsTable, now: Date): Promise<number> {
  const today = await app.store.db
    .selectFrom("automatic_runs")
    .select("run_id")
    .where("workspace_id", "=", c.workspace_id)
    .where("repository_id", "=", c.repository_id)
    .where("created_at", ">=", dayStart(now))
    .execute();
  return netCostCents(
    app.store.db,
    c.workspace_id,
    today.map((r) => r.run_id),
  );
}

async function recordUnpaid(app: App, c: ConnectionsTable, pr: number, headSha: string, err: AppError, now: Date): Promise<AutomaticOutcome> {
  const price = typeof err.details?.priceCents === "number" ? err.details.priceCents : null;
  await app.store.db
    .insertInto("unpaid_reviews")
    .values({
      workspace_id: c.workspace_id,
      repository_id: c.repository_id,
      pr,
      head_sha: headSha,
      reason: err.code === "price_exceeds_max" && err.details?.dailyCap ? "daily_cap_reached" : err.code,
      message: err.message.slice(0, 500),
      price_cents: price,
      reported_at: null,
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.columns(["repository_id", "pr", "head_sha"]).doNothing())
    .execute();
  app.log.info({ repositoryId: c.repository_id, pr, reason: err.code }, "automatic review not started");
  return { status: "unpaid", reason: err.code, message: err.message };
}

/** Cancels the queued automatic runs of this pull request for other heads (cancelling a queued run refunds it). */
async function supersede(app: App, c: ConnectionsTable, pr: number, headSha: string, now: Date): Promise<number[]> {
  const queued = await app.store.db
    .selectFrom("automatic_runs")
    .select("run_id")
    .where("repository_id", "=", c.repository_id)
    .where("pr", "=", pr)
    .where("head_sha", "!=", headSha)
    .where("run_id", "in", runIdsInState(app.store.db, c.workspace_id, ["queued"]))
    .execute();
  const done: number[] = [];
  for (const { run_id } of queued) {
    // Marked before the cancel, so the post-back never sees it cancelled without the reason: its
    // pending status becomes "superseded by" this head (ignored if the run goes on to complete).
    await app.store.db.updateTable("post_back_jobs").set({ superseded_by: headSha }).where("run_id", "=", run_id).execute();
    try {
      const { result } = await cancelRun(app.store, { workspaceId: c.workspace_id, userId: c.service_user_id }, run_id, now);
      if (result === "cancelled") done.push(run_id);
    } catch (err) {
      // Claimed or finished meanwhile: it runs to the end like any started run.
      if (!(err instanceof AppError && err.code === "conflict")) throw err;
    }
  }
  return done;
}

/**
 * Starts the automatic review of pull request `pr` at the mirror's head (sync first), when the
 * policy wants it. `headSha` is the head the host named (for dedup and reports); `baseRef` its base.
 */
export async function reviewPullRequest(
  app: App,
  c: ConnectionsTable,
  policy: ReviewPolicy,
  pr: { number: number; headSha: string; fromFork: boolean; baseRef?: string | undefined },
): Promise<AutomaticOutcome> {
  if (!policy.autoReview) return { status: "skipped", reason: "auto-review is off" };
  if (pr.fromFork && !policy.forks) return { status: "skipped", reason: "pull requests from forks are not reviewed" };
  const now = app.now();
  const seen = await app.store.db
    .selectFrom("automatic_runs")
    .select("run_id")
    .where("repository_id", "=", c.repository_id)
    .where("pr", "=", pr.number)
    .where("head_sha", "=", pr.headSha)
    .executeTakeFirst();
  if (seen) return { status: "skipped", reason: `head already reviewed by run ${seen.run_id}` };
  const unpaid = await app.store.db
    .selectFrom("unpaid_reviews")
    .select("reason")
    .where("repository_id", "=", c.repository_id)
    .where("pr", "=", pr.number)
    .where("head_sha", "=", pr.headSha)
    .executeTakeFirst();
  if (unpaid) return { status: "skipped", reason: `head already reported as not started (${unpaid.reason})` };
  const superseded = await supersede(app, c, pr.number, pr.headSha, now);
  try {
    await app.limiter.charge("automatic", String(c.repository_id));
    let maxPrice = policy.maxRunPriceCents ?? Number.MAX_SAFE_INTEGER;
    let capped = false;
    if (policy.dailyCapCents !== null) {
      const left = Math.max(0, policy.dailyCapCents - (await spentToday(app, c, now)));
      if (left < maxPrice) {
        maxPrice = left;
        capped = true;
      }
    }
    const started = await startRun(
      app,
      { workspaceId: c.workspace_id, userId: c.service_user_id, trigger: "webhook", baseUrl: app.config.baseUrl },
      {
        repository: c.repository_id,
        change: { pr: pr.number, baseRef: pr.baseRef },
        focuses: policy.focuses,
        maxPriceCents: maxPrice,
        idempotencyKey: `auto:pr:${pr.number}:${pr.headSha}`,
      },
    ).catch((err: unknown) => {
      if (capped && err instanceof AppError && err.code === "price_exceeds_max") {
        throw new AppError(
          "price_exceeds_max",
          `The review (${String(err.details?.priceCents)} cents) would pass the repository's daily cap for automatic reviews.`,
          {
            details: { ...err.details, dailyCap: true },
          },
        );
      }
      throw err;
    });
    const headSha = started.run.change?.head ?? pr.headSha;
    await app.store.db
      .insertInto("automatic_runs")
      .values({
        run_id: started.run.id,
        workspace_id: c.workspace_id,
        repository_id: c.repository_id,
        pr: pr.number,
        head_sha: pr.headSha,
        created_at: now.toISOString(),
      })
      .onConflict((oc) => oc.column("run_id").doNothing())
      .execute();
    app.wakeWorkers();
    return { status: "started", runId: started.run.id, headSha, superseded };
  } catch (err) {
    if (err instanceof AppError && reportable.has(err.code)) return recordUnpaid(app, c, pr.number, pr.headSha, err, now);
    throw err;
  }
}
