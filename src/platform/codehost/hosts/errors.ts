// Two ways a host call fails: the host said no (the credential, the repository, the request), or it
// could not be asked (network, timeout, 5xx, rate limit). Callers map the first to 409
// repository_not_runnable (details.reason) and the second to 502/503, and retry only the second.
import type { HostRefusal } from "./types.ts";

/** The host answered with a refusal; retrying the same request will not help. */
export class HostRefusedError extends Error {
  readonly reason: HostRefusal;
  readonly status: number;
  constructor(reason: HostRefusal, status: number, message: string) {
    super(message);
    this.name = "HostRefusedError";
    this.reason = reason;
    this.status = status;
  }
}

/** The host could not be reached or failed (5xx, 429, network, timeout); retry later. */
export class HostUnavailableError extends Error {
  /** The HTTP status when the host answered; undefined for network errors and timeouts. */
  readonly status: number | undefined;
  constructor(message: string, status?: number, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "HostUnavailableError";
    this.status = status;
  }
}

/** A refusal from an HTTP status, or null for one that means "could not be asked" (or success). */
function refusalFor(status: number, rateLimited = false): HostRefusal | null {
  if (status === 401) return "revoked";
  if (status === 403) return rateLimited ? null : "forbidden";
  if (status === 404 || status === 410) return "not_found";
  if (status === 400 || status === 409 || status === 422) return "rejected";
  return null;
}

/** The error a failed call becomes, from its status (undefined: the host never answered). */
export function hostError(host: string, status: number | undefined, detail: string, rateLimited = false, cause?: unknown): Error {
  const reason = status === undefined ? null : refusalFor(status, rateLimited);
  if (reason) return new HostRefusedError(reason, status ?? 0, `${host} refused the request (${status}): ${detail}`.slice(0, 400));
  const what = status === undefined ? "could not be reached" : `failed (${status})`;
  return new HostUnavailableError(`${host} ${what}: ${detail}`.slice(0, 400), status, { cause });
}

/** Wraps fetch with a time limit, keeping any signal the client passed. */
export function timedFetch(base: typeof fetch, timeoutMs: number): typeof fetch {
  return (input, init) => {
    const limit = AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, limit]) : limit;
    return base(input, { ...init, signal });
  };
}
