// Repositories: registration, the public view, mirror syncs (lease, scheduler), refs and positions.
export * from "./reference.ts";
export { registerRepository, listRepositories, allRepositories, removeRepository, requestSync } from "./registry.ts";
export { repositoryView, adminView } from "./view.ts";
export { syncRepository, syncAndWait } from "./sync.ts";
export { takeLease } from "./lease.ts";
export { recordRemoteAccess, usableMirror } from "./availability.ts";
export { listRefs } from "./refs.ts";
export { fullyReviewedRepositories, importVersion, recordReviewedCommit, reviewedCommits, setImportVersion } from "./reviewed.ts";
export { resolveAt } from "./at.ts";
export { absolutizeRemote } from "./remote-input.ts";
export type { RepoDeps } from "./types.ts";
export type { ConnectionSummary } from "./schemas.ts";
export { provideConnectionSummaries } from "./connection-summary.ts";
export { syncTimeoutMs } from "./types.ts";
export * from "./operations/params.ts";
export * from "./positions/index.ts";
