// The host client of a connection (helper F's layer), the git credentials of a private mirror as
// environment, and the host's answer about access recorded on the repository.
import type { App } from "../../kernel/app.ts";
import { createHostClient, type HostClient, type HostRefusal, HostRefusedError, HostUnavailableError } from "../../platform/codehost/hosts/index.ts";
import { type ConnectionDeps, type ConnectionsTable, openConnection, recordAccess } from "./connections.ts";

export async function clientFor(deps: ConnectionDeps, row: ConnectionsTable): Promise<HostClient> {
  return createHostClient(await openConnection(deps, row));
}

/**
 * GIT_CONFIG_* environment that sends the connection's credentials to the remote's origin only.
 * Never a URL, argv or the mirror's config; undefined for a repository that is not connected or
 * whose remote is not http(s) (ssh keys are the operator's).
 */
export async function gitAuthFor(app: App, repositoryId: number): Promise<Record<string, string> | undefined> {
  const row = await app.store.db.selectFrom("connections").selectAll().where("repository_id", "=", repositoryId).executeTakeFirst();
  if (!row) return undefined;
  const repo = await app.store.db.selectFrom("repositories").select("remote").where("id", "=", repositoryId).executeTakeFirst();
  let origin: string;
  try {
    const u = new URL(repo?.remote ?? "");
    if (u.protocol !== "https:" && u.protocol !== "http:") return undefined;
    origin = `${u.protocol}//${u.host}/`;
  } catch {
    return undefined;
  }
  try {
    const { username, password } = await (await clientFor(app, row)).gitCredentials();
    const basic = Buffer.from(`${username}:${password}`).toString("base64");
    return { GIT_CONFIG_COUNT: "1", GIT_CONFIG_KEY_0: `http.${origin}.extraHeader`, GIT_CONFIG_VALUE_0: `Authorization: Basic ${basic}` };
  } catch (err) {
    app.log.warn({ repositoryId, err: (err as Error).message }, "git credentials of a connected repository could not be had; fetching without");
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
      await recordAccess(app.store, row.repository_id, "ok", null, now);
      return "ok";
    }
    await recordAccess(app.store, row.repository_id, "lost", lostReason(got.reason), now);
    return "lost";
  } catch (err) {
    if (err instanceof HostRefusedError) {
      await recordAccess(app.store, row.repository_id, "lost", lostReason(err.reason), now);
      return "lost";
    }
    if (err instanceof HostUnavailableError) {
      await recordAccess(app.store, row.repository_id, "unavailable", "remote_unreachable", now);
      return "unavailable";
    }
    throw err;
  }
}
