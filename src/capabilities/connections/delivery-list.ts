// The deliveries of a repository as `crs admin repo deliveries` lists them: state, attempts, the
// last outcome (a failed attempt's error while it waits) and when it is tried again.
import type { Store } from "../../platform/store/index.ts";
import type { DeliveryState, HostName } from "./store.ts";

export interface DeliveryView {
  id: number;
  host: HostName;
  deliveryId: string;
  event: string;
  state: DeliveryState;
  outcome: string | null;
  /** Attempts made so far (a failed one is retried up to maxDeliveryAttempts). */
  attempts: number;
  /** When a queued delivery whose last attempt failed is tried again; null otherwise. */
  nextAttemptAt: string | null;
  receivedAt: string;
  processedAt: string | null;
}

export async function lastDeliveries(store: Store, workspaceId: number, repositoryId: number, limit: number): Promise<DeliveryView[]> {
  const rows = await store.db
    .selectFrom("webhook_deliveries")
    .select(["id", "host", "delivery_id", "event", "state", "outcome", "attempts", "next_attempt_at", "received_at", "processed_at"])
    .where("workspace_id", "=", workspaceId)
    .where("repository_id", "=", repositoryId)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    host: r.host,
    deliveryId: r.delivery_id,
    event: r.event,
    state: r.state,
    outcome: r.outcome,
    attempts: r.attempts,
    nextAttemptAt: r.state === "queued" ? r.next_attempt_at : null,
    receivedAt: r.received_at,
    processedAt: r.processed_at,
  }));
}
