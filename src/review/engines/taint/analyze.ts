// The intraprocedural analysis: walks one function body in statement order, keeping an abstract
// value per variable, and records every sink reached by a tainted value.
import type { TNode } from "./node.ts";
import type { CompiledRules, SinkSpec } from "./rules.ts";
import { lastSegment } from "./rules.ts";
import type { Role, Syntax } from "./langs.ts";
import { named } from "./langs.ts";
import { constEval, operatorOf, unknown } from "./consts.ts";
import type { State, Taint, Value } from "./state.ts";
import { cloneState, join, newState, sourceTaint, withField, withStep, worse } from "./state.ts";
import { guardedIdents } from "./guards.ts";
import { evalCall } from "./calls.ts";
import { fileConstants } from "./globals.ts";
import { ConstMap } from "./constmap.ts";
import { mentions } from "./relevance.ts";
import type { Relevance } from "./relevance.ts";

export interface SinkHit { node: TNode; className: string; taint: Taint }
/** What the analysis saw at a call that a pattern rule flagged: the worst value passed to it. */
export interface Watch { taint: Value }

const patternKinds = new Set([
  "object_pattern", "array_pattern", "pattern_list", "tuple_pattern", "list_pattern", "expression_list",
  "pair_pattern", "rest_pattern", "list_splat_pattern", "parenthesized_expression", "tuple", "list",
]);

const maxDepth = 400;
/** Roles of expressions: in a clean statement of Python or Go they bind nothing and are clean. */
const exprRoles = new Set<Role>(["call", "new", "member", "index", "binary", "ternary", "clean", "ident", "kwarg", "pair", "literal", "skip"]);
/** A whole string literal (prefix, quotes) without a brace anywhere. */
const plainString = /^[A-Za-z]*(["'`])[^{]*\1$/;
const caseKinds = new Set([
  "switch_case", "switch_default", "switch_block_statement_group", "switch_rule", "expression_case",
  "default_case", "type_case", "case_clause",
]);

/**
 * A node's named children other than `parts` (its fields evaluated apart). Wrappers from a field and
 * from the child list are distinct objects, so parts are told by node id (comparing the objects
 * never matched: bodies ran twice per pass, 2^depth times in nested loops) — unless kinds settle
 * it: a kind no part has, or one whose children are exactly the parts of that kind.
 */
function otherChildren(node: TNode, parts: (TNode | null)[]): TNode[] {
  const own = parts.filter((p): p is TNode => p !== null);
  const partKinds = new Map<string, number>();
  for (const p of own) partKinds.set(p.kind(), (partKinds.get(p.kind()) ?? 0) + 1);
  const kids = named(node);
  const kidKinds = new Map<string, number>();
  for (const c of kids) kidKinds.set(c.kind(), (kidKinds.get(c.kind()) ?? 0) + 1);
  let ids: Set<number> | null = null;
  return kids.filter((c) => {
    const n = partKinds.get(c.kind()) ?? 0;
    if (n === 0) return true;
    if (n === kidKinds.get(c.kind())) return false;
    ids ??= new Set(own.map((p) => p.id()));
    return !ids.has(c.id());
  });
}

export class Analyzer {
  readonly syn: Syntax;
  readonly rules: CompiledRules;
  readonly hits: SinkHit[] = [];
  /** Node ids of scopes still to analyse; nested ones met on the way are analysed in place. */
  readonly pending = new Set<number>();
  /** Node ids of calls and assignments flagged by pattern rules. */
  readonly watch = new Map<number, Watch>();
  private st: State = newState();
  private depth = 0;
  private globals: Map<string, unknown> | null = null;
  private loopDepth = 0;
  /** Set when part of the file could not be analysed (nesting limit, `with`, `goto`). */
  incomplete = false;
  private scope: TNode | null = null;
  /** Text checks that let the walk skip what cannot matter; null: walk everything. */
  rel: Relevance | null = null;
  /** Offset of the last reportable point of the scope being analysed (relevance.ts). */
  private cutAt = Number.MAX_SAFE_INTEGER;
  /** Inside a clean statement: expressions are clean and bind nothing (skipExpr), or only the one assignment's value is skipped (skipRhs). */
  private skipExpr = false;
  private skipRhs = false;
  private scopeTextCache: string | null = null;
  private readonly hitKeys = new Set<string>();

  /** Text of the whole file, for sinks that apply only when the file imports their module. */
  readonly source: string;
  private readonly fileTests = new Map<RegExp, boolean>();
  /** The file's root as the caller wrapped it, so file constants reuse its child list. */
  private readonly root: TNode | null;

  constructor(syn: Syntax, rules: CompiledRules, source = "", root: TNode | null = null) {
    this.syn = syn;
    this.rules = rules;
    this.source = source;
    this.root = root;
  }

  fileMatches(r: RegExp): boolean {
    let v = this.fileTests.get(r);
    if (v === undefined) {
      v = r.test(this.source);
      this.fileTests.set(r, v);
    }
    return v;
  }

  analyzeScope(scope: TNode): void {
    this.scope = scope;
    this.scopeTextCache = null;
    if (this.rel) {
      const r = scope.range();
      this.cutAt = this.rel.lastPoint(r.start.index, r.end.index);
    }
    if (this.syn.roles[scope.kind()] === "func") this.analyzeFunction(scope, null);
    else {
      this.st = newState();
      this.ev(scope);
    }
  }

  private analyzeFunction(fn: TNode, outer: State | null): void {
    const saved = this.st;
    const savedScope = this.scope;
    this.scope = fn;
    this.scopeTextCache = null;
    this.st = outer ? { ...cloneState(outer), dead: false } : newState();
    // File constants are listed only when a lookup reaches them (constmap.ts) for a name the text
    // outside this function mentions: their declarations are top-level, outside every function.
    if (!outer) {
      const r = fn.range();
      const [start, end] = [r.start.index, r.end.index];
      const maybe = (name: string): boolean => mentions(this.source.slice(0, start), name) || mentions(this.source.slice(end), name);
      this.st.consts = new ConstMap(() => (this.globals ??= fileConstants(this.root ?? fn.getRoot().root())), maybe);
    }
    const decorators = this.syn.decorators(fn);
    for (const p of this.syn.params(fn)) {
      if (!p.name) continue;
      this.st.vars.set(p.name, this.paramSource(p, decorators));
      this.st.consts.delete(p.name);
    }
    const body = fn.field("body");
    if (body) this.ev(body);
    this.st = saved;
    this.scope = savedScope;
    this.scopeTextCache = null;
  }

  /** True when the scope is a function with a parameter the framework fills from the request. */
  hasParamSource(scope: TNode): boolean {
    if (this.syn.roles[scope.kind()] !== "func") return false;
    const decorators = this.syn.decorators(scope);
    return this.syn.params(scope).some((p) => p.name !== "" && this.paramSource(p, decorators) !== null);
  }

  private paramSource(p: { name: string; type: string; annotations: string[]; node: TNode }, decorators: string[]): Value {
    for (const spec of this.rules.params) {
      let matched: boolean;
      if (spec.decorators.length) {
        matched = p.name !== "self" && p.name !== "cls" && decorators.some((d) => spec.decorators.some((r) => r.test(d)));
      } else {
        const crit = spec.names.length + spec.types.length + spec.annotations.size;
        matched = crit > 0 &&
          (!spec.names.length || spec.names.some((r) => r.test(p.name))) &&
          (!spec.types.length || spec.types.some((r) => r.test(p.type))) &&
          (!spec.annotations.size || p.annotations.some((a) => spec.annotations.has(a)));
      }
      if (!matched) continue;
      if (spec.exceptTypes.some((r) => r.test(p.type))) return null;
      return sourceTaint(p.node, spec.id, spec.confidence, "param");
    }
    return null;
  }

  /**
   * Walks one statement of a block, or less of it when the source text shows it cannot matter
   * (relevance.ts): statements after the scope's last reportable point are skipped outside loops,
   * clean statements are walked without their expressions.
   */
  private statement(c: TNode): void {
    if (!this.rel || this.skipExpr || this.skipRhs) {
      this.ev(c);
      return;
    }
    const r = c.range();
    const start = r.start.index;
    const end = r.end.index;
    // Nesting grows by at most about a level per character: a statement that could reach the
    // depth limit is walked as before, so the limit marks the scope incomplete as it did.
    if (this.depth + 2 * (end - start) + 16 >= maxDepth) {
      this.ev(c);
      return;
    }
    if (this.loopDepth === 0 && start > this.cutAt) return;
    const level = this.rel.cleanLevel(start, end, this.st.vars);
    if (level === "none") {
      this.ev(c);
      return;
    }
    this.skipExpr = level === "expr";
    this.skipRhs = level === "rhs";
    try {
      this.ev(c);
    } finally {
      this.skipExpr = this.skipRhs = false;
    }
  }

  /** The value of an assignment's right-hand side; in a clean statement it is known to be clean. */
  private rhs(node: TNode): Value {
    return this.skipRhs ? null : this.ev(node);
  }

  /** Evaluates a node for its effects and returns the value it produces. */
  ev(node: TNode): Value {
    // Generated code can nest expressions thousands deep; past the limit the scope counts as unseen.
    if (this.depth >= maxDepth) {
      this.incomplete = true;
      return null;
    }
    this.depth++;
    try {
      return this.evNode(node);
    } finally {
      this.depth--;
    }
  }

  private evNode(node: TNode): Value {
    const kind = node.kind() as string;
    const role = this.syn.roles[kind];
    if (this.skipExpr && role !== undefined && exprRoles.has(role)) return null;
    switch (role) {
      case "skip": return null;
      case "ident": return this.evIdent(node);
      case "member": return this.evMember(node);
      case "index": {
        const obj = node.field(this.syn.indexField) ?? named(node)[0];
        // Told apart from the child list by id or kind: by object, the object part ran twice at
        // each level, 2^depth times in a[i][j][k].
        for (const c of otherChildren(node, [obj ?? null])) this.ev(c);
        return obj ? this.ev(obj) : null;
      }
      case "call": return this.evCall(node, false);
      case "new": return this.evCall(node, true);
      case "assign": case "augassign": return this.evAssign(node, kind);
      case "decl": {
        const value = node.field("value");
        const v = value ? this.rhs(value) : null;
        const name = node.field("name");
        if (kind === "var_spec") {
          for (const c of named(node)) if (c.kind() === "identifier") this.bind(c, v, node, value);
        } else if (name) this.bind(name, v, node, value);
        return v;
      }
      case "binary": {
        const parts = named(node);
        let v: Value = null;
        for (const p of parts) v = worse(v, this.ev(p));
        // The operator (a native lookup) matters only when an operand is tainted.
        return v && this.syn.cleanOps.has(operatorOf(node)) ? null : v;
      }
      case "clean": for (const c of named(node)) this.ev(c); return null;
      case "literal": {
        // A string holds expressions only inside braces (f-string, template): without one its
        // parts are clean leaves, known without wrapping them. Near the nesting limit, walk as before.
        if (this.depth + 1 < maxDepth && plainString.test(node.text())) return null;
        let v: Value = null;
        for (const c of node.namedChildren()) v = worse(v, this.ev(c));
        return v;
      }
      case "ternary": return this.evTernary(node);
      case "func": {
        if (this.pending.delete(node.id())) this.analyzeFunction(node, this.st);
        return null;
      }
      case "block":
        for (const c of node.namedChildren()) {
          if (this.st.dead) break;
          this.statement(c);
        }
        return null;
      case "if": this.evIf(node); return null;
      case "cases": this.evCases(node); return null;
      case "return": case "terminal":
        for (const c of named(node)) this.ev(c);
        this.st.dead = true;
        return null;
      case "loop": this.evLoop(node, null); return null;
      case "forin": this.evLoop(node, node); return null;
      case "opaque":
        this.incomplete = true;
        for (const c of node.namedChildren()) this.ev(c);
        return null;
      case "kwarg": { const v = node.field("value"); return v ? this.ev(v) : null; }
      case "pair": {
        // Object literal entries can be sinks by key, e.g. { __html: tainted } in JSX.
        const value = node.field("value");
        const v = value ? this.ev(value) : null;
        if (v && this.rules.assignSinks.size) {
          for (const spec of this.rules.assignSinks.get(node.field("key")?.text() ?? "") ?? []) this.hit(node, spec, v);
        }
        return v;
      }
      default: {
        let v: Value = null;
        for (const c of node.namedChildren()) v = worse(v, this.ev(c));
        return v;
      }
    }
  }

  private evIdent(node: TNode): Value {
    const name = node.text();
    const v = this.st.vars.get(name);
    if (v !== undefined) return v;
    if (this.rules.pathRoots.has(name) && !this.st.vars.has(name)) {
      for (const p of this.rules.paths) if (p.prefix === name) return sourceTaint(node, p.spec.id, p.spec.confidence);
    }
    return null;
  }

  private globalSource(node: TNode): Value {
    if (!this.rules.paths.length) return null;
    let root: TNode | null = node;
    while (root && root.kind() !== "identifier") {
      const role: Role | undefined = this.syn.roles[root.kind()];
      root = role === "member" ? root.field(this.syn.memberFields[0]) : role === "index" ? root.field(this.syn.indexField) : null;
    }
    if (!root) return null;
    const name = root.text();
    // A local of the same name shadows a global source; `self` is always the method's receiver.
    if (!this.rules.pathRoots.has(name) || (name !== "self" && this.st.vars.has(name))) return null;
    const text = node.text().replace(/\s+/g, "");
    for (const p of this.rules.paths) {
      const pre = p.prefix;
      if (text === pre || (text.startsWith(pre) && (text[pre.length] === "." || text[pre.length] === "["))) {
        return sourceTaint(node, p.spec.id, p.spec.confidence);
      }
    }
    return null;
  }

  private evMember(node: TNode): Value {
    const g = this.globalSource(node);
    if (g) return this.rules.cleanMembers.has(node.field(this.syn.memberFields[1])?.text() ?? "") ? null : g;
    const obj = node.field(this.syn.memberFields[0]);
    const t = obj ? this.ev(obj) : null;
    if (!t) return null;
    const prop = node.field(this.syn.memberFields[1]);
    const name = prop?.text() ?? "";
    if (this.rules.cleanMembers.has(name) || (t.fields && !t.fields.has(name))) return null;
    if (t.fields) return { mask: t.mask, confidence: t.confidence, step: t.step };
    return t.step.kind === "param" ? sourceTaint(node, t.step.sourceId, t.confidence) : t;
  }

  private evTernary(node: TNode): Value {
    const parts = named(node);
    const cond = node.field("condition") ?? (parts.length === 3 ? parts[1]! : null);
    const a = node.field("consequence") ?? parts[0];
    const b = node.field("alternative") ?? parts[2];
    if (cond) this.ev(cond);
    const c = cond ? constEval(cond, this.st.consts) : unknown;
    if (c !== unknown) return (c ? a : b) ? this.ev((c ? a : b)!) : null;
    return worse(a ? this.ev(a) : null, b ? this.ev(b) : null);
  }

  private evIf(node: TNode): void {
    const init = node.field("initializer");
    if (init) this.ev(init);
    const cond = node.field("condition");
    const cons = node.field("consequence");
    // Clauses are named: the named list (no anonymous tokens to wrap) holds the same ones in order.
    const alts = named(node).filter((c) => c.kind() === "elif_clause" || c.kind() === "else_clause");
    const alt = alts.length ? null : node.field("alternative");
    this.branch(cond, cons, () => {
      if (alt) this.ev(alt);
      else this.pyElse(alts, 0);
    });
  }

  private pyElse(alts: TNode[], i: number): void {
    const a = alts[i];
    if (!a) return;
    if (a.kind() === "else_clause") {
      const body = a.field("body") ?? named(a)[0];
      if (body) this.ev(body);
      return;
    }
    this.branch(a.field("condition"), a.field("consequence"), () => this.pyElse(alts, i + 1));
  }

  private branch(cond: TNode | null, cons: TNode | null, elseFn: () => void): void {
    if (cond) this.ev(cond);
    const c = cond ? constEval(cond, this.st.consts) : unknown;
    if (c !== unknown) {
      if (c) { if (cons) this.ev(cons); } else elseFn();
      return;
    }
    const before = this.st;
    // Guards only clean tainted variables: without one named in the condition they change nothing.
    const guards = cond !== null && this.mayGuard(cond);
    this.st = cloneState(before);
    if (guards) this.clean(guardedIdents(cond, true, this.syn, this.rules));
    if (cons) this.ev(cons);
    const thenState = this.st;
    this.st = cloneState(before);
    if (guards) this.clean(guardedIdents(cond, false, this.syn, this.rules));
    elseFn();
    this.st = join(thenState, this.st);
  }

  /** Switch arms are alternatives: each starts from the state before the switch; no match keeps it. */
  private evCases(node: TNode): void {
    const before = this.st;
    let acc: State = cloneState(before);
    const arms = named(node).flatMap((c) => (c.kind() === "block" ? named(c) : [c]));
    for (const c of arms) {
      if (!caseKinds.has(c.kind() as string)) {
        this.ev(c);
        continue;
      }
      this.st = cloneState(before);
      this.ev(c);
      const parts = named(c);
      if (parts.length && parts[parts.length - 1]!.kind() === "break_statement") this.st.dead = false;
      acc = join(acc, this.st);
    }
    this.st = acc;
  }

  private mayGuard(cond: TNode): boolean {
    if (this.skipExpr || this.skipRhs) return false;
    let text: string | null = null;
    for (const [name, v] of this.st.vars) if (v && mentions((text ??= cond.text()), name)) return true;
    return false;
  }

  private clean(names: string[]): void {
    for (const n of names) if (this.st.vars.get(n)) this.st.vars.set(n, null);
  }

  /** Loops run zero or more times: the body is analysed twice (loop-carried taint) and joined with the entry state. */
  private evLoop(node: TNode, forIn: TNode | null): void {
    const before = this.st;
    let target: TNode | null = null;
    let source: TNode | null = null;
    let holder: TNode | null = null;
    if (forIn) {
      const range = named(forIn).find((c) => c.kind() === "range_clause");
      holder = range ?? forIn;
      target = holder.field("left") ?? holder.field("name");
      source = holder.field("right") ?? holder.field("value");
    }
    const srcVal = source ? this.ev(source) : null;
    const body = node.field("body");
    this.st = cloneState(before);
    // A second pass carries taint around the loop; nested loops get one pass to stay linear.
    const passes = this.loopDepth < 2 ? 2 : 1;
    this.loopDepth++;
    // Target and source under a Go range clause are not the loop's children.
    const others = otherChildren(node, holder === node ? [target, source, body] : [body]);
    for (let i = 0; i < passes; i++) {
      if (target) this.bind(target, srcVal, target, source);
      for (const c of others) this.ev(c);
      if (body) this.ev(body);
      this.st.dead = false;
    }
    this.loopDepth--;
    this.st = join(before, this.st);
  }

  private evAssign(node: TNode, kind: string): Value {
    const left = node.field("left");
    const right = node.field("right");
    const op = this.syn.roles[kind] === "augassign" ? "+=" : this.syn.assignOp(node) ?? operatorOf(node);
    const aug = op !== "=" && op !== ":=" && op !== "";
    if (!left) return right ? this.rhs(right) : null;
    const ls = left.kind() === "expression_list" || left.kind() === "pattern_list" ? named(left) : null;
    const rs = right && (right.kind() === "expression_list") ? named(right) : null;
    if (ls && rs && ls.length === rs.length && ls.length > 1) {
      const vals = rs.map((r) => this.rhs(r));
      ls.forEach((l, i) => this.bind(l, vals[i] ?? null, node, rs[i] ?? null));
      return null;
    }
    let v = right ? this.rhs(right) : null;
    if (aug) v = worse(v, this.rhs(left));
    this.bind(left, v, node, aug ? null : right);
    // A clean value leaves a watched assignment as it is: look it up only for a tainted one.
    if (v && this.watch.size) {
      const w = this.watch.get(node.id());
      if (w) w.taint = worse(w.taint, v);
    }
    return v;
  }

  /** Assigns a value to a target: a variable, a pattern, or a member/element (collection write). */
  private bind(target: TNode, v: Value, at: TNode, valueNode: TNode | null): void {
    const kind = target.kind() as string;
    const role = this.syn.roles[kind];
    if (role === "ident" || kind === "shorthand_property_identifier_pattern") {
      const name = target.text();
      this.st.vars.set(name, v ? withStep(v, at) : null);
      const c = valueNode ? constEval(valueNode, this.st.consts) : unknown;
      if (c === unknown) this.st.consts.delete(name);
      else this.st.consts.set(name, c);
      return;
    }
    if (role === "member" || role === "index") {
      this.assignSink(target, role, v, at);
      if (!v) return;
      const obj = role === "member" ? target.field(this.syn.memberFields[0]) : null;
      if (obj && this.syn.roles[obj.kind()] === "ident") {
        // obj.f = tainted: only reads of obj.f (or of obj as a whole) see the taint.
        const name = obj.text();
        this.st.vars.set(name, withField(this.st.vars.get(name) ?? null, v, at, target.field(this.syn.memberFields[1])?.text() ?? ""));
        return;
      }
      const root = this.rootIdent(target);
      const cur = root ? this.st.vars.get(root) : null;
      if (root && (!cur || cur.fields)) this.st.vars.set(root, withStep(v, at));
      return;
    }
    if (kind === "assignment_pattern") {
      const l = target.field("left");
      if (l) this.bind(l, v, at, null);
      return;
    }
    if (kind === "pair_pattern") {
      const val = target.field("value");
      if (val) this.bind(val, v, at, null);
      return;
    }
    if (patternKinds.has(kind)) for (const c of named(target)) this.bind(c, v, at, null);
  }

  private assignSink(target: TNode, role: string, v: Value, at: TNode): void {
    const sinks = this.rules.assignSinks;
    if (!sinks.size || !v) return;
    const obj = target.field(role === "member" ? this.syn.memberFields[0] : this.syn.indexField) ?? named(target)[0];
    const objText = obj ? obj.text().replace(/\s+/g, "") : "";
    const keys = role === "member"
      ? this.memberKeys(objText, target.field(this.syn.memberFields[1])?.text() ?? "")
      : [`${objText}[]`, `${lastSegment(objText)}[]`];
    for (const k of keys) for (const spec of sinks.get(k) ?? []) this.hit(at, spec, v);
  }

  private memberKeys(objText: string, prop: string): string[] {
    const last = lastSegment(objText);
    return [prop, `${objText}.${prop}`, `${last}.${prop}`, `${last}.*`, objText];
  }

  private rootIdent(node: TNode): string | null {
    let n: TNode | null = node;
    while (n) {
      const role = this.syn.roles[n.kind()];
      if (role === "ident") return n.text();
      if (role === "member") n = n.field(this.syn.memberFields[0]);
      else if (role === "index") n = n.field(this.syn.indexField) ?? named(n)[0] ?? null;
      else if (role === "call") n = n.field("function") ?? n.field("object");
      else return null;
    }
    return null;
  }

  private hit(node: TNode, spec: SinkSpec, t: Taint): void {
    if (t.mask & spec.cls) return;
    const key = `${node.id()}:${spec.className}`;
    if (this.hitKeys.has(key)) return;
    this.hitKeys.add(key);
    this.hits.push({ node, className: spec.className, taint: t });
  }

  private evCall(node: TNode, isNew: boolean): Value {
    return evalCall(this, node, isNew);
  }

  /** Internals shared with calls.ts. */
  get state(): State { return this.st; }
  /** Text of the scope being analysed, for rules that look at its configuration calls. */
  scopeText(): string { return (this.scopeTextCache ??= this.scope?.text() ?? ""); }
  recordHit(node: TNode, spec: SinkSpec, t: Taint): void { this.hit(node, spec, t); }
  rootOf(node: TNode): string | null { return this.rootIdent(node); }
  globalSourceOf(node: TNode): Value { return this.globalSource(node); }
}

