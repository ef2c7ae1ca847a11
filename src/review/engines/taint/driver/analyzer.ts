// The intraprocedural analysis: walks one function body in statement order, keeping an abstract
// value per variable, and records every sink reached by a tainted value.
import type { TNode } from "../syntax/node.ts";
import type { CompiledRules, SinkSpec } from "../syntax/rules.ts";
import type { Role, Syntax } from "../syntax/languages.ts";
import { named, slotOf } from "../syntax/languages.ts";
import { operatorOf } from "../model/static-conditions.ts";
import type { State, Taint, Value } from "../model/state.ts";
import type { Elem } from "../model/collection-values.ts";
import { hasParamSource, paramSource } from "../evaluators/framework-params.ts";
import { argumentsSource, entrySource } from "../evaluators/entry-points.ts";
import { constructorFields } from "../evaluators/constructor-fields.ts";
import { throwingCheckStatement } from "../evaluators/custom-checks.ts";
import { applyGuards } from "../evaluators/apply-guards.ts";
import { evIdent, evMember, evTernary, globalSource, ownPath } from "../evaluators/reads.ts";
import { returned, returnSinks } from "../evaluators/returns.ts";
import { cloneState, join, newState, worse } from "../model/state.ts";
import { allClassesMask, namedOnlyMask } from "../syntax/classes.ts";
import { evalCall } from "../evaluators/calls.ts";
import { evalArgv } from "../evaluators/argument-vectors.ts";
import { bind, evalAssign, rootIdent } from "../evaluators/assignments.ts";
import { evalCases, evalIf, evalLoop, otherChildren } from "../evaluators/control-flow.ts";
import { evalComprehension } from "../evaluators/comprehensions.ts";
import { evalTry } from "../evaluators/try-catch.ts";
import { fileConstants } from "../model/file-constants.ts";
import { eqOperand, withFixedDestination } from "../evaluators/fixed-prefix.ts";
import { ConstMap } from "../model/scope-constants.ts";
import { mentions } from "../fast/relevance.ts";
import { concatArgv, readIndex } from "../evaluators/collection-sites.ts";
import { stepConst } from "../evaluators/constant-values.ts";
import type { Relevance } from "../fast/relevance.ts";

interface FileFacts {
  tests: Map<RegExp, boolean>;
  globals: ReadonlyMap<string, unknown> | null;
}

/** A loop or switch that `break` leaves; a loop also takes `continue` back to its head. */
export interface Exit {
  loop: boolean;
  breaks: State | null;
  conts: State | null;
}

/** `note`: where the sink really is when it lies in another file (driver/cross-file-context.ts). */
export interface SinkHit {
  node: TNode;
  className: string;
  taint: Taint;
  note?: string;
}
/** What the analysis saw at a call that a pattern rule flagged: the worst value passed to it. */
export interface Watch {
  taint: Value;
}

const maxDepth = 400;
/** Roles of expressions: in a clean statement of Python or Go they bind nothing and are clean. */
const exprRoles = new Set<Role>(["call", "new", "member", "index", "binary", "ternary", "clean", "ident", "kwarg", "pair", "literal", "skip", "array"]);
/** A whole string literal (prefix, quotes) without a brace anywhere. */
const plainString = /^[A-Za-z]*(["'`])[^{]*\1$/;
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
  /** Loops around the walk's position (a second pass only at the outer two levels). */
  loopDepth = 0;
  /**
   * Statements a `break` or `continue` leaves to, innermost last: the states seen at each, joined.
   * A branch ending in `break` is dead for the statements after it in the loop body, but its
   * assignments reach the code after the loop (`if (c.getName().equals("x")) { v = c.getValue(); break; }`).
   */
  exits: Exit[] = [];
  /** Set when part of the file could not be analysed (nesting limit, `with`, `goto`). */
  incomplete = false;
  private scope: TNode | null = null;
  /** Text checks that let the walk skip what cannot matter; null: walk everything. */
  rel: Relevance | null = null;
  /** Offset of the last reportable point of the scope being analysed (fast/relevance.ts). */
  private cutAt = Number.MAX_SAFE_INTEGER;
  /** Inside a clean statement: expressions are clean and bind nothing (skipExpr), or only the one assignment's value is skipped (skipRhs). */
  private skipExpr = false;
  private skipRhs = false;
  private scopeTextCache: string | null = null;
  private readonly hitKeys = new Set<string>();
  private readonly returnSpecCache = new Map<number, SinkSpec[]>();
  /** A summary's run (evaluators/function-summaries.ts): the parameter values of `retScope`, and what it returns. */
  private args: Value[] | null = null;
  /** A summary's tainted receiver: `this` and the class's fields (`fields`) read it (evaluators/reads.ts). */
  selfValue: Value = null;
  private fields: string[] = [];
  private retScope: TNode | null = null;
  /** In a summary's run: the parameters' names, and their worst values where the callee returns. */
  private retParams: string[] = [];
  private exitVals: Value[] = [];
  private ret: Value = null;
  /** Element values of array literals by their first element's node id (evaluators/collection-sites.ts). */
  readonly literalElems = new Map<number, Elem[]>();
  /** Summaries' state for this analyzer (evaluators/function-summaries.ts); a field, as literalElems, not a WeakMap entry. */
  summaries: unknown = null;
  /** Entry points of this file (evaluators/entry-points.ts): library functions and handlers known by their shape. */
  entry: unknown = null;
  /** The file's path in the repository (evaluators/entry-points.ts: tests and examples are no library). */
  path = "";

  /** Text of the whole file, for sinks that apply only when the file imports their module. */
  readonly source: string;
  /** Text tests on the file and its top-level constants: shared with forks that walk the same file (a callee's summary). */
  private readonly facts: FileFacts;
  /** The file's root as the caller wrapped it, so file constants reuse its child list. */
  private readonly root: TNode | null;

  constructor(syn: Syntax, rules: CompiledRules, source = "", root: TNode | null = null, facts: FileFacts = { tests: new Map(), globals: null }) {
    this.syn = syn;
    this.rules = rules;
    this.source = source;
    this.root = root;
    this.facts = facts;
  }

  /**
   * A fresh analyzer of the same language for another body (a summary's callee, here or in a
   * context file): evaluators get one from here, so they never import this module's class.
   */
  fork(rules: CompiledRules, source: string, root: TNode | null): Analyzer {
    const same = source === this.source && root !== null && root === this.root;
    return new Analyzer(this.syn, rules, source, root, same ? this.facts : undefined);
  }

  /** The file's top level: in a joined tree (fast/joined-window.ts), this file's part of it only. */
  topLevel(from: TNode): TNode[] {
    if (this.root) return this.root.children();
    let up: TNode | null = from;
    while (up?.parent()) up = up.parent();
    return up ? up.children() : [];
  }

  fileMatches(r: RegExp): boolean {
    let v = this.facts.tests.get(r);
    if (v === undefined) {
      v = r.test(this.source);
      this.facts.tests.set(r, v);
    }
    return v;
  }

  /** Node ids of the functions (and top-level scopes) walked with their own parameters, not as a callee. */
  readonly walked = new Set<number>();

  analyzeScope(scope: TNode): void {
    this.walked.add(scope.id());
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
    const savedExits = this.exits;
    this.exits = [];
    this.scope = fn;
    this.scopeTextCache = null;
    this.st = outer ? { ...cloneState(outer), dead: false } : newState();
    // File constants are listed only when a lookup reaches them (model/scope-constants.ts) for a name the text
    // outside this function mentions: their declarations are top-level, outside every function.
    if (!outer) {
      const r = fn.range();
      const [start, end] = [r.start.index, r.end.index];
      // Asked twice per lookup (has, then get), each a scan of the text around the function: remembered per name.
      const seen = new Map<string, boolean>();
      const maybe = (name: string): boolean => {
        let m = seen.get(name);
        if (m === undefined) seen.set(name, (m = mentions(this.source.slice(0, start), name) || mentions(this.source.slice(end), name)));
        return m;
      };
      this.st.consts = new ConstMap(() => (this.facts.globals ??= fileConstants(this.root ?? fn.getRoot().root())), maybe);
    }
    const decorators = this.syn.decorators(fn);
    // Not nested in another function: walked on its own, or in place from the module's own scope (a
    // module-level sink makes the whole file one scope), its parameters may be library input all the same.
    const topLevel = !outer || !savedScope || this.syn.roles[savedScope.kind()] !== "func";
    const args = outer ? null : this.args;
    // A public method walked as an entry reads the fields its class's constructor kept from its callers
    // (`this.dir`, `self.repo`: evaluators/constructor-fields.ts).
    const savedSelf = this.selfValue;
    const kept = !args && topLevel && this.rules.library ? constructorFields(this, fn) : null;
    if (kept && this.syn.prefix !== "py") this.selfValue = kept;
    // `this` is in no variable a statement's text is checked for (fast/relevance.ts): such a walk reads every statement.
    const savedRel = this.rel;
    if (kept) this.rel = null;
    if (!args) this.walked.add(fn.id());
    if (args && this.selfValue) for (const f of this.fields) this.st.vars.set(f, this.selfValue);
    this.syn.params(fn).forEach((p, i) => {
      if (!p.name) return;
      this.st.vars.set(p.name, args ? (args[slotOf(p, i)] ?? null) : (paramSource(this, p, decorators) ?? entrySource(this, fn, p, topLevel)));
      this.st.consts.delete(p.name);
    });
    const rest = args ? null : argumentsSource(this, fn, topLevel);
    if (rest) this.st.vars.set("arguments", rest);
    if (kept && this.syn.prefix === "py") this.st.vars.set("self", kept);
    const body = fn.field("body");
    if (fn === this.retScope) this.retParams = this.syn.params(fn).map((p) => p.name);
    // An expression body (arrow function, lambda) is the return value; a block's value is null.
    const bodyValue = body ? this.ev(body) : null;
    if (fn === this.retScope) {
      this.ret = worse(this.ret, bodyValue);
      if (!this.st.dead) this.noteExit();
    }
    this.st = saved;
    this.exits = savedExits;
    this.scope = savedScope;
    this.selfValue = savedSelf;
    this.rel = savedRel;
    this.scopeTextCache = null;
  }

  /** True when the scope is a function with a parameter the framework fills from the request (evaluators/framework-params.ts). */
  hasParamSource(scope: TNode, viaHelper = false): boolean {
    return hasParamSource(this, scope, viaHelper) || (this.syn.roles[scope.kind()] === "func" && constructorFields(this, scope) !== null);
  }

  /**
   * Walks one statement of a block, or less of it when the source text shows it cannot matter
   * (fast/relevance.ts): statements after the scope's last reportable point are skipped outside loops,
   * clean statements are walked without their expressions. True when skipped for lying past the cut.
   */
  private statement(c: TNode): boolean {
    if (!this.rel || this.skipExpr || this.skipRhs) {
      this.ev(c);
      return false;
    }
    const r = c.range();
    const start = r.start.index;
    const end = r.end.index;
    // Nesting grows by at most about a level per character: a statement that could reach the
    // depth limit is walked as before, so the limit marks the scope incomplete as it did.
    if (this.depth + 2 * (end - start) + 16 >= maxDepth) {
      this.ev(c);
      return false;
    }
    if (this.loopDepth === 0 && start > this.cutAt) return true;
    const level = this.rel.cleanLevel(start, end, this.st.vars, this.st.colls);
    if (level === "none") {
      this.ev(c);
      return false;
    }
    this.skipExpr = level === "expr";
    this.skipRhs = level === "rhs";
    try {
      this.ev(c);
    } finally {
      this.skipExpr = this.skipRhs = false;
    }
    return false;
  }

  /** The value of an assignment's right-hand side; in a clean statement it is known to be clean. */
  rhs(node: TNode): Value {
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
    // `abort(403)` ends its path like `return` (even in a statement otherwise skipped as clean).
    // Tested on the statement's first characters in the file text: its whole text can be the file.
    if (kind === "expression_statement" && this.rules.terminalStatement) {
      const at = node.range().start.index;
      if (this.rules.terminalStatement.test(this.source.slice(at, at + 120))) {
        for (const c of node.namedChildren()) this.ev(c);
        this.st.dead = true;
        return null;
      }
    }
    // `validateKeyName(name);` throws or raises unless `name` passed: it vouches for its arguments after it.
    const check = kind === "expression_statement" && !this.skipExpr ? throwingCheckStatement(node, this.source, this.syn) : null;
    if (check) {
      for (const c of node.namedChildren()) this.ev(c);
      if (!this.st.dead) applyGuards(this, check, true);
      return null;
    }
    const role = this.syn.roles[kind];
    if (this.skipExpr && role !== undefined && exprRoles.has(role)) {
      if (kind === "update_expression") stepConst(this, node);
      return null;
    }
    switch (role) {
      case "skip":
        return null;
      case "ident":
        return evIdent(this, node);
      case "member":
        return evMember(this, node);
      case "index": {
        if (ownPath(node)) return null;
        const obj = node.field(this.syn.indexField) ?? named(node)[0];
        // Told apart from the child list by id or kind: by object, the object part ran twice at
        // each level, 2^depth times in a[i][j][k].
        for (const c of otherChildren(node, [obj ?? null])) this.ev(c);
        const whole = obj ? this.ev(obj) : null;
        const known = obj ? readIndex(this, node) : undefined;
        return known !== undefined ? known : whole;
      }
      case "call":
        return this.evCall(node, false);
      case "new":
        return this.evCall(node, true);
      case "assign":
      case "augassign":
        return evalAssign(this, node, kind);
      case "decl": {
        const value = node.field("value");
        const v = value ? this.rhs(value) : null;
        const name = node.field("name");
        if (kind === "var_spec") {
          for (const c of named(node)) if (c.kind() === "identifier") bind(this, c, v, node, value);
        } else if (name) bind(this, name, v, node, value);
        return v;
      }
      case "binary": {
        const parts = named(node);
        let v: Value = null;
        for (const p of parts) v = worse(v, this.ev(p));
        // The operator (a native lookup) matters only when an operand is tainted.
        if (!v) return v;
        if (!this.syn.cleanOps.has(operatorOf(node))) return withFixedDestination(this, node, concatArgv(this, node, parts, v));
        // A number computed from a predictable one is as predictable: only that class survives.
        return v.mask & namedOnlyMask ? null : { ...v, mask: allClassesMask & ~namedOnlyMask };
      }
      case "clean":
        if (kind === "update_expression") stepConst(this, node);
        for (const c of named(node)) this.ev(c);
        return null;
      case "literal": {
        // A string holds expressions only inside braces (f-string, template): without one its
        // parts are clean leaves, known without wrapping them. Near the nesting limit, walk as before.
        if (this.depth + 1 < maxDepth && plainString.test(node.text())) return null;
        let v: Value = null;
        for (const c of node.namedChildren()) v = worse(v, this.ev(c));
        return v && kind === "template_string" ? withFixedDestination(this, node, v) : v;
      }
      case "ternary":
        return evTernary(this, node);
      case "array":
        return evalArgv(
          this,
          named(node).filter((c) => !c.kind().includes("comment")),
        );
      case "func": {
        if (this.pending.delete(node.id())) this.analyzeFunction(node, this.st);
        return null;
      }
      case "block":
        // Past the cut the block's later statements are too: unless one could reach the depth limit
        // (statement()), they need not even be looked at.
        for (const c of node.namedChildren()) {
          if (this.st.dead) break;
          // Comments and imports change nothing: no range to read, no text to test (below the limit, as ev() would).
          if (this.syn.roles[c.kind()] === "skip" && this.depth < maxDepth) continue;
          if (this.statement(c) && this.depth + 2 * (node.range().end.index - c.range().start.index) + 16 < maxDepth) break;
        }
        return null;
      case "if":
        evalIf(this, node);
        return null;
      case "cases":
        evalCases(this, node);
        return null;
      case "try":
        evalTry(this, node);
        return null;
      case "return":
      case "terminal": {
        const kids = named(node);
        const specs = kind === "return_statement" && this.rules.returnSinks.length ? returnSinks(this, this.scope, this.returnSpecCache) : null;
        if (specs?.length && kids.length) returned(this, node, kids[0]!, specs);
        else {
          const collect = this.scope === this.retScope && kind === "return_statement";
          for (const c of kids) {
            const v = this.ev(c);
            if (collect) this.ret = worse(this.ret, v);
          }
          if (collect) this.noteExit();
        }
        if (kind === "break_statement" || kind === "continue_statement") this.leave(kind === "continue_statement");
        this.st.dead = true;
        return null;
      }
      case "loop":
        evalLoop(this, node, null);
        return null;
      case "forin":
        evalLoop(this, node, node);
        return null;
      case "comprehension":
        return evalComprehension(this, node);
      case "opaque":
        this.incomplete = true;
        for (const c of node.namedChildren()) this.ev(c);
        return null;
      case "kwarg": {
        const v = node.field("value");
        return v ? this.ev(v) : null;
      }
      case "pair": {
        // Object literal entries can be sinks by key, e.g. { __html: tainted } in JSX.
        const value = node.field("value");
        const v = value ? eqOperand(this, node, this.ev(value)) : null;
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

  /** Records the state at a `break` (innermost loop or switch) or `continue` (innermost loop). */
  private leave(isContinue: boolean): void {
    if (this.st.dead) return;
    let target: Exit | undefined;
    for (let i = this.exits.length - 1; i >= 0 && !target; i--) if (!isContinue || this.exits[i]!.loop) target = this.exits[i];
    if (!target) return;
    const here = { ...this.st, dead: false };
    if (isContinue) target.conts = target.conts ? join(target.conts, here) : cloneState(here);
    else target.breaks = target.breaks ? join(target.breaks, here) : cloneState(here);
  }

  /** Some member path was allow-listed (evaluators/allow-list-guards.ts guardPath): member reads look it up. */
  pathGuards = false;

  private hit(node: TNode, spec: Pick<SinkSpec, "cls" | "className">, t: Taint, note?: string): void {
    if (t.mask & spec.cls) return;
    const key = `${node.id()}:${spec.className}`;
    if (this.hitKeys.has(key)) return;
    this.hitKeys.add(key);
    this.hits.push(note ? { node, className: spec.className, taint: t, note } : { node, className: spec.className, taint: t });
  }

  private evCall(node: TNode, isNew: boolean): Value {
    return evalCall(this, node, isNew);
  }

  /** Walks `fn` as a callee (evaluators/function-summaries.ts): parameters take `args` (by position), the result is what it returns. */
  runWith(fn: TNode, args: Value[], self: Value = null, fields: string[] = []): Value {
    [this.args, this.retScope, this.ret, this.selfValue, this.fields, this.exitVals] = [args, fn, null, self, fields, []];
    this.analyzeFunction(fn, null);
    const ret = this.ret;
    [this.args, this.retScope, this.ret] = [null, null, null];
    return ret;
  }

  /** After runWith: each parameter's worst value where the callee returned (what it did to the objects passed). */
  get paramExits(): readonly Value[] {
    return this.exitVals;
  }

  private noteExit(): void {
    this.retParams.forEach((name, i) => {
      if (name) this.exitVals[i] = worse(this.exitVals[i] ?? null, this.st.vars.get(name) ?? null);
    });
  }

  /** Internals shared with evaluators/calls.ts, evaluators/assignments.ts and evaluators/control-flow.ts. */
  get state(): State {
    return this.st;
  }
  set state(s: State) {
    this.st = s;
  }
  get inCleanStatement(): boolean {
    return this.skipExpr || this.skipRhs;
  }
  /** Text of the scope being analysed, for rules that look at its configuration calls. */
  scopeText(): string {
    return (this.scopeTextCache ??= this.scope?.text() ?? "");
  }
  recordHit(node: TNode, spec: Pick<SinkSpec, "cls" | "className">, t: Taint, note?: string): void {
    this.hit(node, spec, t, note);
  }
  /** The file's root (driver/unsourced.ts reads its top-level bindings). */
  get fileRoot(): TNode | null {
    return this.root;
  }
  rootOf(node: TNode): string | null {
    return rootIdent(this, node);
  }
  globalSourceOf(node: TNode): Value {
    return globalSource(this, node);
  }
}
