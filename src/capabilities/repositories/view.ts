// The public view of a repository row: what the API, MCP and `crs admin --json` show. The remote
// itself is never part of it (it may carry credentials); admins see it redacted.
import { redactRemote } from "../../platform/codehost/index.ts";
import type { ConnectionSummary, RepositoryView } from "./schemas.ts";
import type { RepositoryRow } from "./reference.ts";

/** A sync holds an unexpired lease on the row. */
function isSyncing(row: Pick<RepositoryRow, "sync_owner" | "sync_lease_until">, now = new Date()): boolean {
  return row.sync_owner !== null && row.sync_lease_until !== null && row.sync_lease_until > now.toISOString();
}

export function repositoryView(row: RepositoryRow, now = new Date(), connection: ConnectionSummary = null): RepositoryView {
  // The stored state is the last outcome (pending, ready, failed); "syncing" is read from the lease.
  const state = isSyncing(row, now) ? "syncing" : row.mirror_state === "syncing" ? "pending" : row.mirror_state;
  return {
    id: row.id,
    fullName: row.full_name,
    defaultBranch: row.default_branch_override ?? row.default_branch,
    access: row.access,
    mirror: {
      state,
      ...(state === "failed" ? { reason: row.mirror_reason ?? "remote_error", message: row.mirror_message ?? "The last sync failed." } : {}),
      lastSyncedAt: row.last_synced_at,
      lastAttemptAt: row.last_attempt_at,
    },
    webUrl: row.web_url,
    connection,
  };
}

/** The admin's view: the public one plus the remote without credentials. */
export function adminView(row: RepositoryRow, now = new Date()): RepositoryView & { remote: string } {
  return { ...repositoryView(row, now), remote: safeRemote(row.remote) };
}

export function safeRemote(remote: string): string {
  try {
    return redactRemote(remote);
  } catch {
    return "(invalid remote)";
  }
}
