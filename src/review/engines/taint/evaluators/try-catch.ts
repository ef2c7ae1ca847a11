// try/catch/finally (Java, JavaScript, Python): a handler is an alternative to the rest of the try
// body, not a statement after it. Walked in sequence, a handler ending in `return` or `throw` left
// every statement after the try unreachable, so `try { ... } catch (e) { return; } sink(x)` was
// never analysed.
import type { TNode } from "../syntax/node.ts";
import type { Analyzer } from "../driver/analyzer.ts";
import { named } from "../syntax/syntax-types.ts";
import { cloneState, join } from "../model/state.ts";

export function evalTry(a: Analyzer, node: TNode): void {
  const body = node.field("body");
  const bodyId = body?.id();
  const handlers: TNode[] = [];
  let otherwise: TNode | null = null;
  let last: TNode | null = null;
  for (const c of named(node)) {
    if (c.id() === bodyId) continue;
    const k = c.kind() as string;
    if (k.includes("catch") || k.includes("except")) handlers.push(c);
    else if (k === "else_clause") otherwise = c;
    else if (k === "finally_clause") last = c;
    // Java's resources run before the body.
    else if (!k.includes("comment")) a.ev(c);
  }
  const before = cloneState(a.state);
  if (body) a.ev(body);
  // Python's else runs when the body raised nothing.
  if (otherwise && !a.state.dead) a.ev(otherwise);
  let acc = a.state;
  if (handlers.length) {
    // An exception can leave the body anywhere: a handler starts from what held before it or at its end.
    const entry = join(before, { ...cloneState(acc), dead: false });
    for (const h of handlers) {
      a.state = cloneState(entry);
      a.ev(h);
      acc = join(acc, a.state);
    }
  }
  a.state = acc;
  if (!last) return;
  // finally runs on every path; a path that had ended stays ended.
  const ended = acc.dead;
  if (ended) a.state = { ...cloneState(acc), dead: false };
  a.ev(last);
  if (ended) a.state.dead = true;
}
