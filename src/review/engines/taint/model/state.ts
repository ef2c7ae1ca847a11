import { ConstMap } from "./scope-constants.ts";
import type { Coll } from "./collection-values.ts";
import type { Guard } from "./check-operands.ts";
import { joinColls } from "./collection-values.ts";
import type { Step, Value } from "./values.ts";
import { worse } from "./values.ts";
// The value model lives in values.ts; most of the analysis imports it from here with the state.
export type { Derivation, Step, Taint, Value } from "./values.ts";
export { asString, fieldOf, sanitizedFor, sourceTaint, wholeOf, wholeRequest, withField, withoutField, withStep, worse } from "./values.ts";

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
export interface HeldCheck {
  pos: Guard[];
  neg: Guard[];
  values: Map<string, Value>;
}

export function newState(): State {
  return { vars: new Map(), consts: new ConstMap(), colls: new Map(), dead: false, checks: null };
}

export function cloneState(s: State): State {
  return {
    vars: new Map(s.vars),
    consts: s.consts.clone(),
    colls: s.colls.size ? new Map(s.colls) : new Map(),
    dead: s.dead,
    checks: s.checks && new Map(s.checks),
  };
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
  return {
    vars,
    consts: ConstMap.join(a.consts, b.consts),
    colls: joinColls(a.colls, b.colls),
    dead: a.dead && b.dead,
    checks: joinChecks(a.checks, b.checks),
  };
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
  // A parameter as the caller gave it on one path, a string built around it on the other (`if (…) command = "git " +
  // command`): the built one's flow, which is no longer the caller's own command, tainted for what either is.
  if (a && b && !a.fields && !b.fields && bareParam(a) !== bareParam(b)) {
    const built = bareParam(a) ? b : a;
    if (builtAround(built)) return built.mask === (a.mask & b.mask) ? built : { ...built, mask: a.mask & b.mask };
  }
  return worse(a, b);
}

/** A parameter's own value, not yet through any step. */
const paramStep = (s: Step | null): boolean => s?.kind === "param" && s.prev === null;
const bareParam = (t: NonNullable<Value>): boolean => paramStep(t.step);
/**
 * Assigned the parameter with literal text put around it (`"git " + command`, `` `git ${command}` ``), not a call's result
 * (`encodeURI(str)` is its own text) nor a value joined from elsewhere (`searchPath() + sql`).
 */
function builtAround(t: NonNullable<Value>): boolean {
  const n = t.step.node;
  const value = n.field("right") ?? n.field("value");
  if (!paramStep(t.step.prev) || !value) return false;
  if (value.kind() === "template_string") return true;
  return concatenations.has(value.kind()) && [value.field("left"), value.field("right")].some((x) => x?.kind() === "string");
}
const concatenations = new Set(["binary_expression", "binary_operator"]);
