// JSON Schema (draft 2020-12) from a zod schema: what OpenAPI and the MCP tool list both publish,
// kept below both faces. The output is portable: several MCP clients reject `type` arrays and
// schemas without a type, so a nullable field is an `anyOf` with a `null` branch and a field of any
// JSON value lists the six types. The safe-integer bounds zod adds to every integer say nothing a
// client can use and are left out.
import { z } from "zod";

export type Json = Record<string, unknown>;

const anyJson: Json[] = ["string", "number", "boolean", "object", "array", "null"].map((type) => ({ type }));
/** Keywords that describe a value rather than constrain one type: they stay outside an anyOf. */
const annotations = new Set(["description", "title", "default", "examples", "deprecated", "readOnly", "writeOnly"]);

function isSchemaMap(key: string): boolean {
  return key === "properties" || key === "patternProperties" || key === "$defs";
}

function portable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(portable);
  if (typeof node !== "object" || node === null) return node;
  const s: Json = {};
  for (const [k, v] of Object.entries(node as Json)) {
    if (isSchemaMap(k) && typeof v === "object" && v !== null) {
      s[k] = Object.fromEntries(Object.entries(v as Json).map(([name, sub]) => [name, portable(sub)]));
    } else if (k === "enum" || k === "const" || k === "default" || k === "examples" || k === "required") s[k] = v;
    else s[k] = portable(v);
  }
  if (s.type === "integer") {
    if (s.maximum === Number.MAX_SAFE_INTEGER) delete s.maximum;
    if (s.minimum === Number.MIN_SAFE_INTEGER) delete s.minimum;
  }
  if (Array.isArray(s.type)) return splitTypes(s, s.type as string[]);
  if (s.type === undefined && !s.anyOf && !s.oneOf && !s.allOf && !("const" in s) && !s.enum && !s.$ref && !s.not) {
    return { ...s, anyOf: anyJson };
  }
  return s;
}

/** `{type: ["string", "null"], ...}` -> `{anyOf: [{type: "string", ...}, {type: "null"}], description}`. */
function splitTypes(s: Json, types: string[]): Json {
  const outer: Json = {};
  const inner: Json = {};
  for (const [k, v] of Object.entries(s)) {
    if (k === "type") continue;
    (annotations.has(k) ? outer : inner)[k] = v;
  }
  const branches = types.map((type) => {
    if (type === "null") return { type };
    const branch: Json = { type, ...inner };
    if (Array.isArray(inner.enum)) branch.enum = inner.enum.filter((e) => e !== null);
    return branch;
  });
  return { anyOf: branches, ...outer };
}

export function jsonSchema(schema: z.ZodType, io: "input" | "output"): Json {
  const s = z.toJSONSchema(schema, { io, target: "draft-2020-12", unrepresentable: "any" }) as Json;
  delete s.$schema;
  return portable(s) as Json;
}
