// The run queue is the runs table. A worker claims the oldest run that is queued, or whose lease
// lapsed (its worker died), by setting itself as the lease owner in one statement; PostgreSQL
// skips rows another worker is claiming (FOR UPDATE SKIP LOCKED), SQLite has one writer. Every
// later write of the run names the owner, so a worker that lost its lease can change nothing.
import type { Store } from "../../../platform/store/index.ts";
import type { RunRow } from "../view.ts";

/** States a worker may be executing; a run in one of them with a lapsed lease is taken over. */
export const activeStates = ["in_progress", "compilation_in_progress", "compilation_completed", "analysis_in_progress", "analysis_completed"] as const;

export class LeaseLost extends Error {
  constructor(runId: number) {
    super(`run ${runId}: another worker holds its lease`);
  }
}

export async function claimRun(store: Store, owner: string, leaseMs: number, now: Date): Promise<RunRow | undefined> {
  const at = now.toISOString();
  const until = new Date(now.getTime() + leaseMs).toISOString();
  const row = await store.db.updateTable("runs")
    // A queued run leaves the queue in the same statement (in_progress); a taken-over one keeps its state.
    .set((eb) => ({
      lease_owner: owner, lease_until: until, attempts: eb("attempts", "+", 1),
      state: eb.case().when("state", "=", "queued").then("in_progress").else(eb.ref("state")).end(),
    }))
    .where("id", "=", (eb) => {
      let q = eb.selectFrom("runs").select("id")
        .where((w) => w.or([
          w("state", "=", "queued"),
          w.and([w("state", "in", [...activeStates]), w("lease_until", "<", at)]),
        ]))
        .orderBy("id").limit(1);
      if (store.engine === "postgres") q = q.forUpdate().skipLocked();
      return q;
    })
    .returningAll()
    .executeTakeFirst();
  return row;
}

/** Extends the lease; false when another worker took the run over. Also tells whether a cancel was asked. */
export async function renewLease(store: Store, runId: number, owner: string, leaseMs: number, now: Date): Promise<{ held: boolean; cancelRequested: boolean }> {
  const row = await store.db.updateTable("runs").set({ lease_until: new Date(now.getTime() + leaseMs).toISOString() })
    .where("id", "=", runId).where("lease_owner", "=", owner)
    .returning(["cancel_requested_at"]).executeTakeFirst();
  return { held: !!row, cancelRequested: !!row?.cancel_requested_at };
}
