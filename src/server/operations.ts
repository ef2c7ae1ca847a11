// The operation table with its handlers, in the order of definitions.ts (the one ordered list).
// REST routes, MCP tools and web pages are built from it; each area lists its implementations.
import { operationDefinitions } from "./definitions.ts";
import type { Operation } from "../kernel/operation.ts";
import { getMe } from "../capabilities/identity/operations/get-me.ts";
import { listMembers } from "../capabilities/identity/operations/list-members.ts";
import { focusOperations } from "../capabilities/focuses/operations/index.ts";
import { repositoryOperations } from "../capabilities/repositories/operations/index.ts";
import { findingOperations } from "../capabilities/findings/operations/index.ts";
import { runOperations } from "../capabilities/runs/operations/index.ts";
import { documentOperations } from "../capabilities/documents/operations/index.ts";

const implemented = new Map<string, Operation>([
  getMe as unknown as Operation,
  listMembers as unknown as Operation,
  ...focusOperations,
  ...repositoryOperations,
  ...findingOperations,
  ...runOperations,
  ...documentOperations,
].map((op) => [op.id, op]));

export const operations: readonly Operation[] = operationDefinitions.map((def) => {
  const op = implemented.get(def.id);
  if (!op) throw new Error(`operation ${def.id} has no handler`);
  return op;
});
if (implemented.size !== operations.length) throw new Error("an implemented operation is missing from definitions.ts");

/** An operation of the table by id (the web pages invoke operations by name). */
export function operationById(id: string): Operation {
  const op = operations.find((o) => o.id === id);
  if (!op) throw new Error(`no operation ${id}`);
  return op;
}
