// What a plain call's callee is bound to, read off the tree (JavaScript, TypeScript).
import type { TNode } from "../syntax/node.ts";
import { syntaxFor } from "../syntax/languages.ts";
import { named } from "../syntax/syntax-types.ts";

// JavaScript and TypeScript share one table of node roles: a "func" there is any function form.
const isFunction = (n: TNode): boolean => syntaxFor("javascript")?.roles[n.kind() as string] === "func";

/** The identifiers a parameter list binds at its top level (`exec`, `exec = run`, `...exec`, `exec: Runner`). */
function paramNames(fn: TNode): string[] {
  const single = fn.field("parameter");
  if (single) return [single.text()];
  const out: string[] = [];
  for (const p of named(fn.field("parameters"))) {
    let n: TNode | null = p;
    // TypeScript's required/optional parameters and defaults name their binding in a field.
    while (n && n.kind() !== "identifier") n = n.field("pattern") ?? n.field("left") ?? (n.kind() === "rest_pattern" ? (named(n)[0] ?? null) : null);
    if (n) out.push(n.text());
  }
  return out;
}

/**
 * `exec(next)` inside `function invoke(exec, ctx, next)`: the callee is a function the caller passed in (a
 * router's layer handler, a task runner's step), not child_process's `exec`, whatever its name.
 */
export function calleeIsParameter(call: TNode): boolean {
  const fn = call.field("function");
  if (fn?.kind() !== "identifier") return false;
  const name = fn.text();
  for (let p = call.parent(); p; p = p.parent()) if (isFunction(p) && paramNames(p).includes(name)) return true;
  return false;
}
