// What a member reads about a repository's connection to its code host comes from the connections
// capability, which builds on this one: it plugs its reader in at start (a service), so this
// capability names none of its tables. Without it (a process that did not start connections) no
// repository shows a connection.
import type { App } from "../../kernel/app.ts";
import type { ConnectionSummary } from "./schemas.ts";

/** Summaries of the connected ones among `ids` (absent: not connected). */
export type ConnectionSummaries = (workspaceId: number, ids: number[]) => Promise<Map<number, NonNullable<ConnectionSummary>>>;

const readers = new WeakMap<App, ConnectionSummaries>();

/** Called by the connections capability at start. */
export function provideConnectionSummaries(app: App, read: ConnectionSummaries): void {
  readers.set(app, read);
}

export async function connectionSummaries(app: App, workspaceId: number, ids: number[]): Promise<Map<number, NonNullable<ConnectionSummary>>> {
  const read = readers.get(app);
  return read && ids.length > 0 ? read(workspaceId, ids) : new Map();
}
