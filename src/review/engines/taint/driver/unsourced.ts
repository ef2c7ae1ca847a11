// A sink that no known source reaches is still worth a low-confidence finding when its argument is a
// string built from values the function does not fix (`exec("which " + name)` in a helper nobody in
// the file calls with request data): the taint stage cannot tell where they come from, so it must not
// vouch for them. Constant-only strings, numbers, constants by convention (`UPPER_CASE`, `config.x`),
// locals assigned only literals and sanitized values stay silent.
import type { TNode } from "../syntax/node.ts";
import type { Analyzer } from "./analyzer.ts";
import { named } from "../syntax/syntax-types.ts";
import { operatorOf } from "../model/static-conditions.ts";
import { concatOps, openPart } from "../evaluators/closed-values.ts";

/**
 * True when one of the call's arguments is a string built (concatenation, template, `%`, `format`, f-string) from a
 * value not known constant. `mask`: the sink's classes, whose sanitizers' results a local may hold and stay closed.
 */
export function builtFromValues(a: Analyzer, call: TNode, scopeText: string, mask = 0): boolean {
  const args = call.field("arguments");
  if (!args) return false;
  const locals = new Map<string, boolean>();
  const open = (n: TNode, depth: number): boolean => openPart(a, n, depth, scopeText, locals);
  a.closedFor = mask;
  try {
    return named(args).some((arg) => built(arg) && open(arg, 0));
  } finally {
    a.closedFor = 0;
  }
}

function built(n: TNode): boolean {
  const k = n.kind();
  if (k === "binary_expression" || k === "binary_operator") return concatOps.has(operatorOf(n));
  if (k === "template_string") return named(n).some((c) => c.kind() === "template_substitution");
  if (k === "string") return named(n).some((c) => c.kind() === "interpolation");
  if (k !== "call") return false;
  const fn = n.field("function")?.text() ?? "";
  // `text.replace(word, "<mark>" + word + "</mark>")`: markup put into a value by a replacement built from values.
  return /^[rbuRBU]?["'].*\.format$/s.test(fn) || (/\.replace$/.test(fn) && named(n.field("arguments")).some(built));
}
