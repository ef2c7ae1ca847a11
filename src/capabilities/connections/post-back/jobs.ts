// The post-back queue (jobs found by discover.ts): claimed with a lease so separate worker processes
// share it, retried with backoff, and mirrored on the run as `delivery`.
import type { App } from "../../../kernel/app.ts";
import { isUniqueViolation } from "../../../platform/store/unique.ts";
import { recordRunDelivery } from "../../runs/index.ts";
import type { PostBackJobsTable, PostBackState } from "./store.ts";

export type JobRow = PostBackJobsTable;

const leaseMs = 60_000;
/** Attempts before a job is given up as failed. */
const maxAttempts = 6;

/** The wait before attempt n+1 after n failed ones: 5 s, 30 s, 2 min, 10 min, 30 min. */
export function defaultBackoffMs(attempts: number): number {
  return [5_000, 30_000, 120_000, 600_000, 1_800_000][Math.min(attempts, 5) - 1] ?? 5_000;
}

/** Takes the next due job (or one whose holder's lease ran out) for `owner`; null when none is due. */
export async function claimJob(app: App, owner: string): Promise<JobRow | null> {
  const db = app.store.db;
  const now = app.now();
  const at = now.toISOString();
  const due = await db
    .selectFrom("post_back_jobs as j")
    .select("j.run_id")
    .where((eb) =>
      eb.or([
        eb.and([eb("j.state", "in", ["pending", "retrying"]), eb("j.next_attempt_at", "<=", at)]),
        eb.and([eb("j.state", "=", "posting"), eb("j.lease_until", "<", at)]),
      ]),
    )
    // Another job of the same pull request is being posted: this one waits its turn.
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("post_back_jobs as o")
            .select("o.run_id")
            .where("o.state", "=", "posting")
            .where("o.lease_until", ">=", at)
            .whereRef("o.workspace_id", "=", "j.workspace_id")
            .whereRef("o.repository_id", "=", "j.repository_id")
            .whereRef("o.pr", "=", "j.pr")
            .whereRef("o.run_id", "!=", "j.run_id"),
        ),
      ),
    )
    .orderBy("j.next_attempt_at")
    .limit(5)
    .execute();
  for (const { run_id } of due) {
    const res = await db
      .updateTable("post_back_jobs")
      .set((eb) => ({
        state: "posting",
        lease_owner: owner,
        lease_until: new Date(now.getTime() + leaseMs).toISOString(),
        attempts: eb("attempts", "+", 1),
        updated_at: at,
      }))
      .where("run_id", "=", run_id)
      .where((eb) =>
        eb.or([
          eb.and([eb("state", "in", ["pending", "retrying"]), eb("next_attempt_at", "<=", at)]),
          eb.and([eb("state", "=", "posting"), eb("lease_until", "<", at)]),
        ]),
      )
      .executeTakeFirst()
      // The unique index on posting jobs per pull request: another worker took a sibling job meanwhile.
      .catch((err: unknown) => {
        if (isUniqueViolation(err)) return { numUpdatedRows: 0n };
        throw err;
      });
    if (Number(res.numUpdatedRows) === 1) return (await db.selectFrom("post_back_jobs").selectAll().where("run_id", "=", run_id).executeTakeFirst()) ?? null;
  }
  return null;
}

export interface JobEnd {
  ok: boolean;
  /** With ok: posted (done), waiting (the pending status is up, the run goes on) or dropped (nothing was or will be posted). */
  outcome?: "posted" | "waiting" | "dropped";
  commentUrl: string | null;
  error: string | null;
  /** False: give up now (nothing a retry could change). */
  retryable: boolean;
}

/** Ends this holder's attempt: posted, or retrying with backoff, or failed after the last attempt. */
export async function finishJob(app: App, job: JobRow, owner: string, end: JobEnd, backoffMs: (attempts: number) => number): Promise<PostBackState> {
  const now = app.now();
  if (end.ok && end.outcome === "dropped") {
    // A run that ended before anything was posted for it: no job, no delivery, like an unconnected run.
    const gone = await app.store.db.deleteFrom("post_back_jobs").where("run_id", "=", job.run_id).where("lease_owner", "=", owner).executeTakeFirst();
    if (Number(gone.numDeletedRows) === 1) await recordRunDelivery(app.store, job.workspace_id, job.run_id, null);
    return "posted";
  }
  const waiting = end.ok && end.outcome === "waiting";
  const state: Exclude<PostBackState, "pending" | "posting"> = waiting
    ? "waiting"
    : end.ok
      ? "posted"
      : end.retryable && job.attempts < maxAttempts
        ? "retrying"
        : "failed";
  const res = await app.store.db
    .updateTable("post_back_jobs")
    .set({
      state,
      lease_owner: null,
      lease_until: null,
      last_error: end.error?.slice(0, 500) ?? null,
      next_attempt_at: new Date(now.getTime() + (state === "retrying" ? backoffMs(job.attempts) : 0)).toISOString(),
      updated_at: now.toISOString(),
    })
    .where("run_id", "=", job.run_id)
    .where("lease_owner", "=", owner)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return state; // the lease was lost: the new holder reports
  await recordRunDelivery(app.store, job.workspace_id, job.run_id, {
    state: state === "waiting" ? "pending" : state,
    attempts: job.attempts,
    lastError: end.ok ? null : (end.error?.slice(0, 500) ?? null),
    commentUrl: end.commentUrl,
    updatedAt: now.toISOString(),
  });
  return state;
}
