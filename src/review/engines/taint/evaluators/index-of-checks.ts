// `LIST.indexOf(x) === -1` before leaving: the ES5 spelling of `!LIST.includes(x)`, still the usual
// allow-list check in published packages (`RRecordTypes.indexOf(type) === -1` → return null).
import type { TNode } from "../syntax/node.ts";
import type { Syntax } from "../syntax/syntax-types.ts";
import { named } from "../syntax/syntax-types.ts";
import { literalKinds } from "../model/check-operands.ts";

/** `-1`, `- 1`, `0`: the literal a comparison of an index is made with. */
const indexLiteral = (n: TNode): number | null => {
  const t = n.text().replace(/\s+/g, "");
  return t === "-1" ? -1 : t === "0" ? 0 : null;
};

/** The argument of `recv.indexOf(arg)` (JavaScript, TypeScript, Java), else null. */
function indexOfArg(n: TNode, syn: Syntax): TNode | null {
  if (syn.roles[n.kind()] !== "call") return null;
  const fn = n.field("function");
  const member = fn && syn.roles[fn.kind()] === "member";
  const recv = member ? fn.field(syn.memberFields[0]) : n.field("object");
  const name = member ? fn.field(syn.memberFields[1])?.text() : n.field("name")?.text();
  const args = named(n.field("arguments"));
  return name === "indexOf" && recv && args.length === 1 ? args[0]! : null;
}

/** Comparisons that are true exactly when the index is found, or not found, keyed by operator and literal. */
const foundWhenTrue: Record<string, boolean | undefined> = {
  "!==-1": true,
  "!=-1": true,
  ">-1": true,
  ">=0": true,
  "===-1": false,
  "==-1": false,
  "<0": false,
};
const flipped: Record<string, string> = { ">": "<", "<": ">", ">=": "<=", "<=": ">=" };

/**
 * `recv.indexOf(arg)` compared with -1 or 0 so that the comparison says whether `arg` is in `recv`:
 * the argument and whether a true comparison means it was found; null for any other comparison
 * (`abs.indexOf(root) === 0` is a prefix check, prefix-checks.ts).
 */
export function indexOfMembership(l: TNode, op: string, r: TNode, syn: Syntax): { arg: TNode; foundWhenTrue: boolean } | null {
  for (const [call, lit, o] of [
    [l, r, op],
    [r, l, flipped[op] ?? op],
  ] as const) {
    const arg = indexOfArg(call, syn);
    const n = arg ? indexLiteral(lit) : null;
    const found = n === null ? undefined : foundWhenTrue[`${o}${n}`];
    // A string searched for a literal (`name.indexOf("..") === -1`) checks the receiver, not a list: deny-list-guards.ts.
    if (arg && found !== undefined && !literal(arg)) return { arg, foundWhenTrue: found };
  }
  return null;
}

const literal = (n: TNode): boolean => literalKinds.has(n.kind()) || n.kind() === "template_string" || n.kind() === "character_literal";
