// Python comprehensions (`[f(x) for x in xs if ok(x)]`, generator expressions, set and dict ones): the
// value is what the element expression makes of each element, not the iterated value itself, so
// `" ".join(shlex.quote(a) for a in args)` is quoted element by element, and `if k in ALLOWED` keeps
// allow-listed elements only. Their variables stay inside (Python 3 gives a comprehension its own scope).
import type { TNode } from "../syntax/node.ts";
import type { Analyzer } from "../driver/analyzer.ts";
import type { Value } from "../model/state.ts";
import { cloneState } from "../model/state.ts";
import { named } from "../syntax/syntax-types.ts";
import { bind } from "./assignments.ts";
import { applyGuards } from "./apply-guards.ts";

export function evalComprehension(a: Analyzer, node: TNode): Value {
  const body = node.field("body");
  if (!body) return null;
  const outer = a.state;
  a.state = cloneState(outer);
  // Clauses run in their order (each `for` may use the one before), then the element expression.
  for (const c of named(node)) {
    const k = c.kind();
    if (k === "for_in_clause") {
      const source = c.field("right");
      const target = c.field("left");
      const v = source ? a.ev(source) : null;
      // Bound with `at` itself: an element of the iterated value (evaluators/assignments.ts).
      if (target) bind(a, target, v, target, source);
    } else if (k === "if_clause") {
      const cond = named(c)[0];
      if (!cond) continue;
      a.ev(cond);
      applyGuards(a, cond, true);
    }
  }
  const v = a.ev(body);
  a.state = outer;
  return v;
}
