// Applying a condition's checks to the state of the branch entered: allow-lists and derived checks
// (evaluators/allow-list-guards.ts, evaluators/derived-checks.ts, evaluators/held-checks.ts) clean what they vouch for,
// deny-lists (evaluators/deny-list-guards.ts) path traversal.
import type { TNode } from "../syntax/node.ts";
import type { Analyzer } from "../driver/analyzer.ts";
import { guardedIdents, guardPath } from "./allow-list-guards.ts";
import type { Held } from "./allow-list-guards.ts";
import { heldGuards } from "./held-checks.ts";
import { mentions } from "../fast/relevance.ts";
import { dotFree } from "./deny-list-guards.ts";
import { allClassesMask, classBit } from "../syntax/classes.ts";
import type { Guard } from "../model/check-operands.ts";
import { suffixedFrom, withDerived } from "./derived-checks.ts";

/** Whether `cond` could clean anything: guards only clean tainted variables (or use a held check). */
export function mayGuard(a: Analyzer, cond: TNode): boolean {
  // Go: `if _, ok := allowed[x]; ok` checks what its initializer looks up.
  const init = a.syn.prefix === "go" ? cond.parent()?.field("initializer") : null;
  let text: string | null = init ? `${cond.text()} ${init.text()}` : null;
  // A variable holding a check is often clean itself (`ok = host in ALLOWED`): its `if` may be a clean statement.
  if (a.state.checks) for (const name of a.state.checks.keys()) if (mentions((text ??= cond.text()), name)) return true;
  if (a.inCleanStatement) return false;
  for (const [name, v] of a.state.vars) if (v && mentions((text ??= cond.text()), name)) return true;
  return false;
}

/** Cleans what `cond` vouches for where it evaluates to `positive`. */
export function applyGuards(a: Analyzer, cond: TNode, positive: boolean): void {
  clean(
    a,
    guardedIdents(cond, positive, a.syn, a.rules, held(a), 0, (name) => safeFor(a, name)),
    cond,
  );
  pathSafe(a, dotFree(cond, positive, a.syn), cond);
}

/** The classes a name's value is safe for: all when the walk holds it clean, or knows it not at all (a module's constant). */
function safeFor(a: Analyzer, name: string): number {
  const vars = a.state.vars;
  const v = vars.has(name) ? vars.get(name) : vars.get(name.slice(0, name.includes(".") ? name.indexOf(".") : name.length));
  return v ? v.mask & allClassesMask : allClassesMask;
}

const held = (a: Analyzer): Held | undefined => (a.state.checks ? (name, positive) => heldGuards(a, name, positive) : undefined);

function clean(a: Analyzer, guards: Guard[], at: TNode): void {
  if (!guards.length) return;
  const vars = a.state.vars;
  for (const g of withDerived(a, guards)) {
    const { name } = g;
    const v = vars.get(name);
    // A literal directory prefix confines a path resolved before the check (`file = path.resolve(root, x)`).
    const mask = g.under && v?.from?.kind === "resolved" ? g.mask | pathBit : g.mask;
    if (v)
      vars.set(
        name,
        mask === allClassesMask
          ? null
          : (v.mask & mask) === mask && (!g.str || v.str)
            ? v
            : { ...v, mask: v.mask | mask, ...(g.str && { str: true as const }) },
      );
    else if (v === undefined && name.includes(".") && vars.get(name.slice(0, name.indexOf(".")))) guardPath(a, name, g, at);
  }
}

const pathBit = classBit("path-traversal");

/** Variables a deny-list check showed to hold no `..`: clean for path traversal only. */
function pathSafe(a: Analyzer, names: string[], at: TNode): void {
  const vars = a.state.vars;
  for (let n of names) {
    if (n.startsWith("rel:")) {
      // A relative path not starting with `..` (evaluators/deny-list-guards.ts): it, and the path it relates while that still holds its value.
      const f = vars.get(n.slice(4))?.from;
      // A normalized path not starting with `..` holds none, and, checked not absolute too, stays under any base.
      if (f?.kind === "normalized") {
        n = n.slice(4);
        if (!new RegExp(`isAbsolute\\(\\s*${n.replace(/\$/g, "\\$")}\\s*\\)`).test(at.text())) continue;
      } else {
        if (f?.kind !== "relative" || vars.get(f.name) !== f.value) continue;
        names.push(f.name);
        n = n.slice(4);
      }
    }
    const v = vars.get(n);
    if (v) for (const s of suffixedFrom(a, n)) if (!names.includes(s)) names.push(s);
    // A member path (`req.params.name`): a guard's mark makes its reads safe for path traversal only.
    if (n.includes(".") && (v === undefined || v?.step.kind === "guard")) guardPath(a, n, { name: n, mask: pathBit }, at);
    else if (v && !(v.mask & pathBit)) vars.set(n, { ...v, mask: v.mask | pathBit });
  }
}
