// The state of posting a run's review back on its pull request (a connected repository), as the run
// shows it. Written by the post-back service (capabilities/connections/post-back) through this, so
// the runs table stays the runs capability's own.
import type { Store } from "../../platform/store/index.ts";

export type RunDeliveryState = "pending" | "posted" | "retrying" | "failed";

export interface RunDelivery {
  state: RunDeliveryState;
  attempts: number;
  /** Why the last attempt failed (the host's refusal or unavailability), or null. */
  lastError: string | null;
  /** The summary comment on the pull request, once posted. */
  commentUrl: string | null;
  updatedAt: string;
}

/** Records the delivery; null: nothing is or will be posted for the run (it shows no delivery). */
export async function recordRunDelivery(store: Store, workspaceId: number, runId: number, delivery: RunDelivery | null): Promise<void> {
  await store.db
    .updateTable("runs")
    .set({ delivery_json: delivery ? JSON.stringify(delivery) : null })
    .where("workspace_id", "=", workspaceId)
    .where("id", "=", runId)
    .execute();
}
