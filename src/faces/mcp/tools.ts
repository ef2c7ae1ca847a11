// MCP tools from the operation table: names, titles, descriptions, input and output schemas and
// annotations come from the definitions; results carry structured content (checked against the
// output schema by clients), its JSON as text, and a short summary for clients that show text.
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type { OperationDefinition } from "../../kernel/operation.ts";
import { jsonSchema, type Json } from "../../kernel/json-schema.ts";

/**
 * The output schema an agent sees: the result's top-level fields with their types and allowed
 * values, nested objects and arrays typed but not spelled out. The full schemas would be three
 * quarters of tools/list (an agent's context pays for every byte); the result itself carries its
 * JSON, and OpenAPI keeps the full description.
 */
function outline(s: Json, top = true): Json {
  const out: Json = {};
  if (Array.isArray(s.anyOf)) out.anyOf = (s.anyOf as Json[]).map((b) => outline(b, top));
  if (s.type !== undefined) out.type = s.type;
  if (s.enum !== undefined) out.enum = s.enum;
  if (top && s.type === "object" && s.properties) {
    out.properties = Object.fromEntries(Object.entries(s.properties as Record<string, Json>).map(([k, v]) => [k, outline(v, false)]));
    if (s.required) out.required = s.required;
  }
  return out;
}

export function toolOf(op: OperationDefinition): Tool {
  return {
    name: op.id,
    title: op.summary,
    description: `${op.description}\n\nNeeds scope${op.scopes.length > 1 ? "s" : ""}: ${op.scopes.join(", ")}.`,
    inputSchema: jsonSchema(op.input, "input") as Tool["inputSchema"],
    outputSchema: outline(jsonSchema(op.output, "output")) as Tool["outputSchema"],
    annotations: {
      title: op.summary,
      readOnlyHint: op.readOnly,
      destructiveHint: op.destructive ?? false,
      idempotentHint: op.readOnly || (op.idempotent ?? false),
      openWorldHint: false,
    },
  };
}

/** One line on what a result holds, and for a page how to get the next one. */
export function summaryOf(op: OperationDefinition, body: unknown): string {
  const b = (body ?? {}) as Record<string, unknown>;
  if (Array.isArray(b.items)) {
    const total = typeof b.total === "number" ? ` of ${b.total}` : "";
    const more =
      typeof b.nextCursor === "string" ? ` More: call ${op.id} again with cursor "${b.nextCursor}" (and the same filters).` : " This is the last page.";
    return `${op.summary}: ${b.items.length} item${b.items.length === 1 ? "" : "s"}${total}.${more}`;
  }
  const subject = (b.run ?? b.document ?? b.comment ?? b) as Record<string, unknown>;
  const named = ["key", "id", "slug", "fullName", "state", "status"]
    .filter((k) => subject[k] !== undefined && typeof subject[k] !== "object")
    .map((k) => `${k} ${String(subject[k])}`);
  const price = typeof b.priceCents === "number" ? `, price ${b.priceCents} cents` : "";
  return (
    `${op.summary}: done${named.length ? ` (${named.join(", ")}${price})` : price ? ` (${price.slice(2)})` : ""}. The full result is in the structured ` +
    `content and the JSON below.`
  );
}
