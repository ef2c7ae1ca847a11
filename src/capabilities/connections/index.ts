// The connections capability's public API: what other capabilities (and post-back, helper F's
// layer) may import. Every other file in this folder is internal to it.
import type { App } from "../../kernel/app.ts";
import { connectionRow, openConnection } from "./connections.ts";
import { readPolicy } from "./policy.ts";
import type { HostConnection, ReviewPolicy } from "./types.ts";

export type { HostConnection, ReviewPolicy } from "./types.ts";

/** The repository's connection with its credentials decrypted, or null when it is not connected. */
export async function loadConnection(app: App, workspaceId: number, repositoryId: number): Promise<HostConnection | null> {
  const row = await connectionRow(app.store, workspaceId, repositoryId);
  return row ? openConnection(app, row) : null;
}

/** The repository's review policy (the defaults when none was set). */
export function loadPolicy(app: App, workspaceId: number, repositoryId: number): Promise<ReviewPolicy> {
  return readPolicy(app.store, workspaceId, repositoryId);
}
