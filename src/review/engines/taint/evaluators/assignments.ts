// Assignments: the value reaches variables, patterns, members and elements (collection writes), and
// assignments to listed targets (`innerHTML`, `session[]`) are sinks.
import type { TNode } from "../syntax/node.ts";
import type { Analyzer } from "../driver/analyzer.ts";
import { lastSegment } from "../syntax/rule-specs.ts";
import { urlMember } from "./url-paths.ts";
import { named } from "../syntax/syntax-types.ts";
import { constEval, operatorOf, unknown } from "../model/static-conditions.ts";
import type { Value } from "../model/state.ts";
import { fieldOf, wholeRequest, withField, withoutField, withStep, worse } from "../model/state.ts";
import { augArgv, bindColl, collName, writeIndex } from "./collection-sites.ts";
import { augConst } from "./constant-values.ts";
import { withDerivation } from "./derived-checks.ts";
import { unpackedGroups } from "./match-groups.ts";
import { holdCheck } from "./held-checks.ts";
import { openedFile } from "./opened-files.ts";

const patternKinds = new Set([
  "object_pattern",
  "array_pattern",
  "pattern_list",
  "tuple_pattern",
  "list_pattern",
  "expression_list",
  "pair_pattern",
  "rest_pattern",
  "list_splat_pattern",
  "parenthesized_expression",
  "tuple",
  "list",
]);

export function evalAssign(a: Analyzer, node: TNode, kind: string): Value {
  const left = node.field("left");
  const right = node.field("right");
  const op = a.syn.roles[kind] === "augassign" ? "+=" : (a.syn.assignOp(node) ?? operatorOf(node));
  const aug = op !== "=" && op !== ":=" && op !== "";
  if (!left) return right ? a.rhs(right) : null;
  const ls = left.kind() === "expression_list" || left.kind() === "pattern_list" ? named(left) : null;
  const rs = right && right.kind() === "expression_list" ? named(right) : null;
  if (ls && rs && ls.length === rs.length && ls.length > 1) {
    const vals = rs.map((r) => a.rhs(r));
    ls.forEach((l, i) => {
      bind(a, l, vals[i] ?? null, node, rs[i] ?? null);
    });
    return null;
  }
  let v = right ? a.rhs(right) : null;
  // `lang, q = m.group("lang", "q")`: each name holds its own group (evaluators/match-groups.ts).
  const groups = ls && ls.length > 1 && right && !aug ? unpackedGroups(a, right, ls.length, v) : null;
  if (groups) {
    ls!.forEach((l, i) => {
      bind(a, l, groups[i] ?? null, node, null);
    });
    return v;
  }
  if (aug) v = op === "+=" ? augArgv(a, left, worse(v, a.rhs(left))) : worse(v, a.rhs(left));
  const before = aug ? constEval(left, a.state.consts) : unknown;
  // Go's `x := "b"` is a list of one on each side: the element is the constant.
  const one = ls?.length === 1 && rs?.length === 1;
  bind(a, one ? ls![0]! : left, v, node, aug ? null : one ? rs![0]! : right);
  // An augmented assignment's role fixes no operator (`-=`, `*=`): read it then.
  if (aug) augConst(a, left, a.syn.roles[kind] === "augassign" ? operatorOf(node) : op, right, before);
  // A clean value leaves a watched assignment as it is: look it up only for a tainted one.
  if (v && a.watch.size) {
    const w = a.watch.get(node.id());
    if (w) w.taint = worse(w.taint, v);
  }
  return v;
}

/**
 * Python `with tarfile.open(f) as tar`: the name holds what a source call there returns (an archive opened), or a
 * file opened by a tainted name as its readers see it (evaluators/opened-files.ts). What other calls return to a
 * `with` is not followed, nor `except E as e`.
 */
export function evalAlias(a: Analyzer, node: TNode): Value {
  const [value, target] = named(node);
  const v = value ? a.ev(value) : null;
  const name = target?.kind() === "as_pattern_target" ? named(target)[0] : null;
  if (!v || !value || name?.kind() !== "identifier") return v;
  const held = v.step.kind === "source" && v.step.node.id() === value.id() ? v : openedFile(a, value, v);
  if (held) bind(a, name, held, node, value);
  return v;
}

/** Assigns a value to a target: a variable, a pattern, or a member/element (collection write). */
export function bind(a: Analyzer, target: TNode, v: Value, at: TNode, valueNode: TNode | null): void {
  const st = a.state;
  const kind = target.kind() as string;
  const role = a.syn.roles[kind];
  if (role === "ident" || kind === "shorthand_property_identifier_pattern") {
    const name = target.text();
    const held = v ? (valueNode ? withDerivation(a, withStep(v, at), valueNode, name) : withStep(v, at)) : null;
    // `req = request`: the same request object under another name (values.ts `whole`).
    const copy = held && valueNode && wholeRequest(v!) && a.syn.roles[valueNode.kind()] === "ident";
    st.vars.set(name, copy ? { ...held, whole: true } : held);
    if (st.checks || valueNode) holdCheck(a, name, valueNode);
    // A loop's target (bound with `at` itself) is an element of the iterated value, not a copy of it.
    if (st.colls.size || valueNode) bindColl(a, name, at === target ? null : valueNode, v);
    const c = valueNode ? constEval(valueNode, st.consts) : unknown;
    if (c === unknown) st.consts.delete(name);
    else st.consts.set(name, c);
    return;
  }
  if (role === "member" || role === "index") {
    assignSink(a, target, role, v, at);
    if (role === "index") writeIndex(a, target, v);
    else if (st.colls.size) {
      const path = collName(a, target);
      if (path) bindColl(a, path, null, v);
    }
    const obj = role === "member" ? target.field(a.syn.memberFields[0]) : null;
    if (!v) {
      // obj.f = clean: a strong update of that field.
      if (obj && a.syn.roles[obj.kind()] === "ident" && st.vars.get(obj.text())?.fields) {
        const prop = target.field(a.syn.memberFields[1])?.text() ?? "";
        st.vars.set(obj.text(), withoutField(st.vars.get(obj.text()) ?? null, prop));
      }
      return;
    }
    if (obj && a.syn.roles[obj.kind()] === "ident") {
      // obj.f = tainted: only reads of obj.f (or of obj as a whole) see the taint.
      const name = obj.text();
      st.vars.set(name, withField(st.vars.get(name) ?? null, v, at, target.field(a.syn.memberFields[1])?.text() ?? ""));
      return;
    }
    const root = rootIdent(a, target);
    const cur = root ? st.vars.get(root) : null;
    if (!root || (cur && !cur.fields)) return;
    // `req.session.lang = v`: the root's member on the way (`session`) holds the taint; a request's other members
    // keep what they held.
    const top = topMember(a, target);
    st.vars.set(root, cur && top ? withField(cur, v, at, top) : withStep(v, at));
    return;
  }
  if (kind === "assignment_pattern") {
    const l = target.field("left");
    if (l) bind(a, l, v, at, null);
    return;
  }
  if (kind === "pair_pattern") {
    const val = target.field("value");
    if (val) bind(a, val, v, at, null);
    return;
  }
  if (!patternKinds.has(kind)) return;
  for (const c of named(target)) {
    // `const { slug } = body` where only some of body's fields hold taint: the field's own.
    const key = v?.fields && kind === "object_pattern" ? patternKey(c) : null;
    const ofUrl = v && kind === "object_pattern" ? urlMember(v, patternKey(c) ?? "") : undefined;
    bind(a, c, ofUrl ?? (key === null ? v : fieldOf(v!, key)), at, null);
    // `const { hostname } = new URL(u)`: the host of u (evaluators/derived-checks.ts).
    if (v && valueNode && c.kind() === "shorthand_property_identifier_pattern" && /^(host|hostname|origin)$/.test(c.text())) {
      st.vars.set(c.text(), withDerivation(a, st.vars.get(c.text()) ?? v, valueNode, c.text(), c.text()));
    }
  }
}

/** The property an object pattern's element reads (`slug`, `slug: s`, `slug = "x"`); null for `...rest`. */
function patternKey(c: TNode): string | null {
  const k = c.kind();
  if (k === "shorthand_property_identifier_pattern") return c.text();
  if (k === "pair_pattern") {
    const key = c.field("key");
    return key?.kind() === "property_identifier" ? key.text() : null;
  }
  if (k === "object_assignment_pattern") {
    const left = c.field("left");
    return left ? patternKey(left) : null;
  }
  return null;
}

const keySinkRules = new WeakMap<object, boolean>();

/** True when the rules have an element-assignment trust-boundary sink (`session[]`), whose key matters too. */
function hasKeySinks(a: Analyzer): boolean {
  let has = keySinkRules.get(a.rules);
  if (has === undefined) {
    has = [...a.rules.assignSinks].some(([k, specs]) => k.endsWith("[]") && specs.some((s) => s.className === "trust-boundary"));
    keySinkRules.set(a.rules, has);
  }
  return has;
}

function assignSink(a: Analyzer, target: TNode, role: string, v: Value, at: TNode): void {
  const sinks = a.rules.assignSinks;
  if (!sinks.size) return;
  const keyed = !v && role === "index" && !a.inCleanStatement && hasKeySinks(a);
  if (!v && !keyed) return;
  const obj = target.field(role === "member" ? a.syn.memberFields[0] : a.syn.indexField) ?? named(target)[0];
  const objText = obj ? obj.text().replace(/\s+/g, "") : "";
  const keys = role === "member" ? memberKeys(objText, target.field(a.syn.memberFields[1])?.text() ?? "") : [`${objText}[]`, `${lastSegment(objText)}[]`];
  if (v) {
    const rhsKind = (at.field("right")?.kind() ?? "") as string;
    // What the program made of a request handed whole (`new Cookie(cookieOptions(req))`) and keeps in the session
    // is its own: only the request's members stored there (`req.session.lang = req.body.lang`) are the caller's.
    const made = v.fields !== undefined;
    for (const k of keys)
      for (const spec of sinks.get(k) ?? []) if (!spec.ignoreKinds.has(rhsKind) && !(made && spec.className === "trust-boundary")) a.recordHit(at, spec, v);
    return;
  }
  // A clean value stored under a tainted key (session[name] = True): the caller names what the session holds.
  const specs = keys.flatMap((k) => sinks.get(k) ?? []).filter((s) => s.className === "trust-boundary");
  if (!specs.length) return;
  const key = named(target).find((c) => c.id() !== obj?.id());
  const kv = key ? a.ev(key) : null;
  if (kv) for (const spec of specs) a.recordHit(at, spec, kv);
}

function memberKeys(objText: string, prop: string): string[] {
  const last = lastSegment(objText);
  return [prop, `${objText}.${prop}`, `${last}.${prop}`, `${last}.*`, objText];
}

/** The member of the root variable a chain of members starts with (`session` in `req.session.lang`), else null. */
function topMember(a: Analyzer, node: TNode): string | null {
  let n: TNode | null = node;
  let prop: string | null = null;
  while (n && a.syn.roles[n.kind()] === "member") {
    prop = n.field(a.syn.memberFields[1])?.text() ?? null;
    n = n.field(a.syn.memberFields[0]);
  }
  return n && a.syn.roles[n.kind()] === "ident" ? prop : null;
}

/** The variable at the root of a member, element or call chain (`a` in `a.b[0].c()`). */
export function rootIdent(a: Analyzer, node: TNode): string | null {
  let n: TNode | null = node;
  while (n) {
    const role = a.syn.roles[n.kind()];
    if (role === "ident") return n.text();
    if (role === "member") n = n.field(a.syn.memberFields[0]);
    else if (role === "index") n = n.field(a.syn.indexField) ?? named(n)[0] ?? null;
    else if (role === "call") n = n.field("function") ?? n.field("object");
    else return null;
  }
  return null;
}
