// Abstract values of the analysis: a value is clean (null) or carries a taint with its flow.
import type { TNode } from "../syntax/node.ts";
import { ConstMap } from "./scope-constants.ts";
import { namedOnlyMask } from "../syntax/classes.ts";
import type { Coll } from "./collection-values.ts";
import type { Guard } from "./check-operands.ts";
import { joinColls } from "./collection-values.ts";

/** One point of a flow, linked backwards to the source; shared between values to avoid copies. */
export interface Step {
  node: TNode;
  /** "source", "step" (assignment) or "param". */
  kind: string;
  sourceId: string;
  prev: Step | null;
}

export interface Taint {
  /** Bits of the classes this value was sanitized for. */
  mask: number;
  confidence: "high" | "medium" | "low";
  step: Step;
  /** Set when only these fields of an object were written with tainted data (obj.f = tainted). */
  fields?: ReadonlySet<string>;
  /** An argument vector whose program is a fixed command other than a shell: its tainted elements are separate arguments. */
  argv?: true;
  /** A string (a template, a `+` result, a `typeof x === "string"` check): no NoSQL operator object,
   * for which it is marked safe, but code all the same where a sink runs it (`code` sinks, `$where`). */
  str?: true;
  /** The variable was just derived from another one (`host = urlparse(url).netloc`): a check on it
   * vouches for that variable's destination while it still holds `value` (evaluators/derived-checks.ts). */
  from?: Derivation;
}

export interface Derivation { name: string; value: Taint; kind: "host" | "url" | "copy" }

export type Value = Taint | null;

export interface State {
  vars: Map<string, Value>;
  consts: ConstMap;
  /** Collections whose elements are known by index or constant key (model/collection-values.ts), by variable or member path. */
  colls: Map<string, Coll>;
  /** Control cannot reach the next statement (after return/throw/break). */
  dead: boolean;
  /** Variables holding the outcome of a check (`ok = url_has_allowed_host_and_scheme(url=u, ...)`); null while none does (evaluators/held-checks.ts). */
  checks: Map<string, HeldCheck> | null;
}

/** What a variable holding a check's outcome vouches for when true or false, while the checked
 * variables keep the values they had (`values`). */
export interface HeldCheck { pos: Guard[]; neg: Guard[]; values: Map<string, Value> }

export function newState(): State {
  return { vars: new Map(), consts: new ConstMap(), colls: new Map(), dead: false, checks: null };
}

export function cloneState(s: State): State {
  return { vars: new Map(s.vars), consts: s.consts.clone(), colls: s.colls.size ? new Map(s.colls) : new Map(), dead: s.dead, checks: s.checks && new Map(s.checks) };
}

/** The more tainted of two values: a taint wins over clean, fewer sanitized classes win. */
export function worse(a: Value, b: Value): Value {
  if (!a) return b;
  if (!b) return a;
  if (b.mask === a.mask) return a.argv && !b.argv ? b : a;
  return (b.mask & ~a.mask) === 0 ? b : a;
}

/** State after two alternative paths; a dead path contributes nothing. */
export function join(a: State, b: State): State {
  if (a.dead && !b.dead) return b;
  if (b.dead && !a.dead) return a;
  const vars = new Map(a.vars);
  for (const [k, v] of b.vars) {
    if (vars.has(k)) vars.set(k, both(k, vars.get(k) ?? null, v));
    // An allow-listed member path (`req.query.sort`) stays clean only where both paths checked it.
    else if (!k.includes(".")) vars.set(k, v);
  }
  for (const k of a.vars.keys()) if (!b.vars.has(k) && k.includes(".")) vars.delete(k);
  return { vars, consts: ConstMap.join(a.consts, b.consts), colls: joinColls(a.colls, b.colls), dead: a.dead && b.dead, checks: joinChecks(a.checks, b.checks) };
}

/** A variable holds a check after two paths only where both assigned it the same one. */
function joinChecks(a: State["checks"], b: State["checks"]): State["checks"] {
  if (!a || !b) return null;
  let out: Map<string, HeldCheck> | null = null;
  for (const [k, c] of a) if (b.get(k) === c) (out ??= new Map()).set(k, c);
  return out;
}

/** A member path's entry is a guard's mark (evaluators/allow-list-guards.ts guardPath): safe for the classes both checked. */
function both(k: string, a: Value, b: Value): Value {
  if (a && b && a.mask !== b.mask && k.includes(".")) return { ...a, mask: a.mask & b.mask };
  return worse(a, b);
}

export function withStep(t: Taint, node: TNode): Taint {
  const step = { node, kind: "step", sourceId: t.step.sourceId, prev: t.step };
  const out: Taint = t.argv ? { mask: t.mask, confidence: t.confidence, step, argv: true } : { mask: t.mask, confidence: t.confidence, step };
  if (t.str) out.str = true;
  return out;
}

/** The object after `obj.field = clean`: a field-tainted object loses that field (a strong update). */
export function withoutField(obj: Value, field: string): Value {
  if (!obj?.fields?.has(field)) return obj;
  const fields = new Set(obj.fields);
  fields.delete(field);
  return fields.size ? { ...obj, fields } : null;
}

/** The object after `obj.field = t`: a clean or field-tainted object gains that field. */
export function withField(obj: Value, t: Taint, node: TNode, field: string): Taint {
  if (obj && !obj.fields) return obj;
  const fields = new Set(obj?.fields ?? []);
  fields.add(field);
  return { ...withStep(t, node), fields };
}

/** A value fresh from a source; `mask` lists the classes it cannot cause (namedOnlyMask by default). */
export function sourceTaint(node: TNode, sourceId: string, confidence: Taint["confidence"], kind = "source", mask = namedOnlyMask): Taint {
  return { mask, confidence, step: { node, kind, sourceId, prev: null } };
}
