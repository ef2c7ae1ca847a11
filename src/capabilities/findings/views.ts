// The positions the inbox lists read: every registered repository's view at its default branch
// head (the organization's list, its facets and export), with the repositories that cannot be read
// now set apart.
import type { MirrorPool } from "../../platform/codehost/index.ts";
import { AppError } from "../../kernel/errors.ts";
import type { Store } from "../../platform/store/index.ts";
import { allRepositories, resolveAt, usableMirror } from "../repositories/index.ts";
import type { RepositoryRow } from "../repositories/index.ts";
import { positionView } from "./position.ts";
import { historyOf, type PositionView } from "./position-compute.ts";

export interface ListDeps {
  store: Store;
  mirrors: MirrorPool;
  config: { baseUrl: string };
}

export type RepositoryView = { repo: RepositoryRow; view: PositionView };
type Unavailable = { repository: { id: number; fullName: string }; reason: string; message: string };

/** `fn` over `items`, `lanes` at a time, results in the items' order. */
async function inLanes<T, R>(items: T[], lanes: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < items.length; i = next++) out[i] = await fn(items[i]!, i);
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
  return out;
}

type Outcome<T> = { ok: T } | { unavailable: Unavailable };

/** An AppError (a mirror not synced, an unknown default branch) makes the repository unavailable; anything else throws. */
async function orUnavailable<T>(repo: RepositoryRow, fn: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: await fn() };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { unavailable: { repository: { id: repo.id, fullName: repo.full_name }, reason: String(err.details?.reason ?? err.code), message: err.message } };
  }
}

/**
 * Every registered repository's view at its default branch head, and those that cannot be read now.
 * The git work comes first for all of them (a few at a time): each git process started by a server
 * holding the findings' rows costs it several times more (starting a process copies the parent's
 * page tables), so a cold organization-wide list reads every head and history before any rows.
 */
export async function defaultViews(deps: ListDeps, workspaceId: number, version: number, now: Date) {
  const repos = await allRepositories(deps.store, workspaceId);
  const heads = await inLanes(repos, 8, (repo) =>
    orUnavailable(repo, async () => {
      const mirror = usableMirror(deps.mirrors, repo);
      const pos = await resolveAt({ app: { mirrors: deps.mirrors } }, repo, undefined);
      await historyOf(mirror, pos.sha);
      return { mirror, sha: pos.sha };
    }),
  );
  // Rows next; a few repositories at a time, so a networked store's round trips overlap.
  const outcomes = await inLanes(repos, 4, async (repo, i) => {
    const head = heads[i]!;
    if (!("ok" in head)) return head;
    return orUnavailable(repo, () => positionView(deps.store, head.ok.mirror, workspaceId, repo.id, head.ok.sha, now, version));
  });
  const views: RepositoryView[] = [];
  const unavailable: Unavailable[] = [];
  outcomes.forEach((o, i) => {
    if ("ok" in o) views.push({ repo: repos[i]!, view: o.ok });
    else unavailable.push(o.unavailable);
  });
  return { views, unavailable };
}
