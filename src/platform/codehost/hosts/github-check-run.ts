// A GitHub App reports a review's state as a check run (fine-grained tokens cannot create one; they
// post a commit status instead, in github.ts).
import type { Octokit } from "@octokit/rest";
import { call } from "./github-call.ts";
import type { CommitStatus } from "./types.ts";

/** Creates the check run, or updates the one `s.checkRunId` names (a pending run turned final); returns its id. */
export async function checkRun(octokit: Octokit, owner: string, repo: string, sha: string, s: CommitStatus): Promise<string> {
  const done = s.state !== "pending" && s.state !== "running";
  const conclusion: "success" | "cancelled" | "failure" = s.state === "success" ? "success" : s.state === "cancelled" ? "cancelled" : "failure";
  const fields = {
    status: done ? ("completed" as const) : ("in_progress" as const),
    ...(done ? { conclusion, completed_at: new Date().toISOString() } : {}),
    details_url: s.targetUrl,
    output: { title: s.description.slice(0, 140), summary: s.description },
  };
  if (s.checkRunId && /^\d+$/.test(s.checkRunId)) {
    try {
      const { data } = await call(() => octokit.rest.checks.update({ owner, repo, check_run_id: Number(s.checkRunId), ...fields }));
      return String(data.id);
    } catch (err) {
      // Gone on the host: a new check run carries the verdict.
      if ((err as { reason?: unknown }).reason !== "not_found") throw err;
    }
  }
  const { data } = await call(() => octokit.rest.checks.create({ owner, repo, name: s.context, head_sha: sha, ...fields }));
  return String(data.id);
}
