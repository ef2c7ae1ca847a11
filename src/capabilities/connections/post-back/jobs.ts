// The post-back queue: a job per completed change review of a connected pull request, found by
// watching the runs table (the runs capability knows nothing of hosts), claimed with a lease so
// separate worker processes share it, retried with backoff, and mirrored on the run as `delivery`.
import type { App } from "../../../kernel/app.ts";
import { recordRunDelivery } from "../../runs/index.ts";
import type { PostBackJobsTable, PostBackState } from "./store.ts";

export type JobRow = PostBackJobsTable;

const active = ["queued", "in_progress", "compilation_in_progress", "compilation_completed", "analysis_in_progress", "analysis_completed"];
const leaseMs = 60_000;
/** Attempts before a job is given up as failed. */
const maxAttempts = 6;

/** The wait before attempt n+1 after n failed ones: 5 s, 30 s, 2 min, 10 min, 30 min. */
export function defaultBackoffMs(attempts: number): number {
  return [5_000, 30_000, 120_000, 600_000, 1_800_000][Math.min(attempts, 5) - 1] ?? 5_000;
}

/**
 * Queues a job for each completed pull-request change review of a connected repository that has
 * none yet (and that ended after the repository was connected). `cursor` is this process's lower
 * bound on run ids still worth looking at: every run below the oldest unfinished one was seen.
 */
export async function discoverJobs(app: App, cursor: { value: number }): Promise<number> {
  const db = app.store.db;
  const low = await db
    .selectFrom("runs")
    .select((eb) => eb.fn.min("id").as("low"))
    .where("state", "in", active)
    .executeTakeFirst();
  const top = await db
    .selectFrom("runs")
    .select((eb) => eb.fn.max("id").as("top"))
    .executeTakeFirst();
  const rows = await db
    .selectFrom("runs as r")
    .innerJoin("connections as c", (j) => j.onRef("c.repository_id", "=", "r.repository_id").onRef("c.workspace_id", "=", "r.workspace_id"))
    .leftJoin("post_back_jobs as j", "j.run_id", "r.id")
    .select(["r.id", "r.workspace_id", "r.repository_id", "r.change_json", "r.sha"])
    .where("r.state", "=", "complete")
    .where("r.kind", "=", "change")
    .where("r.id", ">=", cursor.value)
    .whereRef("r.ended_at", ">=", "c.created_at")
    .where("j.run_id", "is", null)
    .orderBy("r.id")
    .limit(200)
    .execute();
  const now = app.now().toISOString();
  let queued = 0;
  for (const r of rows) {
    const change = r.change_json ? (JSON.parse(r.change_json) as { kind?: string; pr?: number | null }) : null;
    if (change?.kind !== "pr" || typeof change.pr !== "number") continue;
    const res = await db
      .insertInto("post_back_jobs")
      .values({
        run_id: r.id,
        workspace_id: r.workspace_id,
        repository_id: r.repository_id,
        pr: change.pr,
        head_sha: r.sha,
        state: "pending",
        attempts: 0,
        next_attempt_at: now,
        lease_owner: null,
        lease_until: null,
        last_error: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column("run_id").doNothing())
      .executeTakeFirst();
    if (Number(res.numInsertedOrUpdatedRows ?? 0) === 1) {
      queued += 1;
      await recordRunDelivery(app.store, r.workspace_id, r.id, { state: "pending", attempts: 0, lastError: null, commentUrl: null, updatedAt: now });
    }
  }
  const lowest = Number(low?.low ?? Number.NaN);
  if (rows.length === 200) cursor.value = rows.at(-1)?.id ?? cursor.value;
  else cursor.value = Number.isFinite(lowest) ? lowest : Number(top?.top ?? 0) + 1;
  return queued;
}

/** Takes the next due job (or one whose holder's lease ran out) for `owner`; null when none is due. */
export async function claimJob(app: App, owner: string): Promise<JobRow | null> {
  const db = app.store.db;
  const now = app.now();
  const at = now.toISOString();
  const due = await db
    .selectFrom("post_back_jobs")
    .select("run_id")
    .where((eb) =>
      eb.or([
        eb.and([eb("state", "in", ["pending", "retrying"]), eb("next_attempt_at", "<=", at)]),
        eb.and([eb("state", "=", "posting"), eb("lease_until", "<", at)]),
      ]),
    )
    .orderBy("next_attempt_at")
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
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 1) return (await db.selectFrom("post_back_jobs").selectAll().where("run_id", "=", run_id).executeTakeFirst()) ?? null;
  }
  return null;
}

export interface JobEnd {
  ok: boolean;
  commentUrl: string | null;
  error: string | null;
  /** False: give up now (nothing a retry could change). */
  retryable: boolean;
}

/** Ends this holder's attempt: posted, or retrying with backoff, or failed after the last attempt. */
export async function finishJob(app: App, job: JobRow, owner: string, end: JobEnd, backoffMs: (attempts: number) => number): Promise<PostBackState> {
  const now = app.now();
  const state: Exclude<PostBackState, "pending" | "posting"> = end.ok ? "posted" : end.retryable && job.attempts < maxAttempts ? "retrying" : "failed";
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
    state,
    attempts: job.attempts,
    lastError: end.ok ? null : (end.error?.slice(0, 500) ?? null),
    commentUrl: end.commentUrl,
    updatedAt: now.toISOString(),
  });
  return state;
}
