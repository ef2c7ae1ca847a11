// The sync scheduler of a server process: it polls the store for repositories that need a sync
// (requested on registration or by `crs admin repo sync` from any process, due by the sync
// interval, or left with a lapsed lease by a process that died) and syncs them in the background,
// a few at a time. It reads every workspace's repositories: it is the service's own work, not a
// request. The lease (lease.ts) keeps several servers sharing one store from syncing one repository twice.
import { sql } from "kysely";
import { leaseFree } from "./lease.ts";
import { syncRepository, type SyncRunOptions } from "./sync.ts";
import type { RepoDeps } from "./types.ts";

export interface SchedulerOptions {
  /** 0: no periodic sync (on registration and on request only). */
  intervalSeconds: number;
  /** How often to look for work. */
  pollMs?: number;
  concurrency?: number;
  sync?: Omit<SyncRunOptions, "signal">;
}

interface Scheduler {
  tick(): void;
}
const running = new WeakMap<object, Scheduler>();

/** Looks for work now in the scheduler started for these deps (the App), if any. */
export function wakeSyncScheduler(deps: object): void {
  running.get(deps)?.tick();
}

/** Ids due for a sync, oldest need first, skipping those whose lease is held. */
async function dueRepositories(deps: RepoDeps, intervalSeconds: number, limit: number): Promise<number[]> {
  const now = new Date();
  const at = now.toISOString();
  const cutoff = new Date(now.getTime() - intervalSeconds * 1000).toISOString();
  const rows = await deps.store.db
    .selectFrom("repositories")
    .select("id")
    .where(leaseFree(at))
    .where((eb) => {
      const due = [eb("sync_requested_at", "is not", null), eb("sync_owner", "is not", null)];
      if (intervalSeconds > 0) due.push(eb("last_attempt_at", "is", null), eb("last_attempt_at", "<", cutoff));
      return eb.or(due);
    })
    .orderBy(sql`coalesce(sync_requested_at, last_attempt_at, created_at)`)
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Starts the scheduler; the returned stopper ends polling, stops running syncs and waits for them. */
export function startSyncScheduler(deps: RepoDeps, opts: SchedulerOptions): () => Promise<void> {
  const concurrency = opts.concurrency ?? 4;
  const active = new Map<number, Promise<void>>();
  const stop = new AbortController();
  let ticking = false;
  let again = false;

  async function look(): Promise<void> {
    if (stop.signal.aborted) return;
    if (ticking) {
      again = true;
      return;
    }
    ticking = true;
    try {
      do {
        again = false;
        const room = concurrency - active.size;
        if (room <= 0) break;
        const due = await dueRepositories(deps, opts.intervalSeconds, room + active.size);
        for (const id of due) {
          if (active.size >= concurrency || stop.signal.aborted) break;
          if (!active.has(id)) start(id);
        }
      } while (again && !stop.signal.aborted);
    } catch (err) {
      deps.log?.warn({ err }, "repository sync scheduler: looking for work failed");
    } finally {
      ticking = false;
    }
  }

  function start(id: number): void {
    // Outcomes are recorded on the row (and failures logged) by syncRepository itself.
    const run = syncRepository(deps, id, { ...opts.sync, signal: stop.signal })
      .then(() => {})
      .catch((err) => deps.log?.error({ err, repositoryId: id }, "repository sync: recording the outcome failed"))
      .finally(() => {
        active.delete(id);
        // A slot is free: more may be waiting.
        if (!stop.signal.aborted) void look();
      });
    active.set(id, run);
  }

  const scheduler: Scheduler = { tick: () => void look() };
  running.set(deps, scheduler);
  const timer = setInterval(() => void look(), opts.pollMs ?? 1000);
  timer.unref();
  void look();

  return async () => {
    clearInterval(timer);
    stop.abort();
    if (running.get(deps) === scheduler) running.delete(deps);
    await Promise.allSettled([...active.values()]);
    // A look that was already querying when we stopped must finish before the store closes.
    while (ticking) await new Promise((r) => setTimeout(r, 10));
  };
}
