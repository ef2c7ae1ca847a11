// Which function of the same file a call runs: `helper(x)`, `this.helper(x)`, `self.helper(x)`,
// `Util.helper(x)`, `new Inner().helper(x)`, by name, owner and (Java, Go) arity. Anything else, or
// two equally good candidates, is no callee: the call stays an unknown call.
import type { TNode } from "../syntax/node.ts";
import type { Syntax } from "../syntax/syntax-types.ts";
import { named, slotCount } from "../syntax/syntax-types.ts";
import type { Callee } from "../evaluators/calls.ts";
import type { Def, FileDefs } from "./file-defs.ts";
import { holderOf } from "./holders.ts";

/** Whether `node` lies within `outer` (by their ranges). */
export const inside = (outer: TNode, node: TNode): boolean => {
  const o = outer.range(),
    n = node.range();
  return o.start.index <= n.start.index && n.end.index <= o.end.index;
};
const size = (n: TNode): number => n.range().end.index - n.range().start.index;

/** The one definition this call runs, or null. `argc`: positional arguments passed. */
export function resolveCallee(defs: FileDefs, syn: Syntax, call: TNode, callee: Callee, argc: number, scopeText: () => string): Def | null {
  const name = callee.text.slice(callee.text.lastIndexOf(".") + 1);
  if (!name || name.startsWith("new ")) return null;
  const all = defs.named(name);
  if (!all.length) return null;
  const lang = syn.ruleLanguage;
  const exact = lang === "java" || lang === "go";
  const fits = (d: Def): boolean => {
    const n = slotCount(d.params) - d.skip;
    if (d.variadic) return false;
    return exact ? n === argc : argc <= n || lang !== "python";
  };
  const recv = callee.recv;
  const rk = recv?.kind();
  let cands: Def[];
  if (lang === "go") {
    // Go: a plain call runs a function, a selector call a method of that name (receiver types are not compared).
    cands = all.filter((d) => (d.node.kind() === "method_declaration") === (recv !== null));
  } else if (!recv ? lang === "java" : rk === "this" || (rk === "identifier" && (recv.text() === "self" || recv.text() === "cls"))) {
    // The enclosing class (the innermost one declaring such a method); in a constructor function's method, its prototype's.
    cands = innermost(all.filter((d) => d.ownerIsClass && inside(d.owner!, call) && fits(d)));
    const base = !cands.length && rk === "this" ? holderAround(call) : null;
    if (base) cands = all.filter((d) => d.holder?.name === base);
  } else if (!recv) {
    // A plain call: a function of the top level or of a function around the call, innermost first.
    // (A method of an object literal is no plain function.)
    cands = innermost(all.filter((d) => !d.ownerIsClass && d.node.kind() !== "method_definition" && (!d.owner || inside(d.owner, call))));
  } else if (rk === "identifier" && all.some((d) => d.holder?.name === recv.text() && !d.holder.proto)) {
    // A module's own object (`var utils = { run: function }`, `utils.run = function`): `utils.run(x)` runs it.
    cands = all.filter((d) => d.holder?.name === recv.text() && !d.holder.proto);
  } else {
    const cls = classOfReceiver(recv, syn) ?? (rk === "identifier" ? declaredClass(recv.text(), scopeText(), defs.source) : null);
    if (cls === null) return null;
    if (typeof cls !== "string") cands = all.filter((d) => d.ownerIsClass && d.owner!.id() === cls.id());
    // A class name: the class nearest the call (an inner class of the caller's class before one of another class).
    else
      cands = innermost(
        all.filter((d) => d.ownerName === cls && fits(d) && (!d.outer || inside(d.outer, call))),
        (d) => d.outer,
      );
  }
  cands = cands.filter(fits);
  return cands.length === 1 ? cands[0]! : null;
}

/** The object holding the function `this` belongs to at `node` (arrow functions pass it on): its name, else null. */
function holderAround(node: TNode): string | null {
  for (let p = node.parent(); p; p = p.parent()) {
    const k = p.kind();
    if (k === "function_expression" || k === "function" || k === "method_definition" || k === "function_declaration") return holderOf(p)?.name ?? null;
    if (k === "class_body") return null;
  }
  return null;
}

/**
 * JavaScript: whether a call runs a method the file writes into its own object (`var fsPath = { find: function }`,
 * then `fsPath.find(dir, cb)`, or `this.find()` inside it): the file's function, not the library method a sink of that
 * name stands for (a Mongo collection's `find`); its summary says what it does.
 */
export function ownObjectMethod(defs: FileDefs, syn: Syntax, call: TNode, callee: Callee, argc: number, scopeText: () => string): boolean {
  const k = callee.recv?.kind();
  if ((syn.prefix !== "js" && syn.prefix !== "ts") || (k !== "this" && k !== "identifier")) return false;
  return !!resolveCallee(defs, syn, call, callee, argc, scopeText)?.holder;
}

/** The definitions of the innermost owner holding any (top-level ones last). */
function innermost(ds: Def[], by: (d: Def) => TNode | null = (d) => d.owner): Def[] {
  let best: TNode | null | undefined;
  for (const d of ds) {
    const o = by(d);
    if (best === undefined || (o && (!best || size(o) < size(best)))) best = o;
  }
  return ds.filter((d) => by(d) === best || (by(d) && best && by(d)!.id() === best.id()));
}

/**
 * The class a variable holds when the caller's function, else the file, declares or assigns it as
 * one (`Helper h = new Helper()`, `helper = Helper(db)`, `const h = new Helper()`, a field
 * `private final Helper helper;`): null when none or two different ones.
 */
export function declaredClass(name: string, scope: string, file: string): string | null {
  const n = name.replace(/[$]/g, "\\$");
  const re = new RegExp(`(?:\\b([A-Z]\\w*)(?:<[^<>;=]*>)?\\s+${n}\\s*[=;,)]|(?<![\\w$.])${n}\\s*=\\s*(?:new\\s+)?([A-Z]\\w*)\\s*[(<])`, "g");
  for (const text of [scope, file]) {
    const found = new Set<string>();
    for (const m of text.matchAll(re)) found.add(m[1] ?? m[2]!);
    if (found.size === 1) return [...found][0]!;
    if (found.size > 1) return null;
  }
  return null;
}

/** `Util.run`, `new Util().run`: the class name; a Java anonymous class: its node; anything else null. */
export function classOfReceiver(recv: TNode, syn: Syntax): string | TNode | null {
  const k = recv.kind();
  if (k === "identifier" && /^[A-Z]/.test(recv.text())) return recv.text();
  if (k === "object_creation_expression") {
    return named(recv).some((c) => c.kind() === "class_body") ? recv : (recv.field("type")?.text().replace(/<.*$/, "") ?? null);
  }
  if (k === "new_expression") return recv.field("constructor")?.text() ?? null;
  // Python: `Helper().run(x)`.
  if (k === "call" && syn.ruleLanguage === "python") {
    const f = recv.field("function");
    return f?.kind() === "identifier" && /^[A-Z]/.test(f.text()) ? f.text() : null;
  }
  return null;
}
