// cancel_run: a queued run is cancelled at once and refunded in full (one transaction); a started
// one is asked to stop at its next checkpoint (the worker refunds when it stops before its analysis
// finished); a terminal one is a conflict.
import { AppError } from "../../kernel/errors.ts";
import type { Store } from "../../platform/store/index.ts";
import { workspaceTransaction } from "../../platform/store/write.ts";
import { writeRunEntry } from "./ledger.ts";
import { getRunRow } from "./read.ts";
import { isTerminal, type RunRow, type Stage } from "./view.ts";

export type CancelResult = "cancelled" | "cancelling";

export async function cancelRun(
  store: Store,
  who: { workspaceId: number; userId: number },
  runId: number,
  now: Date,
): Promise<{ row: RunRow; result: CancelResult }> {
  await getRunRow(store, who.workspaceId, runId);
  return workspaceTransaction(store, who.workspaceId, async (tx) => {
    const row = await tx.selectFrom("runs").selectAll().where("workspace_id", "=", who.workspaceId).where("id", "=", runId).executeTakeFirstOrThrow();
    if (isTerminal(row.state)) {
      throw new AppError("conflict", `The run is already ${row.state}; only a queued or running run can be cancelled.`, { details: { state: row.state } });
    }
    const at = now.toISOString();
    if (row.state === "queued") {
      const stages = (JSON.parse(row.stages_json) as Stage[]).map((s) => ({ ...s, state: "cancelled" as const }));
      const refund = row.price_cents - row.refunded_cents;
      // Conditional on still being queued: a worker that claimed it in between makes this a request.
      const res = await tx
        .updateTable("runs")
        .set({
          state: "cancelled",
          cancel_requested_at: at,
          ended_at: at,
          stages_json: JSON.stringify(stages),
          refunded_cents: row.price_cents,
        })
        .where("id", "=", row.id)
        .where("state", "=", "queued")
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 1) {
        if (refund > 0)
          await writeRunEntry(tx, {
            workspaceId: who.workspaceId,
            runId: row.id,
            kind: "refund",
            cents: refund,
            userId: who.userId,
            note: `run ${row.id} cancelled before it started`,
            at,
          });
        return { row: await tx.selectFrom("runs").selectAll().where("id", "=", row.id).executeTakeFirstOrThrow(), result: "cancelled" };
      }
    }
    await tx
      .updateTable("runs")
      .set({ cancel_requested_at: row.cancel_requested_at ?? at })
      .where("id", "=", row.id)
      .execute();
    return { row: await tx.selectFrom("runs").selectAll().where("id", "=", row.id).executeTakeFirstOrThrow(), result: "cancelling" };
  });
}
