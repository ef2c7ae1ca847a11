// A sink that no known source reaches is still worth a low-confidence finding when its argument is a
// string built from values the function does not fix (`exec("which " + name)` in a helper nobody in
// the file calls with request data): the taint stage cannot tell where they come from, so it must not
// vouch for them. Constant-only strings, numbers, constants by convention (`UPPER_CASE`, `config.x`),
// locals assigned only literals and sanitized values stay silent.
import type { TNode } from "../syntax/node.ts";
import type { Analyzer } from "./analyzer.ts";
import { named } from "../syntax/languages.ts";
import { operatorOf } from "../model/static-conditions.ts";
import { escapeRegExp } from "../../../text.ts";

const constantRoots = /^(?:[A-Z][A-Z0-9_]*|__dirname|__filename|config|conf|cfg|settings|constants|consts|defaults)$/;
const leafKinds = new Set([
  "string_fragment",
  "escape_sequence",
  "number",
  "integer",
  "float",
  "true",
  "false",
  "null",
  "undefined",
  "none",
  "regex",
  "string_content",
  "string_start",
  "string_end",
  "comment",
]);
const concatOps = new Set(["+", "%"]);

/** True when one of the call's arguments is a string built (concatenation, template, `%`, `format`, f-string) from a value not known constant. */
export function builtFromValues(a: Analyzer, call: TNode, scopeText: string): boolean {
  const args = call.field("arguments");
  if (!args) return false;
  const locals = new Map<string, boolean>();
  const open = (n: TNode, depth: number): boolean => openPart(a, n, depth, scopeText, locals);
  return named(args).some((arg) => built(arg) && open(arg, 0));
}

function built(n: TNode): boolean {
  const k = n.kind();
  if (k === "binary_expression" || k === "binary_operator") return concatOps.has(operatorOf(n));
  if (k === "template_string") return named(n).some((c) => c.kind() === "template_substitution");
  if (k === "string") return named(n).some((c) => c.kind() === "interpolation");
  if (k === "call") return /^[rbuRBU]?["'].*\.format$/s.test(n.field("function")?.text() ?? "");
  return false;
}

function openPart(a: Analyzer, n: TNode, depth: number, scopeText: string, locals: Map<string, boolean>): boolean {
  if (depth > 32) return true;
  const k = n.kind();
  if (leafKinds.has(k)) return false;
  const any = (kids: TNode[]): boolean => kids.some((c) => openPart(a, c, depth + 1, scopeText, locals));
  switch (k) {
    case "identifier":
      return !constantName(n.text(), scopeText, locals);
    case "member_expression":
    case "attribute": {
      const prop = n.field(a.syn.memberFields[1])?.text() ?? "";
      if (a.rules.cleanMembers.has(prop)) return false;
      const root = n.text().split(/[.[(]/)[0]!.trim();
      return !constantRoots.test(root);
    }
    case "binary_expression":
    case "binary_operator":
      // Arithmetic and comparisons make numbers and booleans.
      return concatOps.has(operatorOf(n)) ? any(named(n)) : false;
    case "call_expression":
    case "call": {
      const fn = n.field("function");
      const callee = (fn?.text() ?? "").replace(/\s+/g, "");
      if (a.rules.sanitizers.lookup(callee)) return false;
      const kids = named(n.field("arguments"));
      const recv = fn && (fn.kind() === "member_expression" || fn.kind() === "attribute") ? fn.field(a.syn.memberFields[0]) : null;
      return any(recv ? [recv, ...kids] : kids);
    }
    default:
      return any(named(n));
  }
}

/** A constant by convention, or a local this function assigns nothing but literals. */
function constantName(name: string, scopeText: string, locals: Map<string, boolean>): boolean {
  if (constantRoots.test(name)) return true;
  let v = locals.get(name);
  if (v === undefined) {
    const values = [...scopeText.matchAll(new RegExp(`(?<![\\w$.])${escapeRegExp(name)}\\s*(?:\\+|-)?=(?!=)\\s*(\\S)`, "g"))].map((m) => m[1]!);
    v = values.length > 0 && values.every((c) => /["'`\d]/.test(c));
    locals.set(name, v);
  }
  return v;
}
