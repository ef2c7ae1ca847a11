// Housekeeping: authorization codes a day past their expiry (kept that long so a late replay is
// still recognised) and expired app sessions are deleted.
import type { Store } from "../../store/index.ts";

export async function deleteExpired(store: Store, now = new Date()): Promise<void> {
  const dayAgo = new Date(now.getTime() - 86400_000).toISOString();
  await store.db.deleteFrom("oauth_codes").where("expires_at", "<", dayAgo).execute();
  await store.db.deleteFrom("app_sessions").where("expires_at", "<", now.toISOString()).execute();
}
