// Test support: the commit statuses crs posts to the GitLab stand-in, kept as GitLab keeps them: one
// status per run of a name on a commit, moved through GitLab's state machine, a refused move answered 400.
import { revParse } from "./served-repo.ts";
import type { Reply } from "./server.ts";

/**
 * GitLab's commit status state machine for an external status (Ci::CreateCommitStatusService:
 * pending = enqueue!, running = enqueue then run!, success!, failed = drop!, canceled = cancel!):
 * the state a post leads to, or the event GitLab refuses (400 "Cannot transition status").
 */
function gitlabTransition(from: string, to: string): string | { event: string } {
  const open = from === "created" || from === "pending" || from === "running";
  switch (to) {
    case "pending":
      return from === "created" ? "pending" : { event: "enqueue" };
    case "running":
      return from === "created" || from === "pending" ? "running" : { event: "run" };
    case "success":
      return open ? "success" : { event: "success" };
    case "failed":
      return open ? "failed" : { event: "drop" };
    case "canceled":
      return open ? "canceled" : { event: "cancel" };
  }
  return { event: to };
}

export class GitLabCommitStatuses {
  /** Every post, as crs sent it. */
  readonly statuses: Array<{ sha: string; state: string; name: string; description?: string; target_url?: string }> = [];
  /** The statuses as GitLab keeps them (one per run of a name on a commit), each in its current state. */
  readonly statusJobs: Array<{ id: number; sha: string; name: string; state: string }> = [];
  private readonly nextId: () => number;

  /** `nextId` is the stand-in's id counter. */
  constructor(nextId: () => number) {
    this.nextId = nextId;
  }

  /** The reply to POST /projects/:id/statuses/:sha. */
  async post(gitDir: string, sha: string, b: Record<string, unknown>): Promise<Reply> {
    if (!(await revParse(gitDir, sha))) return { status: 404, body: { message: "404 References Not Found" } };
    const name = String(b.name ?? b.context ?? "default");
    const state = String(b.state);
    // As GitLab does: the post moves the status of that name still pending or running; with none
    // (never posted, or finished) it starts a new one, so a late pending/running reopens the head.
    let job = this.statusJobs.find((j) => j.sha === sha && j.name === name && (j.state === "pending" || j.state === "running"));
    const created = !job;
    job ??= { id: this.nextId(), sha, name, state: "created" };
    const moved = gitlabTransition(job.state, state);
    if (typeof moved !== "string") return { status: 400, body: { message: `Cannot transition status via :${moved.event} from :${job.state}` } };
    job.state = moved;
    if (created) this.statusJobs.push(job);
    const s = { sha, state, name, description: b.description as string | undefined, target_url: b.target_url as string | undefined };
    this.statuses.push(s);
    return { status: 201, body: { id: job.id, status: s.state, ...s } };
  }
}
