// What the repositories pages read: through the operation pipeline as the signed-in user (read
// scopes), and each repository's last complete review from the runs table in one grouped query.
import type { FastifyRequest } from "fastify";
import { sql } from "kysely";
import type { App } from "../../../kernel/app.ts";
import { invoke } from "../../../kernel/execute.ts";
import type { AnyOperation } from "../../../kernel/operation.ts";
import { sessionPrincipal } from "../../../kernel/principal.ts";
import type { Store } from "../../../platform/store/index.ts";
import type { WorkspaceSession } from "../../identity/index.ts";

export type Row = Record<string, any>;
export type OperationById = (id: string) => AnyOperation;

const readScopes: ReadonlySet<string> = new Set(["repos:read", "runs:read", "findings:read"]);

export async function readAs(operation: OperationById, app: App, req: FastifyRequest, s: WorkspaceSession, id: string, input: Row): Promise<Row> {
  const r = await invoke(app, operation(id), sessionPrincipal(s, readScopes), input, { requestId: String(req.id), trigger: "web", headers: {} });
  return r.body as Row;
}

/** Open findings at the repository's default branch head; null when it cannot be evaluated now (not mirrored yet). */
export async function openCount(operation: OperationById, app: App, req: FastifyRequest, s: WorkspaceSession, id: number): Promise<number | null> {
  try {
    return (await readAs(operation, app, req, s, "list_repository_findings", { owner: String(id), repo: "-", status: "open", limit: 1 })).total as number;
  } catch {
    return null;
  }
}

/** Each repository's last complete review: the run id and when it ended. */
export async function lastReviews(store: Store, workspaceId: number, ids: number[]): Promise<Map<number, { run: number; at: string | null }>> {
  if (!ids.length) return new Map();
  const rows = await store.db
    .selectFrom("runs")
    .select(["repository_id", sql<number>`max(id)`.as("run")])
    .where("workspace_id", "=", workspaceId)
    .where("repository_id", "in", ids)
    .where("state", "=", "complete")
    .groupBy("repository_id")
    .execute();
  const ended = rows.length
    ? await store.db
        .selectFrom("runs")
        .select(["id", "ended_at"])
        .where("workspace_id", "=", workspaceId)
        .where(
          "id",
          "in",
          rows.map((r) => Number(r.run)),
        )
        .execute()
    : [];
  const at = new Map(ended.map((r) => [r.id, r.ended_at]));
  return new Map(rows.map((r) => [r.repository_id, { run: Number(r.run), at: at.get(Number(r.run)) ?? null }]));
}
