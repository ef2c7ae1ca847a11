// The git layer: bare mirrors of remotes and everything read from them.
export { Mirror } from "./mirror.ts";
export type { ResolvedCommit } from "./mirror.ts";
export { MirrorPool } from "./pool.ts";
export { RefSnapshot } from "./refs.ts";
export type { RefEntry, PullRequestRef } from "./refs.ts";
export type { SyncOptions, SyncResult, AccessProbe } from "./sync.ts";
export type { TreeEntry, EntryKind } from "./tree.ts";
export type { FileChange, ChangeStatus, LineRange, RemovedRange } from "./diff.ts";
export type { FileRead, ReadFilesOptions, SkipReason } from "./read-files.ts";
export { parseRemote, fullNameFromRemote, webUrlFromRemote, redactRemote } from "./remote.ts";
export type { ParsedRemote, RemoteKind } from "./remote.ts";
export { classifyGitFailure, isAccessLost, isRemoteFailureReason, remoteFailureError } from "./failures.ts";
export type { RemoteFailureReason } from "./failures.ts";
