// Values of the expression kinds the walk evaluates itself (indexing, declarations, operators, string
// literals, object entries): apart from the dispatch (node-walk.ts), which only picks the case.
import type { TNode } from "../syntax/node.ts";
import type { Value } from "../model/state.ts";
import type { Analyzer } from "./analyzer.ts";
import { named } from "../syntax/syntax-types.ts";
import { operatorOf } from "../model/static-conditions.ts";
import { wholeOf, worse } from "../model/state.ts";
import { allClassesMask, namedOnlyMask } from "../syntax/classes.ts";
import { memberByKey, ownPath } from "../evaluators/reads.ts";
import { bind } from "../evaluators/assignments.ts";
import { groupKey, matchGroupValue } from "../evaluators/match-groups.ts";
import { otherChildren } from "../evaluators/control-flow.ts";
import { eqOperand, withFixedDestination } from "../evaluators/fixed-prefix.ts";
import { concatArgv, readIndex } from "../evaluators/collection-sites.ts";
import { recordPicked } from "../evaluators/call-sinks.ts";

/** A whole string literal (prefix, quotes) without a brace anywhere. */
const plainString = /^[A-Za-z]*(["'`])[^{]*\1$/;

export function evIndex(a: Analyzer, node: TNode): Value {
  if (ownPath(node)) return null;
  const obj = node.field(a.syn.indexField) ?? named(node)[0];
  // Told apart from the child list by id or kind: by object, the object part ran twice at
  // each level, 2^depth times in a[i][j][k].
  for (const c of otherChildren(node, [obj ?? null])) a.ev(c);
  const whole = obj ? a.ev(obj) : null;
  const known = obj ? readIndex(a, node) : undefined;
  if (known !== undefined) return known;
  const index = node.field(a.syn.prefix === "py" ? "subscript" : "index");
  // `m[1]` of a regular expression's match: what the group admits (evaluators/match-groups.ts).
  const key = whole && obj && index ? groupKey(index.text()) : null;
  const group = key !== null ? matchGroupValue(a, obj!, [key], whole) : undefined;
  if (group !== undefined) return group;
  const member = memberByKey(a, whole, index, node);
  return member !== undefined ? member : whole;
}

export function evDecl(a: Analyzer, node: TNode, kind: string): Value {
  const value = node.field("value");
  const v = value ? a.rhs(value) : null;
  const name = node.field("name");
  if (value && a.rules.computedCalls.length) recordPicked(a, value);
  if (kind === "var_spec") {
    for (const c of named(node)) if (c.kind() === "identifier") bind(a, c, v, node, value);
  } else if (name) bind(a, name, v, node, value);
  return v;
}

export function evBinary(a: Analyzer, node: TNode): Value {
  const parts = named(node);
  let v: Value = null;
  for (const p of parts) v = worse(v, a.ev(p));
  // The operator (a native lookup) matters only when an operand is tainted.
  if (!v) return v;
  if (!a.syn.cleanOps.has(operatorOf(node))) return withFixedDestination(a, node, concatArgv(a, node, parts, v));
  // A number computed from a predictable one is as predictable: only that class survives.
  return v.mask & namedOnlyMask ? null : { ...v, mask: allClassesMask & ~namedOnlyMask };
}

/** `walkable`: the nesting limit is more than a level away. */
export function evLiteral(a: Analyzer, node: TNode, kind: string, walkable: boolean): Value {
  // A string holds expressions only inside braces (f-string, template): without one its
  // parts are clean leaves, known without wrapping them. Near the nesting limit, walk as before.
  if (walkable && plainString.test(node.text())) return null;
  let v: Value = null;
  for (const c of node.namedChildren()) v = worse(v, a.ev(c));
  // A template (JavaScript) or an f-string (Python; a JavaScript string holds nothing tainted).
  return v && (kind === "template_string" || kind === "string") ? withFixedDestination(a, node, v) : v;
}

/**
 * A JavaScript object literal: tainted in the keys its tainted entries have (`{ uid, gid, mode }` with `mode` a
 * caller's: `opts.cwd` read from it in a helper is clean), nested ones by path (`{ q: { name } }`: `q.name`). A spread,
 * a computed key or a method makes its keys unknown: tainted whole, as before.
 */
export function evObject(a: Analyzer, node: TNode): Value {
  let v: Value = null;
  // Each tainted key's own sanitized classes: the object's value is the worst of them, a field read gets its own.
  const own = new Map<string, number>();
  let whole = false;
  for (const c of named(node)) {
    const kind = c.kind();
    const cv = a.ev(c);
    if (!cv) continue;
    v = worse(v, wholeOf(cv));
    const key = kind === "shorthand_property_identifier" ? c.text() : kind === "pair" ? staticKey(c.field("key")) : null;
    if (key === null) whole = true;
    else {
      own.set(key, (own.get(key) ?? allClassesMask) & cv.mask);
      for (const f of cv.fields ?? []) own.set(`${key}.${f}`, cv.fieldMasks?.get(f) ?? cv.mask);
    }
  }
  if (!v || whole) return v;
  const fieldMasks = new Map([...own].filter(([, m]) => m !== v.mask));
  const out: NonNullable<Value> = { ...v, fields: new Set(own.keys()), built: true };
  if (fieldMasks.size) out.fieldMasks = fieldMasks;
  return out;
}

function staticKey(key: TNode | null): string | null {
  if (!key) return null;
  const kind = key.kind();
  if (kind === "property_identifier" || kind === "number") return key.text();
  if (kind === "string") return /^["']([^"'\\]*)["']$/.exec(key.text())?.[1] ?? null;
  return null;
}

export function evPair(a: Analyzer, node: TNode): Value {
  // Object literal entries can be sinks by key, e.g. { __html: tainted } in JSX.
  const value = node.field("value");
  // A Python dict's or a Go map literal's key is any expression (`{request.args["field"]: v}` names a field or an operator).
  const key = a.syn.prefix === "py" || a.syn.prefix === "go" ? node.field("key") : null;
  const k = key ? a.ev(key) : null;
  const v = worse(k, value ? eqOperand(a, node, a.ev(value)) : null);
  if (v && a.rules.assignSinks.size) {
    for (const spec of a.rules.assignSinks.get(node.field("key")?.text() ?? "") ?? []) a.recordHit(node, spec, v);
  }
  return v;
}
