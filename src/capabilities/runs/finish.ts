// A run that stops without completing: failed or cancelled, with a full refund (a ledger entry)
// when its analysis had not finished. Written by the worker that holds the run's lease, in one
// transaction with the refund, so a refund is never written twice or without its run.
import { workspaceTransaction } from "../../platform/store/write.ts";
import type { Store } from "../../platform/store/index.ts";
import { writeRunEntry } from "./ledger.ts";
import type { RunRow, Stage } from "./view.ts";

export interface RunEnd {
  state: "failed" | "cancelled";
  error: { code: string; message: string } | null;
  stages: Stage[];
  refund: boolean;
}

/** False when the lease was lost (another worker owns the run now): nothing was written. */
export async function endRun(store: Store, row: RunRow, owner: string, end: RunEnd, now: Date): Promise<boolean> {
  return workspaceTransaction(store, row.workspace_id, async (tx) => {
    const at = now.toISOString();
    const refund = end.refund ? row.price_cents - row.refunded_cents : 0;
    const res = await tx.updateTable("runs").set({
      state: end.state, error_json: end.error ? JSON.stringify(end.error) : null, stages_json: JSON.stringify(end.stages), ended_at: at,
      refunded_cents: row.refunded_cents + refund, lease_until: null,
    }).where("id", "=", row.id).where("lease_owner", "=", owner).executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return false;
    if (refund > 0) {
      await writeRunEntry(tx, { workspaceId: row.workspace_id, runId: row.id, kind: "refund", cents: refund, userId: null,
        note: `run ${row.id} ${end.state} before its analysis finished`, at });
    }
    return true;
  });
}
