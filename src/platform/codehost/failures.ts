// Turns a failed talk with a remote into one reason and one of the spec's error codes. git gives us
// nothing but text on stderr (we force LC_ALL=C), so this is the one place that reads it.
import { AppError } from "../../kernel/errors.ts";
import type { GitResult } from "./git.ts";

/** Why the remote could not be used. Stable values: stored on the mirror and sent as details.reason. */
export type RemoteFailureReason =
  | "remote_not_found" // the repository is gone or never existed: access lost
  | "access_denied" // credentials missing, rejected or revoked: access lost
  | "remote_unreachable" // DNS, connection refused, network: access cannot be confirmed
  | "timeout" // the remote did not answer in time: access cannot be confirmed
  | "remote_error"; // the remote answered but the exchange failed

const remoteFailureReasons: ReadonlySet<string> = new Set<RemoteFailureReason>([
  "remote_not_found",
  "access_denied",
  "remote_unreachable",
  "timeout",
  "remote_error",
]);

/** True for a stored or reported reason that is one of the RemoteFailureReason values. */
export function isRemoteFailureReason(value: unknown): value is RemoteFailureReason {
  return typeof value === "string" && remoteFailureReasons.has(value);
}

const patterns: Array<[RegExp, RemoteFailureReason]> = [
  // Rows with the same reason are alternatives of one pattern, split only to keep lines short.
  [/could not read (username|password)|authentication failed|permission denied|terminal prompts disabled|host key verification failed/i, "access_denied"],
  [/HTTP 40[13]|returned error: 40[13]|access denied|invalid username or password/i, "access_denied"],
  [
    /repository .* not found|not found|does not appear to be a git repository|no such file or directory|HTTP 404|returned error: 404|not a git repository/i,
    "remote_not_found",
  ],
  [/could not resolve host|connection refused|connection timed out|network is unreachable|failed to connect|no route to host/i, "remote_unreachable"],
  [
    /operation timed out|connection reset|temporary failure in name resolution|could not resolve hostname|ssl|tls|HTTP 5\d\d|returned error: 5\d\d/i,
    "remote_unreachable",
  ],
];

export function classifyGitFailure(result: Pick<GitResult, "stderr" | "timedOut">): RemoteFailureReason {
  if (result.timedOut) return "timeout";
  for (const [re, reason] of patterns) if (re.test(result.stderr)) return reason;
  return "remote_error";
}

/** True when the remote says access is gone (as opposed to "could not confirm right now"). */
export function isAccessLost(reason: RemoteFailureReason): boolean {
  return reason === "remote_not_found" || reason === "access_denied";
}

/**
 * The AppError an operation raises when it needs the remote and the remote failed:
 * access lost → 409 repository_not_runnable, unreachable/timeout → 503 repository_access_unavailable,
 * anything else → 502 upstream_error. details.reason is the RemoteFailureReason.
 */
export function remoteFailureError(reason: RemoteFailureReason, cause?: unknown): AppError {
  const details = { reason };
  if (isAccessLost(reason)) {
    const message =
      reason === "access_denied"
        ? "Access to the repository's remote was denied; an admin must restore it."
        : "The repository's remote no longer exists; an admin must update or remove it.";
    return new AppError("repository_not_runnable", message, { details, cause });
  }
  if (reason === "remote_error") {
    return new AppError("upstream_error", "A request to the repository's remote failed.", { details, cause });
  }
  return new AppError("repository_access_unavailable", "The service could not confirm its access to the repository; retry later.", {
    details,
    cause,
  });
}

/** Short, credential-free text for the mirror's failure message: git's first fatal line. */
export function failureSummary(stderr: string): string {
  const lines = stderr
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
  const last = lines.find((l) => /^(fatal|error):/.test(l)) ?? lines[lines.length - 1] ?? "git failed";
  // URLs in git's messages may carry user:password@; file paths (the mirror's, a local remote's)
  // say where the server keeps its data, which callers of the API need not know.
  return last
    .replace(/([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/gi, "$1")
    .replace(/(^|[\s'"(=])\/[^\s'"()]*/g, "$1<path>")
    .replace(/file:\/\/\/?[^\s'"()]*/gi, "file://<path>")
    .slice(0, 300);
}
