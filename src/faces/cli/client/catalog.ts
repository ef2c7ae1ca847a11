// What the client knows of the operation table: each operation's route, help text and flags.
// catalog-build.ts computes it from the definitions into catalog.json (`npm run gen:cli`; a test
// fails while the file is stale). Commands read this file, not the definitions: loading zod and
// building two dozen schemas took longer at start than everything else a command does.
import type { HttpMethod, OperationDefinition } from "../../../kernel/operation.ts";
import data from "./catalog.json" with { type: "json" };
import type { Flag } from "./schema-flags.ts";

/** An operation as the client calls it: its REST route and the flags of its input. */
export interface ClientOperation extends Pick<OperationDefinition, "id" | "path" | "summary" | "description" | "queryFields" | "headerFields" | "formats"> {
  method: HttpMethod;
  /** Every input field as a flag, in the input schema's order. */
  flags: Flag[];
}

export interface Catalog {
  /** The severities, lowest first (--fail-on). */
  severities: string[];
  operations: ClientOperation[];
}

export const catalog = data as Catalog;

/** An operation of the catalog by id (the CLI calls operations by name). */
export function clientOperation(id: string): ClientOperation {
  const op = catalog.operations.find((o) => o.id === id);
  if (!op) throw new Error(`no operation ${id}`);
  return op;
}
