// JSON Schema (draft 2020-12) from a zod schema: what OpenAPI and the MCP tool list both publish,
// kept below both faces.
import { z } from "zod";

export type Json = Record<string, unknown>;

export function jsonSchema(schema: z.ZodType, io: "input" | "output"): Json {
  const s = z.toJSONSchema(schema, { io, target: "draft-2020-12", unrepresentable: "any" }) as Json;
  delete s.$schema;
  return s;
}
