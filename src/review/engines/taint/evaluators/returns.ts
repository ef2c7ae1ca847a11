// Return sinks: a view's returned value is its response body (Flask, Django), by the function's decorators.
import type { TNode } from "../syntax/node.ts";
import type { Analyzer } from "../driver/analyzer.ts";
import type { SinkSpec } from "../syntax/rule-specs.ts";
import type { Value } from "../model/state.ts";
import { named } from "../syntax/syntax-types.ts";

/** Return sinks that apply to the function being analysed (by its decorators), computed once per scope. */
export function returnSinks(a: Analyzer, scope: TNode | null, cache: Map<number, SinkSpec[]>): SinkSpec[] {
  if (!scope || a.syn.roles[scope.kind()] !== "func") return [];
  let specs = cache.get(scope.id());
  if (!specs) {
    const decorators = a.syn.decorators(scope);
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

/** A view's return value is its response: the body is the value, or a tuple's first element (headers and status follow). */
export function returned(a: Analyzer, node: TNode, expr: TNode, specs: SinkSpec[]): void {
  const k = expr.kind();
  let body = expr;
  let v: Value;
  if (k === "expression_list" || k === "tuple") {
    const parts = named(expr);
    v = null;
    for (let i = 0; i < parts.length; i++) {
      const pv = a.ev(parts[i]!);
      if (i === 0) {
        v = pv;
        body = parts[0]!;
      }
    }
  } else v = a.ev(expr);
  if (!v) return;
  for (const spec of specs) if (!(v.mask & spec.cls) && !spec.ignoreKinds.has(body.kind() as string)) a.recordHit(node, spec, v);
}
