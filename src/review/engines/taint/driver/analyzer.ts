// The intraprocedural analysis: walks one function body in statement order, keeping an abstract
// value per variable, and records every sink reached by a tainted value. The walk's cases are in
// node-walk.ts, expressions.ts and statements.ts; a function's entry state in function-entry.ts.
import type { TNode } from "../syntax/node.ts";
import type { CompiledRules, SinkSpec } from "../syntax/rule-specs.ts";
import type { Syntax } from "../syntax/syntax-types.ts";
import { named } from "../syntax/syntax-types.ts";
import type { State, Taint, Value } from "../model/state.ts";
import type { Elem } from "../model/collection-values.ts";
import type { Relevance } from "../fast/relevance.ts";
import type { Exit } from "./statements.ts";
import { hasParamSource } from "../evaluators/framework-params.ts";
import { constructorFields } from "../evaluators/constructor-fields.ts";
import { globalSource } from "../evaluators/reads.ts";
import { cloneState, newState, worse } from "../model/state.ts";
import { rootIdent } from "../evaluators/assignments.ts";
import { fileConstants } from "../model/file-constants.ts";
import { HitLog } from "./hits.ts";
import { classBit } from "../syntax/classes.ts";
import { wholeChain } from "../model/whole-params.ts";
import type { SinkHit, Watch } from "./hits.ts";
import { evNode } from "./node-walk.ts";
import { maxDepth } from "./statements.ts";
import { returnSinks } from "../evaluators/returns.ts";
import { bindParams, entryConsts } from "./function-entry.ts";

interface FileFacts {
  tests: Map<RegExp, boolean>;
  globals: ReadonlyMap<string, unknown> | null;
}

/** Whether a sink's value is `name` itself: an assignment's right side, or one of a call's arguments. */
function handsOn(sink: TNode, name: string): boolean {
  const right = sink.field("right");
  if (right) return right.text() === name;
  return named(sink.field("arguments")).some((a) => a.text() === name);
}

export class Analyzer {
  readonly syn: Syntax;
  readonly rules: CompiledRules;
  private readonly log = new HitLog();
  /** Node ids of scopes still to analyse; nested ones met on the way are analysed in place. */
  readonly pending = new Set<number>();
  /** Node ids of calls and assignments flagged by pattern rules. */
  readonly watch = new Map<number, Watch>();
  private st: State = newState();
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
  /** Text checks that let the walk skip what cannot matter; null: walk everything. */
  rel: Relevance | null = null;

  // The walk's own position, read and written by its cases (node-walk.ts, statements.ts) and nothing else.
  /** Nested expressions being evaluated (ev()). */
  depth = 0;
  /** The scope being analysed. */
  scope: TNode | null = null;
  /** Offset of the last reportable point of the scope being analysed (fast/relevance.ts). */
  cutAt = Number.MAX_SAFE_INTEGER;
  /** Inside a clean statement: expressions are clean and bind nothing (skipExpr), or only the one assignment's value is skipped (skipRhs). */
  skipExpr = false;
  skipRhs = false;
  readonly returnSpecCache = new Map<number, SinkSpec[]>();
  /** In a summary's run: the callee (returns in it are collected), and the worst value it returns. */
  retScope: TNode | null = null;
  ret: Value = null;

  private scopeTextCache: string | null = null;
  /** A summary's run (evaluators/function-summaries.ts): the parameter values of `retScope`. */
  private args: Value[] | null = null;
  /** A summary's tainted receiver: `this` and the class's fields (`fields`) read it (evaluators/reads.ts). */
  selfValue: Value = null;
  private fields: string[] = [];
  /** In a summary's run: the parameters' names, and their worst values where the callee returns. */
  private retParams: string[] = [];
  private exitVals: Value[] = [];
  /** Element values of array literals by their first element's node id (evaluators/collection-sites.ts). */
  readonly literalElems = new Map<number, Elem[]>();
  /** Summaries' state for this analyzer (evaluators/function-summaries.ts); a field, as literalElems, not a WeakMap entry. */
  summaries: unknown = null;
  /** Entry points of this file (evaluators/library-entries.ts, entry-points.ts): library functions and handlers known by their shape. */
  entry: unknown = null;
  /** The file's path in the repository (evaluators/library-entries.ts: tests and examples are no library). */
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

  /** Every sink reached by a tainted value, in the order reached. */
  get hits(): SinkHit[] {
    return this.log.list;
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
  /** Of those, the functions whose parameters had no known origin (an application module's helper), with their names (the receiver aside). */
  readonly opaque = new Map<number, string[]>();
  /** Classes whose sanitizers close a local's value while a sink no source reaches is judged (driver/unsourced.ts). */
  closedFor = 0;

  analyzeScope(scope: TNode): void {
    this.walked.add(scope.id());
    this.scope = scope;
    this.scopeTextCache = null;
    if (this.rel) {
      const r = scope.range();
      this.cutAt = this.rel.lastPoint(r.start.index, r.end.index, this.returnsReport(scope, r.start.index, r.end.index));
    }
    if (this.syn.roles[scope.kind()] === "func") this.analyzeFunction(scope, null);
    else {
      this.st = newState();
      this.ev(scope);
    }
  }

  /**
   * Whether a `return` in the scope can be a sink: return sinks apply by decorators (a view's return
   * value is its response), to the scope itself or to a decorated function nested in it. Elsewhere the
   * statements after the scope's last sink are not walked for the `return` among them.
   */
  private returnsReport(scope: TNode, start: number, end: number): boolean {
    if (!this.rules.returnSinks.length) return false;
    // A Python decorator may sit on a function nested in the scope; a Java method's own annotations are its own.
    return (this.syn.prefix === "py" && this.source.slice(start, end).includes("@")) || returnSinks(this, scope, this.returnSpecCache).length > 0;
  }

  /** Walks a function: on its own (`outer` null), or in place as a closure that sees `outer`'s variables. */
  analyzeFunction(fn: TNode, outer: State | null): void {
    const saved = this.st;
    const savedScope = this.scope;
    const savedExits = this.exits;
    this.exits = [];
    this.scope = fn;
    this.scopeTextCache = null;
    this.st = outer ? { ...cloneState(outer), dead: false } : newState();
    if (!outer) this.st.consts = entryConsts(this.source, fn, () => (this.facts.globals ??= fileConstants(this.root ?? fn.getRoot().root())));
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
    // Walked on its own with parameters of unknown origin: the walk vouches for no value built from them (driver/pattern-verdicts.ts).
    const opaque = bindParams(this, fn, { args, fields: this.fields }, decorators, topLevel, kept);
    if (opaque.length && !outer) this.opaque.set(fn.id(), opaque);
    if (!args) this.walked.add(fn.id());
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

  /** The value of an assignment's right-hand side; in a clean statement it is known to be clean. */
  rhs(node: TNode): Value {
    return this.skipRhs ? null : this.ev(node);
  }

  /** Evaluates a node for its effects and returns the value it produces (node-walk.ts). */
  ev(node: TNode): Value {
    // Generated code can nest expressions thousands deep; past the limit the scope counts as unseen.
    if (this.depth >= maxDepth) {
      this.incomplete = true;
      return null;
    }
    this.depth++;
    try {
      return evNode(this, node);
    } finally {
      this.depth--;
    }
  }

  /** Some member path was allow-listed (evaluators/allow-list-guards.ts guardPath): member reads look it up. */
  pathGuards = false;

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

  /** At a return of the callee in a summary's run: notes each parameter's value there. */
  noteExit(): void {
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
  recordHit(
    node: TNode,
    spec: Pick<SinkSpec, "cls" | "className" | "fromLibrary" | "notFromLibrary">,
    t: Taint,
    note?: string,
    whole = false,
    arg?: TNode,
  ): void {
    // A class library input does not cause (its caller's own log line, a URL it was given to fetch), but at a sink
    // that is the bug whoever calls it (`fromLibrary`: a component writing its caller's text as HTML).
    const lib = this.rules.library;
    if (spec.notFromLibrary && lib && t.step.sourceId === lib.spec.id) return;
    if (lib?.exceptMask && t.step.sourceId === lib.spec.id && (spec.cls || classBit(spec.className)) & lib.exceptMask) {
      // There only HTML built from the caller's text: its parameter handed on whole is HTML it was asked to show (`el.innerHTML = html`).
      if (!spec.fromLibrary) return;
      const whole = wholeChain(t, lib.spec.id);
      if (whole?.from === "library" && handsOn(node, whole.name)) return;
    }
    this.log.add(node, spec, t, note, whole, arg);
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
