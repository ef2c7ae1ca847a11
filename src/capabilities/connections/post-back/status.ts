// The `crs` status while a review is under way and after it stopped without a verdict: pending (a
// GitHub status, an App's in-progress check run, a GitLab pending status) when the run is seen queued
// or running, GitLab's running once the worker started it, and, for a run cancelled or failed after
// that, a final state saying why, so no head is left pending. The verdict of a completed review is post.ts's.
import type { App } from "../../../kernel/app.ts";
import type { CommitStatus, HostClient } from "../../../platform/codehost/hosts/index.ts";
import type { JobRow } from "./jobs.ts";

const statusContext = "crs";

/**
 * Posts the status of a review under way on the run's head: pending while queued; on GitLab, running
 * once the worker has started it (straight from nothing when the run was first seen started: GitLab
 * enqueues then runs it). Each is posted once (a retry after it was posted does nothing); the caller
 * calls this only while the run has not ended, and the job's lease keeps it before the verdict.
 * Remembers an App's check run.
 */
export async function postUnderWay(app: App, client: HostClient, job: JobRow, runState: string, runUrl: string): Promise<void> {
  const running = client.host === "gitlab" && runState !== "queued";
  if (running ? job.running_at !== null : job.pending_at !== null) return;
  const checkRunId = await client.setStatus(job.head_sha, {
    state: running ? "running" : "pending",
    description: `crs is reviewing this change (run ${job.run_id})`,
    targetUrl: runUrl,
    context: statusContext,
  });
  const at = app.now().toISOString();
  await app.store.db
    .updateTable("post_back_jobs")
    .set({ pending_at: job.pending_at ?? at, check_run_id: checkRunId ?? job.check_run_id, ...(running ? { running_at: at } : {}) })
    .where("run_id", "=", job.run_id)
    .execute();
}

/** The verdict (or a final state) on the run's head, updating the App's in-progress check run when there is one. */
export async function postFinal(client: HostClient, job: JobRow, s: Omit<CommitStatus, "context" | "checkRunId">): Promise<void> {
  await client.setStatus(job.head_sha, { ...s, context: statusContext, ...(job.check_run_id ? { checkRunId: job.check_run_id } : {}) });
}

/**
 * A run that ended cancelled or failed. Nothing to do when no pending status was posted, or when a
 * later run of the same pull request reviews the same head (its status is the one that counts);
 * otherwise the pending status becomes cancelled (superseded by a newer push, or cancelled) or error.
 * Returns whether it posted.
 */
export async function postStopped(app: App, client: HostClient, job: JobRow, state: string, runUrl: string): Promise<boolean> {
  if (job.pending_at === null) return false;
  const db = app.store.db;
  const sameHead = await db
    .selectFrom("post_back_jobs")
    .select("run_id")
    .where("workspace_id", "=", job.workspace_id)
    .where("repository_id", "=", job.repository_id)
    .where("pr", "=", job.pr)
    .where("head_sha", "=", job.head_sha)
    .where("run_id", ">", job.run_id)
    .executeTakeFirst();
  if (sameHead) return false;
  if (state === "failed") {
    await postFinal(client, job, { state: "error", description: `The review (run ${job.run_id}) failed before a verdict`, targetUrl: runUrl });
    return true;
  }
  const description = job.superseded_by
    ? `Superseded by a newer push (${job.superseded_by.slice(0, 12)}); this head was not reviewed`
    : `The review (run ${job.run_id}) was cancelled before a verdict`;
  await postFinal(client, job, { state: "cancelled", description, targetUrl: runUrl });
  return true;
}
