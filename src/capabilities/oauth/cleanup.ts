// Housekeeping: authorization codes a day past their expiry (kept that long so a late replay is
// still recognised) and registered clients nobody ever authorized. Expired app sessions are
// identity's (its sessionCleanup).
import type { Store } from "../../platform/store/index.ts";
import { firstPartyClientId } from "./clients.ts";

/**
 * Registration is open to anyone (RFC 7591), so a client that never got a grant within this long
 * is dropped; a client coming back with its old id is told it is unknown and registers again.
 */
export const unusedClientDays = 7;

export async function deleteExpired(store: Store, now = new Date()): Promise<void> {
  const dayAgo = new Date(now.getTime() - 86400_000).toISOString();
  await store.db.deleteFrom("oauth_codes").where("expires_at", "<", dayAgo).execute();
  const unusedSince = new Date(now.getTime() - unusedClientDays * 86400_000).toISOString();
  await store.db
    .deleteFrom("oauth_clients")
    .where("created_at", "<", unusedSince)
    .where("id", "!=", firstPartyClientId)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("oauth_grants").select("oauth_grants.id").whereRef("oauth_grants.client_id", "=", "oauth_clients.id"))),
    )
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("oauth_codes").select("oauth_codes.code_hash").whereRef("oauth_codes.client_id", "=", "oauth_clients.id"))),
    )
    .execute();
}
