// The git layer: bare mirrors of remotes and everything read from them.
export { Mirror } from "./mirror.ts";
export { MirrorPool } from "./pool.ts";
export type { FileChange, LineRange, RemovedRange } from "./diff.ts";
export { parseRemote, fullNameFromRemote, webUrlFromRemote, redactRemote } from "./remote.ts";
export { isAccessLost, isRemoteFailureReason, remoteFailureError } from "./failures.ts";
export type { RemoteFailureReason } from "./failures.ts";
