// The host client of a connection (helper F's layer), the git credentials of a private mirror as
// environment, and the host's answer about access recorded on the repository.
import type { AppError } from "../../kernel/errors.ts";
import { remoteFailureError } from "../../platform/codehost/index.ts";
import { createHostClient, type HostClient, type HostRefusal, HostRefusedError, HostUnavailableError } from "../../platform/codehost/hosts/index.ts";
import { repositoriesByIds } from "../repositories/index.ts";
import { type ConnectionDeps, type ConnectionsTable, connectionRow, openConnection, recordAccess } from "./connections.ts";

export async function clientFor(deps: ConnectionDeps, row: ConnectionsTable): Promise<HostClient> {
  return createHostClient(await openConnection(deps, row));
}

/**
 * GIT_CONFIG_* environment that sends the connection's credentials to the remote's origin only.
 * Never a URL, argv or the mirror's config; undefined for a repository that is not connected or
 * whose remote is not http(s) (ssh keys are the operator's).
 */
export async function gitAuthFor(deps: ConnectionDeps & { warn(message: string): void }, repositoryId: number): Promise<Record<string, string> | undefined> {
  const row = await deps.store.db.selectFrom("connections").selectAll().where("repository_id", "=", repositoryId).executeTakeFirst();
  if (!row) return undefined;
  const [repo] = await repositoriesByIds(deps.store, row.workspace_id, [repositoryId]);
  let origin: string;
  try {
    const u = new URL(repo?.remote ?? "");
    if (u.protocol !== "https:" && u.protocol !== "http:") return undefined;
    origin = `${u.protocol}//${u.host}/`;
  } catch {
    return undefined;
  }
  try {
    const { username, password } = await (await clientFor(deps, row)).gitCredentials();
    const basic = Buffer.from(`${username}:${password}`).toString("base64");
    return { GIT_CONFIG_COUNT: "1", GIT_CONFIG_KEY_0: `http.${origin}.extraHeader`, GIT_CONFIG_VALUE_0: `Authorization: Basic ${basic}` };
  } catch (err) {
    deps.warn(`git credentials of connected repository ${repositoryId} could not be had (${(err as Error).message}); fetching without`);
    return undefined;
  }
}

/** The repository's access reason (the mirror's words, so its errors say the same): revoked or forbidden → access_denied. */
function lostReason(reason: HostRefusal): "access_denied" | "remote_not_found" {
  return reason === "not_found" ? "remote_not_found" : "access_denied";
}

/** Asks the host whether the connection still has access and records the answer. */
export async function checkAccess(deps: ConnectionDeps, row: ConnectionsTable, now: Date): Promise<"ok" | "lost" | "unavailable"> {
  const app = deps;
  try {
    const got = await (await clientFor(deps, row)).checkAccess();
    if (got.ok) {
      await recordAccess(app.store, row, "ok", null, now);
      return "ok";
    }
    await recordAccess(app.store, row, "lost", lostReason(got.reason), now);
    return "lost";
  } catch (err) {
    if (err instanceof HostRefusedError) {
      await recordAccess(app.store, row, "lost", lostReason(err.reason), now);
      return "lost";
    }
    if (err instanceof HostUnavailableError) {
      await recordAccess(app.store, row, "unavailable", "remote_unreachable", now);
      return "unavailable";
    }
    throw err;
  }
}

/**
 * A host call's failure as the API answers it (the spec's error table): refused → 409
 * repository_not_runnable, no answer or rate limited → 503 repository_access_unavailable, any other
 * failed answer → 502 upstream_error; details.reason in the mirror's words.
 */
function hostFailure(err: unknown): AppError | unknown {
  if (err instanceof HostRefusedError) return remoteFailureError(err.reason === "rejected" ? "remote_error" : lostReason(err.reason), err);
  if (err instanceof HostUnavailableError) {
    const answered = err.status !== undefined && err.status >= 500;
    return remoteFailureError(answered ? "remote_error" : "remote_unreachable", err);
  }
  return err;
}

/**
 * The base branch the host names for pull request `n` of a connected repository (undefined when
 * not connected), so a change review started through the API compares with what the pull request
 * merges into, as automatic reviews do. Reads only; a host failure is thrown as the API's error.
 */
export async function pullRequestBaseFor(deps: ConnectionDeps, workspaceId: number, repositoryId: number, n: number): Promise<string | undefined> {
  const row = await connectionRow(deps.store, workspaceId, repositoryId);
  if (!row) return undefined;
  try {
    return (await (await clientFor(deps, row)).getPullRequest(n)).baseRef;
  } catch (err) {
    throw hostFailure(err);
  }
}
