// Webhook deliveries: stored before the host gets its 202, then processed by a worker with a lease,
// like runs. A delivery id already stored is acknowledged without acting again, unless it failed
// for good (a redelivery of such one is processed afresh). A failed attempt is retried on its own
// with backoff (retryDelaysMs), then the delivery is failed for good; a host redelivery of one that
// waits for its next attempt makes that attempt due now (someone pressed "redeliver" and watches). One delivery per repository is
// processed at a time, so a pull request's pushes are handled in the order they arrived.
import type { Selectable } from "kysely";
import type { Store } from "../../platform/store/index.ts";
import type { Intent } from "./events.ts";
import type { DeliveryState, HostName, WebhookDeliveriesTable } from "./store.ts";

export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

/** The waits after failed attempts 1 to 5 (as post-back jobs); the 6th failure is final. */
export const retryDelaysMs = [5_000, 30_000, 120_000, 600_000, 1_800_000];
export const maxDeliveryAttempts = retryDelaysMs.length + 1;

export interface NewDelivery {
  host: HostName;
  deliveryId: string;
  event: string;
  workspaceId: number;
  repositoryId: number;
  intent: Intent;
}

/**
 * "queued": stored now (or one failed for good queued again, its attempts from 0, or with `hurry` one
 * waiting for its next attempt made due now, its attempts kept); "duplicate": already stored and not
 * failed. Reconciliation does not hurry: it comes back every interval and would undo the backoff.
 */
export async function storeDelivery(store: Store, d: NewDelivery, now: Date, opts: { hurry?: boolean } = {}): Promise<"queued" | "duplicate"> {
  const at = now.toISOString();
  // Redeliveries are common (a host retrying, reconciliation): answered with a read, no write.
  const seen = await store.db
    .selectFrom("webhook_deliveries")
    .select(["id", "state", "next_attempt_at"])
    .where("host", "=", d.host)
    .where("delivery_id", "=", d.deliveryId)
    .where("repository_id", "=", d.repositoryId)
    .executeTakeFirst();
  if (seen && seen.state === "queued" && opts.hurry && seen.next_attempt_at !== null && seen.next_attempt_at > at) {
    const due = await store.db
      .updateTable("webhook_deliveries")
      .set({ next_attempt_at: null })
      .where("id", "=", seen.id)
      .where("state", "=", "queued")
      .where("next_attempt_at", ">", at)
      .executeTakeFirst();
    return Number(due.numUpdatedRows) > 0 ? "queued" : "duplicate";
  }
  if (seen && seen.state !== "failed") return "duplicate";
  const inserted = await store.db
    .insertInto("webhook_deliveries")
    .values({
      host: d.host,
      delivery_id: d.deliveryId,
      event: d.event,
      workspace_id: d.workspaceId,
      repository_id: d.repositoryId,
      payload: JSON.stringify(d.intent),
      state: "queued",
      outcome: null,
      lease_owner: null,
      lease_until: null,
      received_at: at,
      processed_at: null,
    })
    .onConflict((oc) => oc.columns(["host", "delivery_id", "repository_id"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (inserted) return "queued";
  const again = await store.db
    .updateTable("webhook_deliveries")
    .set({
      state: "queued",
      payload: JSON.stringify(d.intent),
      outcome: null,
      received_at: at,
      lease_owner: null,
      lease_until: null,
      attempts: 0,
      next_attempt_at: null,
      processed_at: null,
    })
    .where("host", "=", d.host)
    .where("delivery_id", "=", d.deliveryId)
    .where("repository_id", "=", d.repositoryId)
    .where("state", "=", "failed")
    .executeTakeFirst();
  return Number(again.numUpdatedRows) > 0 ? "queued" : "duplicate";
}

/** Claims the oldest due queued delivery (or one whose lease lapsed) of a repository no one else is processing. */
export async function claimDelivery(store: Store, owner: string, leaseMs: number, now: Date): Promise<DeliveryRow | undefined> {
  const at = now.toISOString();
  const until = new Date(now.getTime() + leaseMs).toISOString();
  return store.db
    .updateTable("webhook_deliveries")
    .set((eb) => ({ state: "processing", lease_owner: owner, lease_until: until, attempts: eb("attempts", "+", 1) }))
    .where("id", "=", (eb) => {
      let q = eb
        .selectFrom("webhook_deliveries as d")
        .select("d.id")
        .where((w) =>
          w.or([
            w.and([w("d.state", "=", "queued"), w.or([w("d.next_attempt_at", "is", null), w("d.next_attempt_at", "<=", at)])]),
            w.and([w("d.state", "=", "processing"), w("d.lease_until", "<", at)]),
          ]),
        )
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("webhook_deliveries as busy")
                .select("busy.id")
                .whereRef("busy.repository_id", "=", "d.repository_id")
                .where("busy.state", "=", "processing")
                .where("busy.lease_until", ">=", at),
            ),
          ),
        )
        .orderBy("d.id")
        .limit(1);
      if (store.engine === "postgres") q = q.forUpdate().skipLocked();
      return q;
    })
    .returningAll()
    .executeTakeFirst();
}

export async function renewDelivery(store: Store, id: number, owner: string, leaseMs: number, now: Date): Promise<boolean> {
  const res = await store.db
    .updateTable("webhook_deliveries")
    .set({ lease_until: new Date(now.getTime() + leaseMs).toISOString() })
    .where("id", "=", id)
    .where("lease_owner", "=", owner)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function finishDelivery(
  store: Store,
  id: number,
  owner: string,
  state: Exclude<DeliveryState, "queued" | "processing">,
  outcome: string,
  now: Date,
) {
  await store.db
    .updateTable("webhook_deliveries")
    .set({ state, outcome: outcome.slice(0, 500), processed_at: now.toISOString(), lease_owner: null, lease_until: null })
    .where("id", "=", id)
    .where("lease_owner", "=", owner)
    .execute();
}

/**
 * A failed attempt: queued again until `nextAt`, its error kept as the outcome (what members and
 * `crs admin repo deliveries` read while it waits).
 */
export async function retryDelivery(store: Store, id: number, owner: string, outcome: string, nextAt: Date) {
  await store.db
    .updateTable("webhook_deliveries")
    .set({ state: "queued", outcome: outcome.slice(0, 500), next_attempt_at: nextAt.toISOString(), lease_owner: null, lease_until: null })
    .where("id", "=", id)
    .where("lease_owner", "=", owner)
    .execute();
}

/**
 * A later delivery for the same pull request is waiting, or was handled (this one waited to be
 * retried meanwhile): this one's work would be redone, or would review an older head.
 */
export async function supersededBy(store: Store, row: DeliveryRow, pr: number): Promise<number | undefined> {
  const later = await store.db
    .selectFrom("webhook_deliveries")
    .select(["id", "payload"])
    .where("repository_id", "=", row.repository_id)
    .where("state", "in", ["queued", "done"])
    .where("id", ">", row.id)
    .orderBy("id", "desc")
    .limit(50)
    .execute();
  return later.find((l) => {
    const i = JSON.parse(l.payload) as Intent;
    return i.kind === "pr" && i.number === pr;
  })?.id;
}
