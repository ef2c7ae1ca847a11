// Builds catalog.json from the operation definitions: `npm run gen:cli` writes it, a test compares.
// Flags come from each input's JSON Schema, as OpenAPI and the MCP tools publish it, so the three
// faces describe a field alike.
import type { OperationDefinition } from "../../../kernel/operation.ts";
import { severityValues } from "../../../capabilities/findings/schemas.ts";
import { operations } from "../../../server/operations.ts";
import { jsonSchema, type Json } from "../../../kernel/json-schema.ts";
import type { Catalog, ClientOperation } from "./catalog.ts";
import type { Flag, FlagKind } from "./schema-flags.ts";

const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function kindOf(p: Json): FlagKind {
  const alternatives = (p.anyOf ?? p.oneOf) as Json[] | undefined;
  if (alternatives) {
    const types = alternatives.map((a) => a.type);
    if (types.includes("boolean")) return "bool";
    if (types.includes("object") || types.includes("array")) return "json";
    return "string";
  }
  if (p.type === "integer" || p.type === "number") return "int";
  if (p.type === "boolean") return "bool";
  if (p.type === "array") return (p.items as Json | undefined)?.type === "string" ? "list" : "json";
  if (p.type === "object") return "json";
  return "string";
}

/** The flags of an operation's input: each field becomes `--kebab-name` with its description as help. */
function flagsOf(op: OperationDefinition): Flag[] {
  const schema = jsonSchema(op.input, "input");
  const props = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(props).map(([field, p]) => {
    const items = p.items as Json | undefined;
    const choices = (p.enum ?? items?.enum) as string[] | undefined;
    return {
      field,
      flag: kebab(field),
      kind: kindOf(p),
      description: String(p.description ?? ""),
      ...(choices ? { choices } : {}),
      required: required.has(field),
    };
  });
}

function entryOf(op: OperationDefinition): ClientOperation {
  return {
    id: op.id,
    method: op.method,
    path: op.path,
    summary: op.summary,
    description: op.description,
    ...(op.queryFields ? { queryFields: op.queryFields } : {}),
    ...(op.headerFields ? { headerFields: op.headerFields } : {}),
    ...(op.formats ? { formats: op.formats } : {}),
    flags: flagsOf(op),
  };
}

export function buildCatalog(definitions: readonly OperationDefinition[] = operations): Catalog {
  return { severities: [...severityValues], operations: definitions.map(entryOf) };
}
