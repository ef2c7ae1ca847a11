// Control flow: both branches of `if` (joined; statically known conditions prune one, allow-list
// conditions clean what they check), every switch arm, and loops (body twice, joined with the entry).
import type { TNode } from "../syntax/node.ts";
import type { Analyzer } from "../driver/analyzer.ts";
import type { Exit } from "../driver/statements.ts";
import { named } from "../syntax/syntax-types.ts";
import { constEval, unknown } from "../model/static-conditions.ts";
import type { State } from "../model/state.ts";
import { cloneState, join } from "../model/state.ts";
import { bind } from "./assignments.ts";
import { evalKnownSwitch } from "./constant-values.ts";
import { applyGuards, mayGuard } from "./apply-guards.ts";

const caseKinds = new Set([
  "switch_case",
  "switch_default",
  "switch_block_statement_group",
  "switch_rule",
  "expression_case",
  "default_case",
  "type_case",
  "case_clause",
]);

export function evalIf(a: Analyzer, node: TNode): void {
  if (a.syn.ifInitializer) {
    const init = node.field("initializer");
    if (init) a.ev(init);
  }
  const cond = node.field("condition");
  const cons = node.field("consequence");
  // `alternative` is the else part, an `else_clause` (JavaScript, Python) or the statement itself;
  // in Python it is every elif/else clause, read then from the named list (no anonymous tokens to
  // wrap), which holds them in order. Without one the children are not listed at all.
  const alt = node.field("alternative");
  const clause = alt?.kind();
  const alts =
    clause === "elif_clause" ? named(node).filter((c) => c.kind() === "elif_clause" || c.kind() === "else_clause") : clause === "else_clause" ? [alt!] : null;
  branch(a, cond, cons, alts ? () => pyElse(a, alts, 0) : alt ? () => a.ev(alt) : null);
}

function pyElse(a: Analyzer, alts: TNode[], i: number): void {
  const c = alts[i];
  if (!c) return;
  if (c.kind() === "else_clause") {
    const body = c.field("body") ?? named(c)[0];
    if (body) a.ev(body);
    return;
  }
  branch(a, c.field("condition"), c.field("consequence"), alts[i + 1] ? () => pyElse(a, alts, i + 1) : null);
}

/** `elseFn`: walks the else part; null when there is none. */
function branch(a: Analyzer, cond: TNode | null, cons: TNode | null, elseFn: (() => void) | null): void {
  if (cond) a.ev(cond);
  const c = cond ? constEval(cond, a.state.consts) : unknown;
  if (c !== unknown) {
    if (c) {
      if (cons) a.ev(cons);
    } else elseFn?.();
    return;
  }
  const before = a.state;
  // Guards only clean tainted variables: without one named in the condition they change nothing.
  const guards = cond !== null && mayGuard(a, cond);
  a.state = cloneState(before);
  if (guards) applyGuards(a, cond, true);
  if (cons) a.ev(cons);
  const thenState = a.state;
  // Nothing to walk or check on the else path: join with the state before as it is (join copies what it
  // keeps of a path that is not dead; a dead then-path leaves a copy of it).
  if (!guards && !elseFn) {
    a.state = thenState.dead && !before.dead ? cloneState(before) : join(thenState, before);
    return;
  }
  a.state = cloneState(before);
  if (guards) applyGuards(a, cond, false);
  elseFn?.();
  a.state = join(thenState, a.state);
}

/** Switch arms are alternatives: each starts from the state before the switch; no match keeps it. */
export function evalCases(a: Analyzer, node: TNode): void {
  const armsOf = (): TNode[] => named(node).flatMap((c) => (c.kind() === "block" ? named(c) : [c]));
  if (
    evalKnownSwitch(
      a,
      node,
      armsOf().filter((c) => caseKinds.has(c.kind() as string)),
    )
  )
    return;
  const before = a.state;
  let acc: State = cloneState(before);
  // `break` in a switch arm leaves the switch; in a Python match it leaves the enclosing loop.
  const exit: Exit | null = node.kind() === "match_statement" ? null : { loop: false, breaks: null, conts: null };
  if (exit) a.exits.push(exit);
  const arms = named(node).flatMap((c) => (c.kind() === "block" ? named(c) : [c]));
  for (const c of arms) {
    if (!caseKinds.has(c.kind() as string)) {
      a.ev(c);
      continue;
    }
    a.state = cloneState(before);
    a.ev(c);
    const parts = named(c);
    if (parts.length && parts[parts.length - 1]!.kind() === "break_statement") a.state.dead = false;
    acc = join(acc, a.state);
  }
  if (exit) {
    a.exits.pop();
    if (exit.breaks) acc = join(acc, exit.breaks);
  }
  a.state = acc;
}

/** Loops run zero or more times: the body is analysed twice (loop-carried taint) and joined with the entry state. */
export function evalLoop(a: Analyzer, node: TNode, forIn: TNode | null): void {
  const before = a.state;
  let target: TNode | null = null;
  let source: TNode | null = null;
  let holder: TNode | null = null;
  if (forIn) {
    const range = named(forIn).find((c) => c.kind() === "range_clause");
    holder = range ?? forIn;
    target = holder.field("left") ?? holder.field("name");
    source = holder.field("right") ?? holder.field("value");
  }
  const srcVal = source ? a.ev(source) : null;
  const body = node.field("body");
  a.state = cloneState(before);
  // A second pass carries taint around the loop; nested loops get one pass to stay linear.
  const passes = a.loopDepth < 2 ? 2 : 1;
  a.loopDepth++;
  const exit: Exit = { loop: true, breaks: null, conts: null };
  a.exits.push(exit);
  // Target and source under a Go range clause are not the loop's children.
  const others = otherChildren(node, holder === node ? [target, source, body] : [body]);
  for (let i = 0; i < passes; i++) {
    if (target) bind(a, target, srcVal, target, source);
    for (const c of others) a.ev(c);
    if (body) a.ev(body);
    a.state.dead = false;
    // Paths that `continue` go round again like the body's end.
    if (exit.conts) {
      a.state = join(a.state, exit.conts);
      exit.conts = null;
    }
  }
  a.exits.pop();
  a.loopDepth--;
  a.state = join(before, a.state);
  // Left through its condition, a `while` loop's condition is false: after
  // `while (p.includes("../")) p = p.replace("../", "")` no `..` is left in `p`.
  const cond = !forIn && node.kind() === "while_statement" ? node.field("condition") : null;
  if (cond && !a.state.dead) applyGuards(a, cond, false);
  // Paths that `break` leave the loop with what they assigned.
  if (exit.breaks) a.state = join(a.state, exit.breaks);
}

/**
 * A node's named children other than `parts` (its fields evaluated apart). Wrappers from a field and
 * from the child list are distinct objects, so parts are told by node id (comparing the objects
 * never matched: bodies ran twice per pass, 2^depth times in nested loops) — unless kinds settle
 * it: a kind no part has, or one whose children are exactly the parts of that kind.
 */
export function otherChildren(node: TNode, parts: (TNode | null)[]): TNode[] {
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
