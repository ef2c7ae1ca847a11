// The run queue is the runs table. A worker claims the oldest run that is queued, or whose lease
// lapsed (its worker died), by setting itself as the lease owner in one statement; PostgreSQL
// skips rows another worker is claiming (FOR UPDATE SKIP LOCKED), SQLite has one writer. Every
// later write of the run names the owner, so a worker that lost its lease can change nothing.
// These are the only statements the worker's loop runs against a run's state.
import type { Store } from "../../platform/store/index.ts";
import type { RunRow } from "./view.ts";

/** States a worker may be executing; a run in one of them with a lapsed lease is taken over. */
const activeStates = ["in_progress", "compilation_in_progress", "compilation_completed", "analysis_in_progress", "analysis_completed"] as const;

export class LeaseLost extends Error {
  constructor(runId: number) {
    super(`run ${runId}: another worker holds its lease`);
  }
}

export async function claimRun(store: Store, owner: string, leaseMs: number, now: Date): Promise<RunRow | undefined> {
  const at = now.toISOString();
  const until = new Date(now.getTime() + leaseMs).toISOString();
  const row = await store.db
    .updateTable("runs")
    // A queued run leaves the queue in the same statement (in_progress); a taken-over one keeps its state.
    .set((eb) => ({
      lease_owner: owner,
      lease_until: until,
      attempts: eb("attempts", "+", 1),
      state: eb.case().when("state", "=", "queued").then("in_progress").else(eb.ref("state")).end(),
    }))
    .where("id", "=", (eb) => {
      let q = eb
        .selectFrom("runs")
        .select("id")
        .where((w) => w.or([w("state", "=", "queued"), w.and([w("state", "in", [...activeStates]), w("lease_until", "<", at)])]))
        .orderBy("id")
        .limit(1);
      if (store.engine === "postgres") q = q.forUpdate().skipLocked();
      return q;
    })
    .returningAll()
    .executeTakeFirst();
  return row;
}

/** Extends the lease; false when another worker took the run over. Also tells whether a cancel was asked. */
export async function renewLease(store: Store, runId: number, owner: string, leaseMs: number, now: Date): Promise<{ held: boolean; cancelRequested: boolean }> {
  const row = await store.db
    .updateTable("runs")
    .set({ lease_until: new Date(now.getTime() + leaseMs).toISOString() })
    .where("id", "=", runId)
    .where("lease_owner", "=", owner)
    .returning(["cancel_requested_at"])
    .executeTakeFirst();
  return { held: !!row, cancelRequested: !!row?.cancel_requested_at };
}

/** Whether the run still belongs to `owner`, and whether a cancel was asked. */
export async function leaseState(store: Store, runId: number, owner: string): Promise<{ held: boolean; cancelRequested: boolean }> {
  const r = await store.db.selectFrom("runs").select(["cancel_requested_at", "lease_owner"]).where("id", "=", runId).executeTakeFirst();
  return { held: !!r && r.lease_owner === owner, cancelRequested: !!r?.cancel_requested_at };
}

/** Writes the run as its lease owner; throws LeaseLost when another worker holds it. */
export async function writeRun(store: Store, runId: number, owner: string, patch: Record<string, unknown>): Promise<RunRow> {
  const row = await store.db.updateTable("runs").set(patch).where("id", "=", runId).where("lease_owner", "=", owner).returningAll().executeTakeFirst();
  if (!row) throw new LeaseLost(runId);
  return row;
}

/** The analysis results kept for a run (a worker that took it over resumes at the import). */
export async function savedResults<T>(store: Store, runId: number): Promise<T | undefined> {
  const row = await store.db.selectFrom("run_results").select("results_json").where("run_id", "=", runId).executeTakeFirst();
  return row ? (JSON.parse(row.results_json) as T) : undefined;
}

export async function saveResults(store: Store, run: Pick<RunRow, "id" | "workspace_id">, results: unknown, now: Date): Promise<void> {
  const json = JSON.stringify(results);
  await store.db
    .insertInto("run_results")
    .values({ run_id: run.id, workspace_id: run.workspace_id, results_json: json, created_at: now.toISOString() })
    .onConflict((oc) => oc.column("run_id").doUpdateSet({ results_json: json }))
    .execute();
}
