// Every octokit call of the GitHub adapter goes through call(): a failure comes out as the hosts' own
// HostRefusedError / HostUnavailableError (errors.ts), whatever octokit threw.
import { hostError } from "./errors.ts";

/** Any failure of an octokit call as HostRefusedError / HostUnavailableError. */
function mapError(err: unknown): Error {
  const e = err as { status?: unknown; message?: unknown; response?: { headers?: Record<string, string | undefined> } };
  const status = typeof e.status === "number" && e.status >= 400 ? e.status : undefined;
  const headers = e.response?.headers ?? {};
  const rateLimited = headers["x-ratelimit-remaining"] === "0" || headers["retry-after"] !== undefined;
  // octokit reports a network failure or an abort as status 500 with no response.
  const answered = status !== undefined && e.response !== undefined;
  return hostError("GitHub", answered ? status : undefined, String(e.message ?? err), rateLimited, err);
}

export async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw mapError(err);
  }
}
