// try statements: a handler (catch, except) runs when the body throws, which it may do anywhere, so it
// starts from what held before the body or at its end (joined); the state after the statement joins
// the body's end (through Python's else) with every handler's, and finally runs on that.
// Walked in sequence, a handler ending in return made everything after the statement dead.
import type { TNode } from "./node.ts";
import type { Analyzer } from "./analyze.ts";
import { named } from "./langs.ts";
import { cloneState, join } from "./state.ts";

const handlerKinds = new Set(["catch_clause", "except_clause", "except_group_clause"]);

export function evalTry(a: Analyzer, node: TNode): void {
  const before = a.state;
  const kids = named(node);
  const body = node.field("body");
  a.state = cloneState(before);
  // Java's resources are opened as the body starts.
  for (const c of kids) if (c.kind() === "resource_specification") a.ev(c);
  if (body) a.ev(body);
  let normal = a.state;
  const handlers: TNode[] = [];
  let orElse: TNode | null = null;
  let fin: TNode | null = null;
  for (const c of kids) {
    const k = c.kind() as string;
    if (handlerKinds.has(k)) handlers.push(c);
    else if (k === "else_clause") orElse = c;
    else if (k === "finally_clause") fin = c;
  }
  if (orElse) {
    a.state = normal;
    a.ev(orElse);
    normal = a.state;
  }
  const entry = handlers.length ? join(before, { ...normal, dead: false }) : null;
  let out = normal;
  for (const h of handlers) {
    a.state = cloneState(entry!);
    a.ev(h);
    out = join(out, a.state);
  }
  a.state = out;
  if (fin) {
    // finally runs on every path, also those that returned; it cannot revive them.
    const dead = out.dead;
    out.dead = false;
    a.ev(fin);
    if (dead) a.state.dead = true;
  }
}
