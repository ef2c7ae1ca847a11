// Stage 1, checkout: the recorded commits are read from the mirrors and the files to review are
// chosen: every file of the tree in scope (full review), or the changed files with their added
// lines (change review). Nothing is copied to disk: analysis streams the blobs from git.
import { AppError } from "../../../../kernel/errors.ts";
import type { RemovedRange } from "../../../../platform/codehost/index.ts";
import { scopeMatcher } from "../../../../review/index.ts";
import { resolveRepository, usableMirror } from "../../../repositories/index.ts";
import type { ChangeView, Target } from "../../types.ts";
import { syncTimeoutMs } from "../../../repositories/index.ts";
import type { RunContext } from "../run-context.ts";
import type { RepoConfig } from "../../../../review/index.ts";
import { repoConfigAt, withSkips } from "../../repo-config.ts";

export interface TargetPlan {
  repositoryId: number;
  sha: string;
  full: boolean;
  /** The files to read (exact path bytes). */
  paths: Buffer[];
  /** Change review: path → added line ranges (1-based, inclusive). */
  changed?: Map<string, Array<[number, number]>>;
  /** Change review: the base commit and, per head path, the base lines the change removed (the model reviewer shows them). */
  removed?: { base: string; files: Map<string, { pathBytes: Buffer; basePathBytes: Buffer; ranges: RemovedRange[] }> };
  /** The target's .crs.yml at the reviewed commit (change: the head), when it is usable. */
  repoConfig?: RepoConfig;
  /** Why its .crs.yml was ignored, or null. */
  configWarning: string | null;
}

export async function checkout(rc: RunContext): Promise<TargetPlan[]> {
  const row = rc.row;
  const targets = JSON.parse(row.targets_json) as Target[];
  const change = row.change_json ? (JSON.parse(row.change_json) as ChangeView) : null;
  const inScope = scopeMatcher(JSON.parse(row.scope_json) as string[]);
  const plans: TargetPlan[] = [];
  for (const t of targets) {
    const repo = await resolveRepository(rc.app.store, row.workspace_id, { id: t.repository.id }).catch(() => {
      throw new AppError("repository_not_runnable", `Repository ${t.repository.fullName} was removed from the workspace.`, {
        details: { reason: "repository_removed" },
      });
    });
    // A worker on another machine keeps mirrors of its own: it fetches one it lacks, or one that
    // lacks the commit (the server that priced the run fetched newer commits than it has).
    const local = rc.app.mirrors.get(repo.id);
    if (!local.exists() && repo.access !== "lost") await local.sync(repo.remote, { timeoutMs: syncTimeoutMs });
    const mirror = usableMirror(rc.app.mirrors, repo);
    let found = await mirror.resolveCommit(t.sha);
    if (found.status === "missing") {
      await mirror.sync(repo.remote, { timeoutMs: syncTimeoutMs }).catch(() => {});
      found = await mirror.resolveCommit(t.sha);
    }
    if (found.status !== "found") {
      throw new AppError(
        "position_unavailable",
        `Commit ${t.sha} of ${t.repository.fullName} is no longer in the mirror (force-pushed away?); start a new run.`,
        { details: { reason: "unknown_commit" } },
      );
    }
    const tuning = await repoConfigAt(mirror, change ? change.head : t.sha);
    const wanted = withSkips(inScope, tuning);
    const tuned = { ...(tuning.config ? { repoConfig: tuning.config } : {}), configWarning: tuning.warning };
    if (change) {
      const files = await mirror.diff(change.base, change.head);
      const changed = new Map<string, Array<[number, number]>>();
      const removed = new Map<string, { pathBytes: Buffer; basePathBytes: Buffer; ranges: RemovedRange[] }>();
      const paths: Buffer[] = [];
      for (const f of files) {
        if (f.status === "deleted" || f.binary || (wanted && !wanted(f.path))) continue;
        if (f.removed.length) removed.set(f.path, { pathBytes: f.pathBytes, basePathBytes: f.oldPathBytes ?? f.pathBytes, ranges: f.removed });
        if (f.added.length === 0) continue;
        changed.set(
          f.path,
          f.added.map((r) => [r.start, r.end]),
        );
        paths.push(f.pathBytes);
      }
      plans.push({ repositoryId: t.repository.id, sha: change.head, full: false, paths, changed, removed: { base: change.base, files: removed }, ...tuned });
    } else {
      const entries = await mirror.listTree(t.sha, { sizes: false });
      const paths = entries.filter((e) => e.kind !== "symlink" && (!wanted || wanted(e.path))).map((e) => e.pathBytes);
      plans.push({ repositoryId: t.repository.id, sha: t.sha, full: true, paths, ...tuned });
    }
    await rc.checkpoint();
  }
  return plans;
}
