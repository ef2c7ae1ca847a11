// Finding post-back work by watching the runs table (the runs capability knows nothing of hosts): a
// job per change review of a connected pull request. A run seen queued or running gets a `start` job
// (the pending status), re-armed as an `end` job when the run ends; a run first seen complete gets an
// `end` job at once.
import type { App } from "../../../kernel/app.ts";
import { recordRunDelivery } from "../../runs/index.ts";

const active = ["queued", "in_progress", "compilation_in_progress", "compilation_completed", "analysis_in_progress", "analysis_completed"];
/** Active states past the queue: a worker has started the run. */
const started = active.filter((s) => s !== "queued");
const terminal = ["complete", "failed", "cancelled"];
const batch = 200;

type Candidate = { id: number; workspace_id: number; repository_id: number; change_json: string | null; sha: string };

/** Candidate runs of connected repositories with no job yet, in `states`. */
function candidates(app: App, states: string[]) {
  return (
    app.store.db
      .selectFrom("runs as r")
      .innerJoin("connections as c", (j) => j.onRef("c.repository_id", "=", "r.repository_id").onRef("c.workspace_id", "=", "r.workspace_id"))
      .leftJoin("post_back_jobs as j", "j.run_id", "r.id")
      .select(["r.id", "r.workspace_id", "r.repository_id", "r.change_json", "r.sha"])
      .where("r.state", "in", states)
      .where("r.kind", "=", "change")
      // JSON.stringify writes no spaces, and a quote inside a string value is escaped: only a pull request's change matches.
      .where("r.change_json", "like", '%"kind":"pr"%')
      .where("j.run_id", "is", null)
      .orderBy("r.id")
      .limit(batch)
  );
}

/** A job for each pull-request review among `rows`; returns how many were queued. */
async function queue(app: App, rows: Candidate[], phase: "start" | "end", now: string): Promise<number> {
  let queued = 0;
  for (const r of rows) {
    const change = r.change_json ? (JSON.parse(r.change_json) as { kind?: string; pr?: number | null }) : null;
    if (change?.kind !== "pr" || typeof change.pr !== "number") continue;
    const res = await app.store.db
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
        phase,
        pending_at: null,
        running_at: null,
        check_run_id: null,
        superseded_by: null,
      })
      .onConflict((oc) => oc.column("run_id").doNothing())
      .executeTakeFirst();
    if (Number(res.numInsertedOrUpdatedRows ?? 0) === 1) {
      queued += 1;
      await recordRunDelivery(app.store, r.workspace_id, r.id, { state: "pending", attempts: 0, lastError: null, commentUrl: null, updatedAt: now });
    }
  }
  return queued;
}

/**
 * Queues jobs: `start` for queued or running pull-request reviews, `end` for completed ones that
 * ended after the repository was connected; re-arms the `start` jobs whose run ended. `cursor` is
 * this process's lower bound on run ids worth looking at for completed runs: every run below the
 * oldest unfinished one was seen.
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
  const ended = await candidates(app, ["complete"]).where("r.id", ">=", cursor.value).whereRef("r.ended_at", ">=", "c.created_at").execute();
  const now = app.now().toISOString();
  let queued = await queue(app, ended, "end", now);
  queued += await queue(app, await candidates(app, active).execute(), "start", now);
  await rearmEnded(app, now);
  await rearmStarted(app, now);
  const lowest = Number(low?.low ?? Number.NaN);
  if (ended.length === batch) cursor.value = ended.at(-1)?.id ?? cursor.value;
  else cursor.value = Number.isFinite(lowest) ? lowest : Number(top?.top ?? 0) + 1;
  return queued;
}

/**
 * Re-arms the `start` jobs whose run has ended (whatever became of the pending status: posted,
 * retrying or given up) as `end` jobs with fresh attempts, due now: the review, or the final status.
 * A job being posted is left to its holder, which sees the run ended.
 */
async function rearmEnded(app: App, now: string): Promise<void> {
  await app.store.db
    .updateTable("post_back_jobs")
    .set({ phase: "end", state: "pending", attempts: 0, next_attempt_at: now, last_error: null, updated_at: now })
    .where("phase", "=", "start")
    .where("state", "!=", "posting")
    .where("run_id", "in", (eb) =>
      eb
        .selectFrom("runs")
        .select("id")
        .where("state", "in", terminal)
        .where("id", "in", eb.selectFrom("post_back_jobs").select("run_id").where("phase", "=", "start")),
    )
    .execute();
}

/**
 * GitLab only: re-arms the `start` jobs waiting with their pending status up whose run the worker
 * has started, to move the status to running (once: `running_at`). A GitHub job is never re-armed
 * (its status has no running state), so this costs GitHub nothing but this statement.
 */
async function rearmStarted(app: App, now: string): Promise<void> {
  await app.store.db
    .updateTable("post_back_jobs")
    .set({ state: "pending", attempts: 0, next_attempt_at: now, last_error: null, updated_at: now })
    .where("phase", "=", "start")
    .where("state", "=", "waiting")
    .where("running_at", "is", null)
    .where("run_id", "in", (eb) =>
      eb
        .selectFrom("runs")
        .select("id")
        .where("state", "in", started)
        .where("id", "in", eb.selectFrom("post_back_jobs").select("run_id").where("phase", "=", "start").where("state", "=", "waiting")),
    )
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("connections as c")
          .select("c.repository_id")
          .whereRef("c.repository_id", "=", "post_back_jobs.repository_id")
          .whereRef("c.workspace_id", "=", "post_back_jobs.workspace_id")
          .where("c.host", "=", "gitlab"),
      ),
    )
    .execute();
}
