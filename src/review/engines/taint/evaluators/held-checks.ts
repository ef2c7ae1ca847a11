// Checks held in a variable: `url_is_safe = url_has_allowed_host_and_scheme(url=nxt, ...)`, `ok = host in
// ALLOWED`, then `if not url_is_safe: return ...`. The variable vouches for what the check does, on the
// branch where it is true (or false), while it and the checked variables keep the values they had.
import type { TNode } from "../syntax/node.ts";
import type { Analyzer } from "../driver/analyzer.ts";
import type { Value } from "../model/state.ts";
import type { Guard } from "../model/check-operands.ts";
import { guardedIdents } from "./allow-list-guards.ts";

/** Kinds of expressions that can be checks: comparisons, boolean operators, calls. */
const checkKinds = new Set([
  "comparison_operator",
  "binary_expression",
  "boolean_operator",
  "not_operator",
  "unary_expression",
  "call",
  "call_expression",
  "method_invocation",
  "parenthesized_expression",
]);

/** A comparison, or a prefix or suffix test (`inside = full.startsWith(root + sep)`), which guards read apart from the listed calls. */
const comparison = /==|!=|\bin\b|&&|\|\||\band\b|\bor\b|\.(?:starts|ends)[wW]ith\s*\(/;

/** After `name = valueNode`: `name` holds that check's outcome, or no longer holds one. */
export function holdCheck(a: Analyzer, name: string, valueNode: TNode | null): void {
  const st = a.state;
  if (st.checks?.delete(name) && !st.checks.size) st.checks = null;
  if (!valueNode || a.inCleanStatement || !checkKinds.has(valueNode.kind() as string)) return;
  // Most assignments are no check: told by their text (a comparison, or a call of a listed guard) before any tree call.
  const r = valueNode.range();
  if (r.end.index - r.start.index > 300) return;
  const text = a.source.slice(r.start.index, r.end.index);
  if (!comparison.test(text)) {
    const paren = text.indexOf("(");
    if (
      paren < 0 ||
      !a.rules.guards.lookup(
        text
          .slice(0, paren)
          .replace(/\s+/g, "")
          .replace(/^(not|!)/, ""),
      )
    )
      return;
  }
  const pos = guardedIdents(valueNode, true, a.syn, a.rules);
  const neg = guardedIdents(valueNode, false, a.syn, a.rules);
  if (!pos.length && !neg.length) return;
  const values = new Map<string, Value>();
  for (const g of pos) values.set(g.name, st.vars.get(g.name) ?? null);
  for (const g of neg) values.set(g.name, st.vars.get(g.name) ?? null);
  (st.checks ??= new Map()).set(name, { pos, neg, values });
}

/** What `name` vouches for where it is `positive`, if it holds a check whose variables are unchanged. */
export function heldGuards(a: Analyzer, name: string, positive: boolean): Guard[] | undefined {
  const c = a.state.checks?.get(name);
  if (!c) return undefined;
  return (positive ? c.pos : c.neg).filter((g) => (a.state.vars.get(g.name) ?? null) === c.values.get(g.name));
}
