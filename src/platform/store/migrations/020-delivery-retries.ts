import type { Kysely } from "kysely";

// Failed webhook deliveries are retried on their own with backoff: a failed attempt leaves the
// delivery queued until `next_attempt_at` (null: due now), and after the last attempt it is failed for good.
export function deliveryRetries() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable("webhook_deliveries").addColumn("next_attempt_at", "text").execute();
    },
  };
}
