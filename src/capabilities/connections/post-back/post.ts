// One attempt at posting a run's review on its pull request: while the run is queued or running, the
// pending status (GitLab: then running; status.ts); once complete, inline comments for new findings
// not commented on before (up to the policy's number), replies on the ones a push fixed, the summary
// comment (edited, never duplicated), then the commit status / check run; once cancelled or failed, a final status in
// place of the pending one. Each step records what it did before the next, so a retry does not post twice.
import type { App } from "../../../kernel/app.ts";
import { createHostClient, type HostClient, type HostConnection, HostRefusedError } from "../../../platform/codehost/hosts/index.ts";
import { runFindings } from "../../findings/index.ts";
import { runFacts } from "../../runs/index.ts";
import type { ReviewPolicy } from "../types.ts";
import { bySeverity, fixedReply, inlineBody, type PostFinding, summaryBody, verdict } from "./compose.ts";
import type { JobRow } from "./jobs.ts";
import { postFinal, postStopped, postUnderWay } from "./status.ts";

export interface PostBackDeps {
  loadConnection(app: App, workspaceId: number, repositoryId: number): Promise<HostConnection | null>;
  loadPolicy(app: App, workspaceId: number, repositoryId: number): Promise<ReviewPolicy>;
  /** The host client for a connection (tests shorten its time limit). */
  client?(c: HostConnection): HostClient;
}

/** A post-back that cannot succeed by retrying (the repository was disconnected, the run is gone). */
export class PostBackGiveUp extends Error {}

const maxFindings = 5000;

/** Lines the change added, per path at its head. */
async function addedLines(app: App, repositoryId: number, change: { base: string; head: string }): Promise<Map<string, Array<{ start: number; end: number }>>> {
  const mirror = app.mirrors.get(repositoryId);
  const files = await mirror.diff(change.base, change.head);
  return new Map(files.filter((f) => f.status !== "deleted").map((f) => [f.path, f.added]));
}

/**
 * The open findings the run reported (not dismissed, not triaged away), each marked new when its
 * location touches a line the change added: those are the ones a review comments on. `reported`
 * holds every finding the run reported (null when the cap cut the list short).
 */
async function openFindings(app: App, job: JobRow, change: { base: string; head: string }): Promise<{ open: PostFinding[]; reported: Set<number> | null }> {
  let added: Map<string, Array<{ start: number; end: number }>> | null = null;
  const out: PostFinding[] = [];
  // Every finding the run reported, dismissed or triaged away included: only the others were fixed.
  const reported = new Set<number>();
  let after: number | undefined;
  while (out.length < maxFindings) {
    const page = await runFindings(app, job.workspace_id, job.run_id, { limit: 500, ...(after !== undefined ? { afterReport: after } : {}) }, app.now());
    for (const f of page.items) {
      reported.add(f.id);
      if (f.dismissed || (f.status !== "open" && f.status !== "investigating")) continue;
      // The diff is read only when there is a finding to place (most pushes of a clean change have none).
      added ??= await addedLines(app, job.repository_id, change);
      const ranges = added.get(f.location.path) ?? [];
      const touched = ranges.some((r) => r.start <= f.location.endLine && r.end >= f.location.startLine);
      out.push({ ...f, baseline: touched ? "new" : "unchanged" });
    }
    if (page.nextAfter === null) return { open: out, reported };
    after = page.nextAfter;
  }
  // Stopped at the cap: what the rest reports is unknown, so nothing can be called fixed.
  return { open: out, reported: null };
}

export type PostOutcome = { outcome: "posted" | "waiting" | "dropped"; commentUrl: string | null };

/** Posts what the run's state calls for (see the head of this file). Host failures propagate (the caller retries). */
export async function postRun(app: App, job: JobRow, deps: PostBackDeps): Promise<PostOutcome> {
  const conn = await deps.loadConnection(app, job.workspace_id, job.repository_id);
  if (!conn) throw new PostBackGiveUp("the repository is no longer connected to its code host");
  const db = app.store.db;
  const run = (await runFacts(db, job.workspace_id, [job.run_id])).get(job.run_id);
  const change = run?.change_json ? (JSON.parse(run.change_json) as { base: string; head: string }) : null;
  if (!run || !change) throw new PostBackGiveUp("the run no longer exists");
  const client = deps.client?.(conn) ?? createHostClient(conn);
  const runUrl = `${app.config.baseUrl}/app/runs/${job.run_id}`;
  if (!["complete", "cancelled", "failed"].includes(run.state)) {
    await postUnderWay(app, client, job, run.state, runUrl);
    return { outcome: "waiting", commentUrl: null };
  }
  // Ended: from here on a failed attempt is retried as the end of the run, never re-armed again.
  if (job.phase === "start") await db.updateTable("post_back_jobs").set({ phase: "end" }).where("run_id", "=", job.run_id).execute();
  if (run.state !== "complete") return { outcome: (await postStopped(app, client, job, run.state, runUrl)) ? "posted" : "dropped", commentUrl: null };
  const prior = await db
    .selectFrom("pull_request_posts")
    .selectAll()
    .where("workspace_id", "=", job.workspace_id)
    .where("repository_id", "=", job.repository_id)
    .where("pr", "=", job.pr)
    .executeTakeFirst();
  // A later run of this pull request posted already: an older review must not overwrite it, but its
  // own head's pending status still turns into its verdict.
  const superseded = prior !== undefined && prior.run_id > job.run_id;
  if (superseded && job.pending_at === null) return { outcome: "posted", commentUrl: prior.summary_url };
  const policy = await deps.loadPolicy(app, job.workspace_id, job.repository_id);
  const { open, reported } = await openFindings(app, job, change);
  if (superseded) {
    await postVerdict(client, job, open, policy, runUrl);
    return { outcome: "posted", commentUrl: prior.summary_url };
  }
  const commented = await db
    .selectFrom("posted_findings")
    .selectAll()
    .where("workspace_id", "=", job.workspace_id)
    .where("repository_id", "=", job.repository_id)
    .where("pr", "=", job.pr)
    .execute();
  const seen = new Set(commented.map((c) => c.finding_id));
  const fresh = open.filter((f) => f.baseline === "new").sort(bySeverity);
  const candidates = fresh.filter((f) => !seen.has(f.id));
  const chosen = candidates.slice(0, Math.max(0, policy.inlineComments));
  const notInline = candidates.slice(chosen.length);
  if (chosen.length > 0) {
    const posted = await client.postInlineComments(
      job.pr,
      job.head_sha,
      chosen.map((f) => ({ path: f.location.path, line: f.location.startLine, body: inlineBody(f) })),
    );
    const at = app.now().toISOString();
    for (const [i, f] of chosen.entries()) {
      const p = posted[i];
      if (!p) {
        notInline.push(f);
        continue;
      }
      await db
        .insertInto("posted_findings")
        .values({
          repository_id: job.repository_id,
          pr: job.pr,
          finding_id: f.id,
          workspace_id: job.workspace_id,
          comment_id: p.id,
          url: p.url,
          run_id: job.run_id,
          fixed_at: null,
          created_at: at,
        })
        .onConflict((oc) => oc.columns(["workspace_id", "repository_id", "pr", "finding_id"]).doNothing())
        .execute();
    }
  }

  let fixed = 0;
  for (const c of commented) {
    if (c.fixed_at !== null || !reported || reported.has(c.finding_id)) continue;
    try {
      await client.replyToInlineComment(job.pr, c.comment_id, fixedReply(job.head_sha));
    } catch (err) {
      // Someone deleted the comment on the host: there is no thread left to reply in.
      if (!(err instanceof HostRefusedError && err.reason === "not_found")) throw err;
    }
    await db
      .updateTable("posted_findings")
      .set({ fixed_at: app.now().toISOString() })
      .where("workspace_id", "=", job.workspace_id)
      .where("repository_id", "=", job.repository_id)
      .where("pr", "=", job.pr)
      .where("finding_id", "=", c.finding_id)
      .execute();
    fixed += 1;
  }

  const body = summaryBody({
    runId: job.run_id,
    runUrl,
    headSha: job.head_sha,
    costCents: run.price_cents - run.refunded_cents,
    failAt: policy.failAtSeverity,
    open,
    notInline,
    fixed,
  });
  const summary = await client.upsertSummaryComment(job.pr, body, prior?.summary_comment_id);
  const values = { summary_comment_id: summary.id, summary_url: summary.url, run_id: job.run_id, updated_at: app.now().toISOString() };
  await db
    .insertInto("pull_request_posts")
    .values({ repository_id: job.repository_id, pr: job.pr, workspace_id: job.workspace_id, ...values })
    .onConflict((oc) => oc.columns(["workspace_id", "repository_id", "pr"]).doUpdateSet(values))
    .execute();

  await postVerdict(client, job, open, policy, runUrl);
  return { outcome: "posted", commentUrl: summary.url };
}

async function postVerdict(client: HostClient, job: JobRow, open: PostFinding[], policy: ReviewPolicy, runUrl: string): Promise<void> {
  const { failing, description } = verdict(open, policy.failAtSeverity);
  await postFinal(client, job, { state: failing.length > 0 ? "failure" : "success", description, targetUrl: runUrl });
}
