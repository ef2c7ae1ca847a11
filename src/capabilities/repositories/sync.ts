// One sync of one repository's mirror under the lease, recording the outcome on the row. Never
// throws for a failing remote: the failure is stored (mirror failed, access lost or unavailable)
// and returned, so a background sync cannot break the server.
import { AppError } from "../../kernel/errors.ts";
import { isAccessLost, isRemoteFailureReason, type RemoteFailureReason } from "../../platform/codehost/index.ts";
import { leaseOwner, renewLease, takeLease } from "./lease.ts";
import { safeRemote } from "./view.ts";
import { syncLeaseMs, syncTimeoutMs, type RepoDeps } from "./types.ts";
import { checkWebRemote } from "./web-remote.ts";

/** The web policy's refusal as a remote failure (access denied), recorded on the row like any other. */
async function recheckWebRemote(remote: string, allow: readonly string[]): Promise<void> {
  try {
    await checkWebRemote(remote, allow);
  } catch (err) {
    const detail = err instanceof AppError ? err.message : String(err);
    throw new AppError("conflict", `The remote was refused before fetching: ${detail}`, { details: { reason: "access_denied" } });
  }
}

export type SyncOutcome =
  | { status: "synced"; syncedAt: string; defaultBranch: string | null }
  | { status: "failed"; reason: string; message: string }
  /** Another sync holds the lease. */
  | { status: "busy" }
  /** The repository was removed. */
  | { status: "gone" }
  /** Stopped through the signal (server shutdown); a new sync is requested. */
  | { status: "stopped" };

export interface SyncRunOptions {
  timeoutMs?: number;
  leaseMs?: number;
  /** Aborting stops the sync without recording a failure (shutdown). */
  signal?: AbortSignal;
}

function failureOf(err: unknown, remote: string): { reason: string; message: string; remoteReason: RemoteFailureReason | null } {
  const reason = err instanceof AppError ? err.details?.reason : undefined;
  if (isRemoteFailureReason(reason)) {
    // The cause carries git's first fatal line, already stripped of URL credentials.
    const said = err instanceof Error && err.cause instanceof Error ? ` (${err.cause.message})` : "";
    let message = `${(err as Error).message}${said}`;
    const safe = safeRemote(remote);
    if (safe !== remote) message = message.split(remote).join(safe);
    return { reason, message: message.slice(0, 500), remoteReason: reason };
  }
  return { reason: "mirror_error", message: "Writing the mirror failed on the server; see the server log.", remoteReason: null };
}

export async function syncRepository(deps: RepoDeps, repositoryId: number, opts: SyncRunOptions = {}): Promise<SyncOutcome> {
  const { store } = deps;
  const row = await store.db
    .selectFrom("repositories")
    .select(["id", "remote", "default_branch_override", "web_added"])
    .where("id", "=", repositoryId)
    .executeTakeFirst();
  if (!row) return { status: "gone" };
  const leaseMs = opts.leaseMs ?? syncLeaseMs;
  const owner = leaseOwner();
  if (!(await takeLease(store, row.id, owner, leaseMs))) return { status: "busy" };

  const controller = new AbortController();
  let stopped = false;
  const onStop = () => {
    stopped = true;
    controller.abort();
  };
  if (opts.signal?.aborted) onStop();
  else opts.signal?.addEventListener("abort", onStop, { once: true });
  const renew = setInterval(
    () => {
      renewLease(store, row.id, owner, leaseMs)
        .then((held) => {
          if (!held) controller.abort();
        })
        .catch((err) => deps.log?.warn({ err, repositoryId: row.id }, "repository sync: renewing the lease failed"));
    },
    Math.max(50, Math.floor(leaseMs / 3)),
  );
  renew.unref();

  const mine = store.db.updateTable("repositories").where("id", "=", row.id).where("sync_owner", "=", owner);
  const release = { sync_owner: null, sync_lease_until: null };
  try {
    // A host that resolved to a public address when added may point inside since (DNS rebinding).
    if (row.web_added) await recheckWebRemote(row.remote, deps.config?.webRemoteAllow ?? []);
    const env = await deps.gitAuth?.(row.id);
    const result = await deps.mirrors.get(row.id).sync(row.remote, { timeoutMs: opts.timeoutMs ?? syncTimeoutMs, signal: controller.signal, env });
    const done = await mine
      .set({
        ...release,
        mirror_state: "ready",
        mirror_reason: null,
        mirror_message: null,
        last_synced_at: result.syncedAt,
        default_branch: row.default_branch_override ?? result.defaultBranch,
        access: "ok",
        access_reason: null,
      })
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) await dropIfRemoved(deps, row.id);
    return { status: "synced", syncedAt: result.syncedAt, defaultBranch: row.default_branch_override ?? result.defaultBranch };
  } catch (err) {
    if (stopped) {
      // Shutdown: leave the outcome as it was and ask for the sync again.
      await mine.set({ ...release, sync_requested_at: new Date().toISOString() }).execute();
      return { status: "stopped" };
    }
    const f = failureOf(err, row.remote);
    if (!f.remoteReason) deps.log?.error({ err, repositoryId: row.id }, "repository sync failed");
    else deps.log?.warn({ repositoryId: row.id, reason: f.reason }, "repository sync failed");
    const access = f.remoteReason ? { access: isAccessLost(f.remoteReason) ? ("lost" as const) : ("unavailable" as const), access_reason: f.remoteReason } : {};
    const done = await mine.set({ ...release, mirror_state: "failed", mirror_reason: f.reason, mirror_message: f.message, ...access }).executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) await dropIfRemoved(deps, row.id);
    return { status: "failed", reason: f.reason, message: f.message };
  } finally {
    clearInterval(renew);
    opts.signal?.removeEventListener("abort", onStop);
  }
}

/** A repository removed while its sync ran: the sync may have re-created the mirror directory. */
async function dropIfRemoved(deps: RepoDeps, id: number): Promise<void> {
  const still = await deps.store.db.selectFrom("repositories").select("id").where("id", "=", id).executeTakeFirst();
  if (!still) await deps.mirrors.remove(id);
}

/**
 * Syncs now, or when another sync holds the lease, waits for it to end (polling the row) and then syncs
 * itself: the other sync may have fetched before the caller's change reached the remote, so its outcome
 * cannot stand for "synced as of this call". For `crs admin repo sync --wait` and first syncs run inline.
 */
export async function syncAndWait(deps: RepoDeps, repositoryId: number, opts: SyncRunOptions & { pollMs?: number } = {}): Promise<SyncOutcome> {
  const deadline = Date.now() + (opts.timeoutMs ?? syncTimeoutMs) + (opts.leaseMs ?? syncLeaseMs);
  for (;;) {
    const outcome = await syncRepository(deps, repositoryId, opts);
    if (outcome.status !== "busy") return outcome;
    // Someone else is syncing: wait until the lease is released (or lapses, then take over).
    for (;;) {
      await new Promise((r) => setTimeout(r, opts.pollMs ?? 200));
      const row = await deps.store.db.selectFrom("repositories").select(["sync_owner", "sync_lease_until"]).where("id", "=", repositoryId).executeTakeFirst();
      if (!row) return { status: "gone" };
      if (row.sync_owner === null) break; // released: sync ourselves
      if (row.sync_lease_until === null || row.sync_lease_until < new Date().toISOString()) break; // lapsed: take over
      if (Date.now() > deadline) return { status: "busy" };
    }
  }
}
