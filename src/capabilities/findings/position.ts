// The findings of one repository at one commit: those present at the nearest fully reviewed commit
// on its first-parent history (the coverage), plus those an earlier review on that history found
// and the coverage no longer has (fixed there), each with its status read at the commit (computed in position-compute.ts). What a
// position computes is cached per (repository, commit) with the inbox version it reflects: any import
// or triage change bumps the workspace's version, so a cached answer is never stale. After triage a
// cached position re-reads only the findings changed since; after an import, or once a decision
// expires, it is computed afresh.
import type { Mirror } from "../../platform/codehost/index.ts";
import type { Store } from "../../platform/store/index.ts";
import { bumpWorkspaceInboxVersion, workspaceInboxVersion } from "../identity/index.ts";
import { importVersion, setImportVersion } from "../repositories/index.ts";
import { compute, type Computed, type PositionView, statusRecords, validUntilOf } from "./position-compute.ts";
import { effectiveSeverity, statusAt } from "./status.ts";

// Promises, so concurrent requests for one position share one computation. One entry per position
// (the newest version computed); bounded by count and by the history entries they hold.
const cache = new Map<string, Promise<Computed>>();
export const positionCacheLimit = 256;
const historyEntriesLimit = 1_000_000;
let historyEntries = 0;
const sizes = new Map<string, number>();
/** Past this many findings triaged since a cached view, computing afresh is cheaper than patching. */
const patchLimit = 2_000;

/** How many positions this process holds computed (or computing). */
export function cachedPositions(): number {
  return cache.size;
}

/** Forgets every cached position (tests compare a patched position with one computed afresh). */
export function forgetPositions(): void {
  cache.clear();
  sizes.clear();
  historyEntries = 0;
}

export function inboxVersion(store: Store, workspaceId: number): Promise<number> {
  return workspaceInboxVersion(store.db, workspaceId);
}

function remember(key: string, computing: Promise<Computed>): void {
  cache.delete(key);
  cache.set(key, computing);
  computing.then(
    (c) => {
      if (cache.get(key) !== computing) return;
      historyEntries += c.index.size - (sizes.get(key) ?? 0);
      sizes.set(key, c.index.size);
      while (cache.size > positionCacheLimit || (historyEntries > historyEntriesLimit && cache.size > 1)) {
        const oldest = cache.keys().next().value!;
        cache.delete(oldest);
        historyEntries -= sizes.get(oldest) ?? 0;
        sizes.delete(oldest);
      }
    },
    () => {
      if (cache.get(key) !== computing) return;
      cache.delete(key);
      historyEntries -= sizes.get(key) ?? 0;
      sizes.delete(key);
    },
  );
}

/** `version` is the workspace's inbox version when the caller read it already (one read for many positions). */
export async function positionView(
  store: Store,
  mirror: Mirror,
  workspaceId: number,
  repositoryId: number,
  sha: string,
  now: Date,
  version?: number,
): Promise<PositionView> {
  const target = version ?? (await inboxVersion(store, workspaceId));
  const key = `${store.engine}:${workspaceId}:${repositoryId}:${sha}`;
  const hit = cache.get(key);
  const held = hit ? await hit.catch(() => undefined) : undefined;
  const fresh = (c: Computed) => c.view.validUntil === null || c.view.validUntil > now.toISOString();
  if (held && held.version >= target && fresh(held)) return held.view;
  // Another request may have started the same refresh meanwhile.
  if (cache.get(key) !== hit) return positionView(store, mirror, workspaceId, repositoryId, sha, now, target);
  const computing =
    held && held.version < target && fresh(held)
      ? refresh(store, mirror, workspaceId, repositoryId, sha, now, held, target)
      : compute(store, mirror, workspaceId, repositoryId, sha, now, target, (base) =>
          positionView(store, mirror, workspaceId, repositoryId, base, now, target),
        );
  remember(key, computing);
  return (await computing).view;
}

/**
 * Brings a cached position from its version to `target` when nothing was imported since: only the
 * findings triaged in between are read again (their rows and statuses); presence is unchanged.
 */
async function refresh(
  store: Store,
  mirror: Mirror,
  workspaceId: number,
  repositoryId: number,
  sha: string,
  now: Date,
  held: Computed,
  target: number,
): Promise<Computed> {
  if ((await importVersion(store.db, workspaceId, repositoryId)) > held.version)
    return compute(store, mirror, workspaceId, repositoryId, sha, now, target, (base) =>
      positionView(store, mirror, workspaceId, repositoryId, base, now, target),
    );
  const changed = await store.db
    .selectFrom("findings")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where("changed_version", ">", held.version)
    .limit(patchLimit + 1)
    .execute();
  if (changed.length > patchLimit)
    return compute(store, mirror, workspaceId, repositoryId, sha, now, target, (base) =>
      positionView(store, mirror, workspaceId, repositoryId, base, now, target),
    );
  const at = new Map(held.view.entries.map((e, i) => [e.finding.id, i]));
  const mine = changed.filter((f) => at.has(f.id));
  if (mine.length === 0) return { ...held, version: target };
  const records = await statusRecords(
    store,
    workspaceId,
    repositoryId,
    held.index,
    mine.map((f) => f.id),
  );
  const entries = [...held.view.entries];
  for (const f of mine) {
    const old = entries[at.get(f.id)!]!;
    entries[at.get(f.id)!] = {
      ...old,
      finding: f,
      severity: effectiveSeverity(f),
      status: statusAt({ finding: f, present: old.present, record: records.get(f.id) ?? null, coverageIndex: held.coverageIndex }, now),
    };
  }
  return { ...held, version: target, view: { ...held.view, entries, validUntil: validUntilOf(entries, now) } };
}

/**
 * Marks the workspace's inbox changed (inside the transaction that changes it): by an import into
 * these repositories, whose positions are then computed afresh, and of these findings (triaged, or
 * reported again by the import), which other cached positions re-read alone.
 */
export async function bumpInbox(tx: Store["db"], workspaceId: number, change: { findings: number[]; repositories?: number[] }): Promise<void> {
  const version = await bumpWorkspaceInboxVersion(tx, workspaceId);
  await setImportVersion(tx, workspaceId, change.repositories ?? [], version);
  // A finding is one row however many repositories report it (same fingerprint): the other
  // repositories' cached positions re-read the rows an import or triage changed.
  for (let i = 0; i < change.findings.length; i += 500) {
    await tx
      .updateTable("findings")
      .set({ changed_version: version })
      .where("workspace_id", "=", workspaceId)
      .where("id", "in", change.findings.slice(i, i + 500))
      .execute();
  }
}
