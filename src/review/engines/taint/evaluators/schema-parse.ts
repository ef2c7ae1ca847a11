// Validation schemas declared at a module's top (`const Query = z.object({ sort: z.enum(["asc", "desc"]), q: z.string() })`):
// what `Query.parse(input)` returns holds only the schema's keys (zod strips the others), and a key whose schema
// admits only numbers, booleans, dates, listed literals, ids of a fixed alphabet or strings matching an anchored
// pattern carries none of the input's text. The parsed object is then tainted in its open keys only
// (`safeParse`: under `data`), or clean.
import type { TNode } from "../syntax/node.ts";
import type { Analyzer } from "../driver/analyzer.ts";
import type { Taint, Value } from "../model/state.ts";
import { wholeOf, withStep } from "../model/state.ts";
import { named } from "../syntax/syntax-types.ts";

/** Methods that validate their argument and return what passed (or a result holding it under `data`). */
export const schemaMethods = new Set(["parse", "parseAsync", "safeParse", "safeParseAsync"]);

const objectCall = /^z\s*\.\s*(?:object|strictObject)$/;
/** A key's schema that admits no free text, and modifiers that keep it so. */
const closedBase = /^z\s*\.\s*(?:coerce\s*\.\s*)?(?:number|boolean|date|bigint|enum|nativeEnum|literal)\s*\(/;
const closedString = /\.\s*(?:uuid|cuid2?|ulid|datetime|date|time|int)\s*\(|\.\s*regex\s*\(\s*\/\^[^\n]*\$\/[a-z]*\s*\)/;
const opening = /\.\s*(?:transform|preprocess|passthrough|catchall|or|and)\s*\(/;

/** The keys of a module-level object schema that admit free text; null when the name is no such schema. */
type Shape = string[] | null;
let cached: { source: string; shapes: Map<string, Shape> } | null = null;

function closed(schema: string): boolean {
  if (opening.test(schema)) return false;
  const array = /^z\s*\.\s*array\s*\(([\s\S]*)\)/.exec(schema);
  if (array) return closed(array[1]!.trim());
  return closedBase.test(schema) || (/^z\s*\.\s*(?:coerce\s*\.\s*)?string\s*\(/.test(schema) && closedString.test(schema));
}

function shapeOf(a: Analyzer, name: string, at: TNode): Shape {
  if (cached?.source !== a.source) cached = { source: a.source, shapes: new Map() };
  if (cached.shapes.has(name)) return cached.shapes.get(name)!;
  let shape: Shape = null;
  for (const top of a.topLevel(at)) {
    const decl = top.kind() === "export_statement" ? top.field("declaration") : top;
    if (decl?.kind() !== "lexical_declaration" && decl?.kind() !== "variable_declaration") continue;
    for (const d of named(decl)) {
      if (d.kind() !== "variable_declarator" || d.field("name")?.text() !== name) continue;
      const call = d.field("value");
      const fn = call?.kind() === "call_expression" ? call.field("function")?.text() : undefined;
      const obj = fn && objectCall.test(fn) ? named(call!.field("arguments"))[0] : undefined;
      if (obj?.kind() !== "object") continue;
      shape = [];
      for (const p of named(obj)) {
        const key = p.kind() === "pair" ? p.field("key") : null;
        const value = p.field("value");
        // A spread or computed key: the schema's keys are not all known.
        if (!key || !value || (key.kind() !== "property_identifier" && key.kind() !== "string")) {
          shape = null;
          break;
        }
        if (!closed(value.text())) shape.push(key.text().replace(/^["']|["']$/g, ""));
      }
    }
  }
  cached.shapes.set(name, shape);
  return shape;
}

/** What `Schema.parse(v)` (or safeParse) returns for a tainted `v`; undefined when the receiver is no known schema. */
export function schemaParse(a: Analyzer, recv: TNode, method: string, arg: Taint, node: TNode): Value | undefined {
  if (a.syn.prefix !== "js" && a.syn.prefix !== "ts") return undefined;
  if (a.syn.roles[recv.kind()] !== "ident") return undefined;
  const open = shapeOf(a, recv.text(), node);
  if (!open) return undefined;
  if (!open.length) return null;
  return { ...wholeOf(withStep(arg, node)), fields: new Set(method.startsWith("safe") ? ["data", ...open.map((k) => `data.${k}`)] : open) };
}
