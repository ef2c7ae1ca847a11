// A run that stops without completing: failed or cancelled, with a full refund (a ledger entry)
// when its analysis had not finished. Written by the worker that holds the run's lease, in one
// transaction with the refund, so a refund is never written twice or without its run.
import { workspaceTransaction } from "../../platform/store/write.ts";
import type { Store } from "../../platform/store/index.ts";
import { writeRunEntry } from "./ledger.ts";
import type { RunRow, Stage, StoredModelStage } from "./view.ts";
import type { Kysely } from "kysely";
import type { Database } from "../../platform/store/schema.ts";

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
    const res = await tx
      .updateTable("runs")
      .set({
        state: end.state,
        error_json: end.error ? JSON.stringify(end.error) : null,
        stages_json: JSON.stringify(end.stages),
        ended_at: at,
        refunded_cents: row.refunded_cents + refund,
        lease_until: null,
      })
      .where("id", "=", row.id)
      .where("lease_owner", "=", owner)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return false;
    if (refund > 0) {
      await writeRunEntry(tx, {
        workspaceId: row.workspace_id,
        runId: row.id,
        kind: "refund",
        cents: refund,
        userId: null,
        note: `run ${row.id} ${end.state} before its analysis finished`,
        at,
      });
    } else await modelRefund(tx, row, at); // cancelled after the analysis: a model stage that fell short is still given back
    return true;
  });
}

/**
 * The model part of the price back when the model stage did not complete (failed, partial, or
 * nothing to send): one ledger entry, written in the transaction that completes the run, so once.
 */
export async function modelRefund(tx: Kysely<Database>, row: RunRow, at: string): Promise<void> {
  const stage = row.model_json ? (JSON.parse(row.model_json) as StoredModelStage) : null;
  const cents = Math.min(stage?.refundedCents ?? 0, row.price_cents - row.refunded_cents);
  if (!stage || cents <= 0) return;
  await tx
    .updateTable("runs")
    .set({ refunded_cents: row.refunded_cents + cents })
    .where("id", "=", row.id)
    .execute();
  await writeRunEntry(tx, {
    workspaceId: row.workspace_id,
    runId: row.id,
    kind: "refund",
    cents,
    userId: null,
    note: `run ${row.id} model review ${stage.state}: ${stage.reason ?? "no reason"}`.slice(0, 500),
    at,
  });
}
