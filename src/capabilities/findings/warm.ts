// Positions are computed on first read and cached per process, so a server just started would
// make its first inbox reader wait for every repository's (seconds on a large workspace). Warming
// computes the default heads of reviewed repositories in the background instead, newest workspaces
// first, up to the cache's capacity, one at a time so requests are served in between.
import { AppError } from "../../kernel/errors.ts";
import { fullyReviewedRepositories, resolveAt, usableMirror } from "../repositories/index.ts";
import type { ListDeps } from "./views.ts";
import { inboxVersion, positionCacheLimit, positionView } from "./position.ts";

/** Returns how many positions were computed; stops early when `stopped()` turns true. */
export async function warmPositions(deps: ListDeps, now: () => Date, stopped: () => boolean = () => false): Promise<number> {
  // Repositories with a full review: the others' positions are empty and cheap on first read.
  const reviewed = await fullyReviewedRepositories(deps.store, positionCacheLimit);
  let warmed = 0;
  const versions = new Map<number, number>();
  for (const repo of reviewed) {
    if (stopped()) break;
    try {
      let version = versions.get(repo.workspace_id);
      if (version === undefined) versions.set(repo.workspace_id, (version = await inboxVersion(deps.store, repo.workspace_id)));
      const mirror = usableMirror(deps.mirrors, repo);
      const pos = await resolveAt({ app: { mirrors: deps.mirrors } }, repo, undefined);
      await positionView(deps.store, mirror, repo.workspace_id, repo.id, pos.sha, now(), version);
      warmed++;
    } catch (err) {
      // A repository that cannot be evaluated now is reported by the list itself when read.
      if (!(err instanceof AppError)) throw err;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  return warmed;
}
