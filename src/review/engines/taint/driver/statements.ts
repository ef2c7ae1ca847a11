// Statements in order: a block's walk (skipping what the relevance test shows cannot matter), and the
// statements that end a path (`return`, `break`, `continue`, a terminal call), kept apart from the
// expression cases; the Analyzer holds the state they read and write.
import type { TNode } from "../syntax/node.ts";
import type { State, Value } from "../model/state.ts";
import type { Analyzer } from "./analyzer.ts";
import { named } from "../syntax/syntax-types.ts";
import { cloneState, join, worse } from "../model/state.ts";
import { returned, returnSinks } from "../evaluators/returns.ts";

/** Past this many nested expressions the scope counts as unseen (generated code). */
export const maxDepth = 400;

/** A loop or switch that `break` leaves; a loop also takes `continue` back to its head. */
export interface Exit {
  loop: boolean;
  breaks: State | null;
  conts: State | null;
}

/** A block's statements in order, until a path ends or the walk passes the scope's last reportable point. */
export function evBlock(a: Analyzer, node: TNode): void {
  // Past the cut the block's later statements are too: unless one could reach the depth limit
  // (statement()), they need not even be looked at.
  for (const c of node.namedChildren()) {
    if (a.state.dead) break;
    // Comments and imports change nothing: no range to read, no text to test (below the limit, as ev() would).
    if (a.syn.roles[c.kind()] === "skip" && a.depth < maxDepth) continue;
    if (statement(a, c) && a.depth + 2 * (node.range().end.index - c.range().start.index) + 16 < maxDepth) break;
  }
}

/**
 * Walks one statement of a block, or less of it when the source text shows it cannot matter
 * (fast/relevance.ts): statements after the scope's last reportable point are skipped outside loops,
 * clean statements are walked without their expressions. True when skipped for lying past the cut.
 */
function statement(a: Analyzer, c: TNode): boolean {
  if (!a.rel || a.skipExpr || a.skipRhs) {
    a.ev(c);
    return false;
  }
  const r = c.range();
  const start = r.start.index;
  const end = r.end.index;
  // Nesting grows by at most about a level per character: a statement that could reach the
  // depth limit is walked as before, so the limit marks the scope incomplete as it did.
  if (a.depth + 2 * (end - start) + 16 >= maxDepth) {
    a.ev(c);
    return false;
  }
  if (a.loopDepth === 0 && start > a.cutAt) return true;
  // A clean loop or `if` binds only clean values: skipped whole, what it assigns is no longer constant (fast/relevance.ts).
  const role = a.syn.roles[c.kind()];
  const loop = role === "loop" || role === "forin";
  const skipped = loop || role === "if" ? a.rel.cleanCompound(start, end, a.state.vars, a.state.colls, a.state.checks, loop) : null;
  if (skipped !== null) {
    forgetAssigned(a, skipped);
    return false;
  }
  const level = a.rel.cleanLevel(start, end, a.state.vars, a.state.colls);
  if (level === "none") {
    a.ev(c);
    return false;
  }
  a.skipExpr = level === "expr";
  a.skipRhs = level === "rhs";
  try {
    a.ev(c);
  } finally {
    a.skipExpr = a.skipRhs = false;
  }
  return false;
}

/**
 * Names a skipped loop or `if` may assign (`x = …`, `x += …`, `x++`, a loop's or a `with`'s targets, destructured names):
 * over-read from the text, so no constant or held check outlives the statement where it may have changed.
 */
const assignedIn =
  /([A-Za-z_$][\w$]*)\s*(?:\*\*|\/\/|>>>|<<|>>|\?\?|&&|\|\||[-+*\/%&|^:])?=(?!=)|(?:\+\+|--)\s*([A-Za-z_$][\w$]*)|([A-Za-z_$][\w$]*)\s*(?:\+\+|--)/g;
const targetLists = new RegExp(
  [
    String.raw`\bfor\b\s*\(?([^;:]*?)\b(?:in|of)\b`,
    String.raw`\bfor\s*\([^;:)]*?([A-Za-z_$][\w$]*)\s*:`,
    String.raw`\bas\s+([A-Za-z_]\w*)`,
    String.raw`[[{(]([^\]})]*)[\]})]\s*=(?!=)`,
    String.raw`([\w$ \t]+(?:,[\w$ \t]+)+)(?::=|=(?!=))`,
  ].join("|"),
  "g",
);

function forgetAssigned(a: Analyzer, text: string): void {
  const names = new Set<string>();
  for (const m of text.matchAll(assignedIn)) names.add((m[1] ?? m[2] ?? m[3])!);
  for (const m of text.matchAll(targetLists)) for (const w of (m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5] ?? "").match(/[A-Za-z_$][\w$]*/g) ?? []) names.add(w);
  for (const n of names) {
    a.state.consts.delete(n);
    a.state.checks?.delete(n);
  }
}

/** `return`, `break`, `continue`, `throw`: their values (a summary's result, a returned sink), then the path ends. */
export function evExit(a: Analyzer, node: TNode, kind: string): void {
  const kids = named(node);
  const specs = kind === "return_statement" && a.rules.returnSinks.length ? returnSinks(a, a.scope, a.returnSpecCache) : null;
  if (specs?.length && kids.length) returned(a, node, kids[0]!, specs);
  else {
    const collect = a.scope === a.retScope && kind === "return_statement";
    for (const c of kids) {
      const v = a.ev(c);
      if (collect) a.ret = worse(a.ret, builtReturn(v, c));
    }
    if (collect) a.noteExit();
  }
  if (kind === "break_statement" || kind === "continue_statement") leave(a, kind === "continue_statement");
  a.state.dead = true;
}

/** Text of an expression that builds a new string from its parts (a concatenation, a template, a join or rewrite). */
const builds = /[+`]|\.(?:join|concat|replace|format)\(/;

/**
 * A helper's returned value built in the `return` itself (`return "which " + name`) keeps that expression as a
 * step of its flow, as `const s = "which " + name; return s` does: callers see the helper built the value
 * (driver/library-contract.ts), not that it passed on what it was given.
 */
function builtReturn(v: Value, expr: TNode): Value {
  if (!v || expr.kind() === "identifier" || !builds.test(expr.text())) return v;
  return { ...v, step: { node: expr, kind: "step", sourceId: v.step.sourceId, prev: v.step } };
}

/** Records the state at a `break` (innermost loop or switch) or `continue` (innermost loop). */
function leave(a: Analyzer, isContinue: boolean): void {
  if (a.state.dead) return;
  let target: Exit | undefined;
  for (let i = a.exits.length - 1; i >= 0 && !target; i--) if (!isContinue || a.exits[i]!.loop) target = a.exits[i];
  if (!target) return;
  const here = { ...a.state, dead: false };
  if (isContinue) target.conts = target.conts ? join(target.conts, here) : cloneState(here);
  else target.breaks = target.breaks ? join(target.breaks, here) : cloneState(here);
}
