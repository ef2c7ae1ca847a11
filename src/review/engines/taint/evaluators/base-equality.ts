// A path equal to the base it must start with is inside it: `out === root || out.startsWith(root + sep)`, or the
// failing form before a throw, `out !== root && !out.startsWith(root + sep)`. Either operand may hold, so the
// union rule keeps only what both clean; the equality with the base cleans what the prefix check does.
import type { TNode } from "../syntax/node.ts";
import { named } from "../syntax/syntax-types.ts";
import { operatorOf } from "../model/static-conditions.ts";
import { escapeRegExp } from "../../../text.ts";
import type { Guard } from "../model/check-operands.ts";

const comparisons = new Set(["binary_expression", "comparison_operator"]);

/**
 * The guards of `other` (the operand beside `side`) when `side`, holding, says a name they clean equals a base that
 * `other` names (`out === root` beside `out.startsWith(root + sep)`); null otherwise.
 */
export function equalToBase(side: TNode, positive: boolean, other: TNode, otherGuards: Guard[]): Guard[] | null {
  if (!otherGuards.length) return null;
  let n: TNode | undefined = side;
  while (n?.kind() === "parenthesized_expression") n = named(n)[0];
  if (!n || !comparisons.has(n.kind() as string)) return null;
  const op = operatorOf(n);
  const equal = ((op === "===" || op === "==") && positive) || ((op === "!==" || op === "!=") && !positive);
  const [l, r] = named(n);
  if (!equal || !l || !r) return null;
  const names = [l.text(), r.text()];
  const kept = otherGuards.filter((g) => names.includes(g.name));
  const base = names.find((x) => !kept.some((g) => g.name === x));
  return kept.length && base && new RegExp(`(?<![\\w$.])${escapeRegExp(base)}(?![\\w$])`).test(other.text()) ? kept : null;
}
