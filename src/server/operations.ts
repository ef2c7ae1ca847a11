// The operation table with its handlers: the capabilities' operations in the order of
// capabilities.ts. REST routes, MCP tools, OpenAPI, the web pages and the CLI catalog are built from it.
import type { Operation } from "../kernel/operation.ts";
import { capabilities } from "./capabilities.ts";

export const operations: readonly Operation[] = capabilities.flatMap((c) => c.operations);

/** Operations only the web pages invoke: never in the table above, so no REST route, MCP tool, OpenAPI entry or CLI command. */
export const webOperations: readonly Operation[] = capabilities.flatMap((c) => c.webOperations ?? []);

const seen = new Set<string>();
for (const op of [...operations, ...webOperations]) {
  if (seen.has(op.id)) throw new Error(`operation ${op.id} is listed twice`);
  seen.add(op.id);
}
