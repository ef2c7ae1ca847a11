// What the repositories domain needs from its caller: the store, the mirrors and a logger. An App
// has all three; `crs admin` builds them from the same configuration.
import type { MirrorPool } from "../../platform/codehost/index.ts";
import type { Store } from "../../platform/store/index.ts";

export interface RepoLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface RepoDeps {
  store: Store;
  mirrors: MirrorPool;
  log?: RepoLog;
  /** What remotes added from the web may be beyond public https (CRS_WEB_REMOTE_ALLOW); none when absent. */
  config?: { webRemoteAllow: readonly string[] };
  /** Credentials of a private remote as git environment (a connected repository's), or undefined. */
  gitAuth?: (repositoryId: number) => Promise<Record<string, string> | undefined>;
}

/** How long one sync may talk to the remote. */
export const syncTimeoutMs = 10 * 60_000;
/** A sync's lease; renewed every third of it while the sync runs, so a dead process frees it soon. */
export const syncLeaseMs = 2 * 60_000;
