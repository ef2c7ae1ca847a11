// Whether a repository's mirror can answer reads, and the spec's error when it cannot:
// access lost → 409 repository_not_runnable; never mirrored and the remote could not be reached →
// 503 repository_access_unavailable; otherwise not mirrored yet → 409 position_unavailable
// (mirror_unavailable). A mirror that synced once keeps serving (asOf says when) while later
// syncs fail for a passing reason.
import { AppError } from "../../kernel/errors.ts";
import { isAccessLost, isRemoteFailureReason, remoteFailureError, type Mirror, type MirrorPool } from "../../platform/codehost/index.ts";
import { positionUnavailable } from "./positions/index.ts";
import type { RepositoryRow } from "./reference.ts";
import type { Store } from "../../platform/store/index.ts";
import type { AccessState } from "./store.ts";

/** Records what a code host answered about access to the repository (connections asks it); usableMirror reads it. */
export async function recordRemoteAccess(
  store: Store,
  workspaceId: number,
  repositoryId: number,
  state: Exclude<AccessState, "unknown">,
  reason: string | null,
): Promise<void> {
  await store.db
    .updateTable("repositories")
    .set({ access: state, access_reason: reason })
    .where("workspace_id", "=", workspaceId)
    .where("id", "=", repositoryId)
    .execute();
}

export function usableMirror(mirrors: MirrorPool, row: RepositoryRow): Mirror {
  if (row.access === "lost") {
    const reason = row.access_reason;
    throw remoteFailureError(isRemoteFailureReason(reason) && isAccessLost(reason) ? reason : "remote_not_found");
  }
  const mirror = mirrors.get(row.id);
  if (mirror.exists()) return mirror;
  if (row.mirror_state === "failed" && row.access === "unavailable") {
    throw new AppError("repository_access_unavailable", "The service could not reach the repository's remote to mirror it; retry later.", {
      details: { reason: row.access_reason ?? "remote_unreachable" },
    });
  }
  throw positionUnavailable(
    "mirror_unavailable",
    row.mirror_state === "failed"
      ? "The repository's mirror could not be created; an admin can retry with crs admin repo sync."
      : "The repository has not been mirrored yet; retry after its first sync.",
  );
}
