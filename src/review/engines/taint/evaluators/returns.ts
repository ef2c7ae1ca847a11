// Return sinks: a view's returned value is its response body (Flask, Django), by the function's decorators.
import type { TNode } from "../syntax/node.ts";
import type { Analyzer } from "../driver/analyzer.ts";
import type { SinkSpec } from "../syntax/rule-specs.ts";
import { named } from "../syntax/syntax-types.ts";

/** Return sinks that apply to the function being analysed (by its decorators), computed once per scope. */
export function returnSinks(a: Analyzer, scope: TNode | null, cache: Map<number, SinkSpec[]>): SinkSpec[] {
  if (!scope || a.syn.roles[scope.kind()] !== "func") return [];
  let specs = cache.get(scope.id());
  if (!specs) {
    const decorators = a.syn.returnTexts?.(scope) ?? a.syn.decorators(scope);
    specs = decorators.length
      ? a.rules.returnSinks
          .filter(
            (r) =>
              decorators.some((d) => r.decorators.some((re) => re.test(d))) &&
              (!r.spec.fileContains.length || r.spec.fileContains.some((re) => a.fileMatches(re))),
          )
          .map((r) => r.spec)
      : [];
    cache.set(scope.id(), specs);
  }
  return specs;
}

/**
 * A view's return value is its response: the body is the value, or a tuple's first element (headers and status follow).
 * A conditional (`{"body": row[0]} if row else abort(404)`) returns one of its branches: each is judged as returned.
 */
export function returned(a: Analyzer, node: TNode, expr: TNode, specs: SinkSpec[]): void {
  const k = expr.kind();
  if (k === "expression_list" || k === "tuple" || k === "conditional_expression") {
    const parts = named(expr);
    // A tuple's other elements (status, headers) and a conditional's test are evaluated for their effects only.
    const bodies = k === "conditional_expression" ? [parts[0], parts[2]] : [parts[0]];
    for (const p of parts) if (!bodies.includes(p)) a.ev(p);
    // Headers that declare the body plain text or JSON (`body, 200, {"Content-Type": "text/plain"}`).
    const left = k === "conditional_expression" ? specs : untyped(specs, parts.slice(1));
    for (const b of bodies) if (b && left.length) returned(a, node, b, left);
    return;
  }
  const v = a.ev(expr);
  if (!v) return;
  for (const spec of specs)
    if (!(v.mask & spec.cls) && !spec.ignoreKinds.has(k) && (!spec.returnPrefix || afterPrefix(expr, spec.returnPrefix))) a.recordHit(node, spec, v);
}

/**
 * `return "redirect:" + next`: whether the returned concatenation starts with the prefix and leaves the rest open. A
 * fixed path after it (`"redirect:/orders?id=" + id`: a slash and then no second one) or a fixed host
 * (`"redirect:https://shop.example.com/" + p`) keeps the destination; a return without the prefix is a view's name.
 */
function afterPrefix(expr: TNode, prefix: string): boolean {
  let first = expr;
  while (first.kind() === "binary_expression" && first.field("left")) first = first.field("left")!;
  if (first === expr || first.kind() !== "string_literal") return false;
  const text = first.text().slice(1, -1);
  if (!text.startsWith(prefix)) return false;
  const rest = text.slice(prefix.length);
  return !/^\/[^/\\]|^https?:\/\/[^/?#\s]+[/?#]/.test(rest);
}

/** The return sinks a tuple's other elements leave: not those whose safe Content-Type its headers declare. */
function untyped(specs: SinkSpec[], rest: TNode[]): SinkSpec[] {
  const types = rest.map(contentType).filter((t): t is string => t !== null);
  return types.length ? specs.filter((s) => !(s.safeContentType && types.some((t) => s.safeContentType!.test(t)))) : specs;
}

/** The text of a headers dict's Content-Type value (`{"Content-Type": "text/plain"}`), quotes included; null without one. */
function contentType(n: TNode): string | null {
  if (n.kind() !== "dictionary") return null;
  for (const pair of named(n)) {
    if (pair.kind() !== "pair") continue;
    const key = pair.field("key")?.text().toLowerCase() ?? "";
    if (/^[rbu]?["']content-type["']$/.test(key)) return pair.field("value")?.text() ?? null;
  }
  return null;
}
