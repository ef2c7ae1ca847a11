// The one ordered list of operations. REST routes, MCP tools, CLI commands and OpenAPI are built
// from it and nowhere else. Each area keeps its own ordered list beside its operations.
import type { Operation } from "./operation.ts";
import { getMe } from "./identity/get-me.ts";
import { listMembers } from "./identity/list-members.ts";
import { focusOperations } from "./focuses/index.ts";
import { repositoryOperations } from "./repositories/index.ts";
import { findingOperations } from "./findings/index.ts";
import { runOperations } from "./runs/index.ts";
import { documentOperations } from "./documents/index.ts";

export const operations: readonly Operation[] = [
  getMe as unknown as Operation,
  listMembers as unknown as Operation,
  ...focusOperations,
  ...repositoryOperations,
  ...findingOperations,
  ...runOperations,
  ...documentOperations,
];

/** An operation of the table by id (the CLI and the web pages call operations by name). */
export function operationById(id: string): Operation {
  const op = operations.find((o) => o.id === id);
  if (!op) throw new Error(`no operation ${id}`);
  return op;
}
