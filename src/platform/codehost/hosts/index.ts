// The code hosts' APIs behind one HostClient (README.md in this folder).
import { timedFetch } from "./errors.ts";
import { createGitHubClient } from "./github.ts";
import { createGitLabClient } from "./gitlab.ts";
import type { HostClient, HostClientOptions, HostConnection } from "./types.ts";

export type {
  CommitStatus,
  HostAuth,
  HostClient,
  HostClientOptions,
  HostConnection,
  HostRefusal,
} from "./types.ts";
export { HostRefusedError, HostUnavailableError } from "./errors.ts";
export { signGitHubPayload, verifyGitHubSignature, verifyGitLabToken } from "./signatures.ts";

const defaultUserAgent = "crs-code-review";

export function createHostClient(c: HostConnection, opts: HostClientOptions = {}): HostClient {
  const fetchFn = timedFetch(opts.fetch ?? fetch, opts.timeoutMs ?? 15_000);
  const userAgent = opts.userAgent ?? defaultUserAgent;
  return c.host === "github" ? createGitHubClient(c, { ...opts, userAgent }, fetchFn) : createGitLabClient(c, { userAgent }, fetchFn);
}
