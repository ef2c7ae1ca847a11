// The sync lease: (sync_owner, sync_lease_until) on the repository row, taken with one conditional
// UPDATE so that two syncs of one repository never run at once, in one process or in several
// sharing the store. PostgreSQL re-checks the WHERE after waiting on a concurrent writer's row lock;
// SQLite serializes writers. Times are ISO strings (UTC), compared as text on both engines.
import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import type { ExpressionBuilder } from "kysely";
import type { Store } from "../../platform/store/index.ts";
import type { Database } from "../../platform/store/schema.ts";

/** A unique owner name for one sync attempt: host, process and a random part. */
export function leaseOwner(): string {
  return `${hostname().slice(0, 60)}:${process.pid}:${randomBytes(6).toString("hex")}`;
}

/** The lease is free at `at`: never taken, released, or lapsed. */
export function leaseFree(at: string) {
  return (eb: ExpressionBuilder<Database, "repositories">) =>
    eb.or([eb("sync_owner", "is", null), eb("sync_lease_until", "is", null), eb("sync_lease_until", "<", at)]);
}

/**
 * Takes the lease when it is free or expired; also clears the pending sync request (this sync
 * serves it) and records the attempt. True when taken.
 */
export async function takeLease(store: Store, repositoryId: number, owner: string, leaseMs: number, now = new Date()): Promise<boolean> {
  const at = now.toISOString();
  const r = await store.db
    .updateTable("repositories")
    .set({ sync_owner: owner, sync_lease_until: new Date(now.getTime() + leaseMs).toISOString(), sync_requested_at: null, last_attempt_at: at })
    .where("id", "=", repositoryId)
    .where(leaseFree(at))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Extends a lease this owner still holds; false when it was lost (expired and taken by another). */
export async function renewLease(store: Store, repositoryId: number, owner: string, leaseMs: number): Promise<boolean> {
  const r = await store.db
    .updateTable("repositories")
    .set({ sync_lease_until: new Date(Date.now() + leaseMs).toISOString() })
    .where("id", "=", repositoryId)
    .where("sync_owner", "=", owner)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
