// What the repositories pages read: through the operation pipeline as the signed-in user (read
// scopes); each repository's last complete review comes from the runs capability (app.lastReviews).
import type { FastifyRequest } from "fastify";
import type { App } from "../../../kernel/app.ts";
import { invoke } from "../../../kernel/execute.ts";
import type { AnyOperation } from "../../../kernel/operation.ts";
import { sessionPrincipal } from "../../../kernel/principal.ts";
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
