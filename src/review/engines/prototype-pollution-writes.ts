// Where a merge or set-by-path function writes through a key it does not check (prototype-pollution.ts): the merge
// into `t[key]`, the nested write for a source's keys, the last write of a path walk (inline or through a writer
// helper), and the function a write belongs to.
import type { SgNode } from "@ast-grep/napi";
import { freshBefore, isCounter } from "./prototype-pollution-keys.ts";
import { aliasMerge } from "./prototype-pollution-alias.ts";
import { recursesThrough } from "./prototype-pollution-walks.ts";
import { descendingReduce, freshObjects, inCondition, ownKeyChecks } from "./prototype-pollution-sites.ts";
import { indexKey, type Iteration, iterated, keyOf, type Scopes } from "./prototype-pollution-key-names.ts";
import { functionKinds } from "./prototype-pollution-splits.ts";
import { type Writer, writerCalls } from "./prototype-pollution-writers.ts";

/**
 * The function around a node that is not a callback (a merge helper's `forEach` callbacks belong to it;
 * a bundle's wrapper does not, or its keys would meet every helper's writes).
 */
export function outerFunction(node: SgNode): SgNode | null {
  let out: SgNode | null = null;
  for (let p = node.parent(); p; p = p.parent()) {
    if (!functionKinds.has(String(p.kind()))) continue;
    out = p;
    const args = p.parent();
    // Only a callback run per element or key is the loop body of the function around it: one handed to any
    // other call (`restArguments(function (obj, keys) {…})`, a UMD factory) is a function of its own.
    if (args?.kind() !== "arguments" || !iterationCallee.test(args.parent()?.field("function")?.text() ?? "")) break;
  }
  return out;
}

/** Calls that run a callback per element or key of what they are given. */
const iterationCallee = /(?:^|\.)\s*(?:forEach|map|flatMap|reduce|reduceRight|some|every|filter|find|each|forIn|forOwn)$/;

/**
 * Where a function writes through a key it does not check: the merge into `t[key]` (a call given
 * it) or the nested write for source keys; the write at the end of a `cur = cur[part]` walk for paths.
 */
export function pollutingSite(
  fn: SgNode,
  keys: Map<string, "keys" | "path">,
  splitIndexed: RegExp | null,
  ofObject: Iteration[],
  handedKey: string | null,
  scopes: Scopes,
  nullProto: Set<string>,
  writers: ReadonlyMap<string, Writer>,
): SgNode | null {
  const keyAt = (m: SgNode) => keyOf(m, keys, splitIndexed, scopes);
  const ownChecked = ownKeyChecks(fn.text());
  const fresh = freshObjects(fn);
  const at = fn.range().start.index;
  // `t[k]` where the loop or list binding `k` iterates `t`'s own keys (`for (k of Object.keys(t))`): no source's key.
  const ownKey = (m: SgNode): boolean =>
    iterated(ofObject, m.field("index")?.text() ?? "", m.range().start.index) === m.field("object")?.text().replace(/\s+/g, "");
  const writes = fn.findAll({ rule: { kind: "assignment_expression", has: { field: "left", kind: "subscript_expression" } } }).filter((w) => {
    // A write in a nested function of its own (a UMD factory's helpers) belongs to that function, met on its own.
    if (outerFunction(w)?.range().start.index !== at) return false;
    const left = w.field("left")!;
    if (!keyAt(left)) return false;
    const target = left.field("object")?.text().replace(/\s+/g, "") ?? "";
    // A copy the function made (`const merged = { ...target }`): `merged.__proto__ = …` swaps that copy's prototype only.
    if (fresh.has(target) || nullProto.has(target)) return false;
    return !ownKey(left) && !ownChecked.has(`${target}\n${left.field("index")?.text() ?? ""}`);
  });
  // A path's part handed to a writer helper of the file (prototype-pollution-writers.ts) is written as surely.
  const helperWrites = writerCalls(fn, writers).filter((w) => {
    const target = w.target.text().replace(/\s+/g, "");
    return (
      outerFunction(w.call)?.range().start.index === at &&
      indexKey(w.index, w.call.range().start.index, keys, splitIndexed, scopes) === "path" &&
      !fresh.has(target) &&
      !nullProto.has(target)
    );
  });
  if (!writes.length && !helperWrites.length) return null;
  const kinds = new Set(writes.map((w) => keyAt(w.field("left")!)));
  if (helperWrites.length) kinds.add("path");
  if (kinds.has("keys")) {
    // A merge descends into what it writes: `merge(t[key], s[key])`, `Object.assign(t[key], …)`.
    const targets = new Set(writes.map((w) => w.field("left")!.field("object")?.text()));
    for (const call of fn.findAll({ rule: { kind: "call_expression" } })) {
      const args =
        call
          .field("arguments")
          ?.children()
          .filter((c) => c.isNamed()) ?? [];
      let first: SgNode | undefined = args[0];
      // `merge(t[key] || {}, s[key])`: a value passed on by `||`, `&&` or `??` (a comparison passes a boolean).
      // TypeScript's `t[key] as Obj` and `t[key]!` are the same value.
      while (
        first &&
        ((first.kind() === "binary_expression" && valueOperator.test(first.field("operator")?.text() ?? "")) || sameValue.has(String(first.kind())))
      )
        first = first.kind() === "binary_expression" ? (first.field("left") ?? undefined) : first.children().find((c) => c.isNamed());
      // A merge is given what it merges in beside the value it merges into (`JSONCookie(obj[key])` only rewrites
      // a value), and a key of the target's own (`for (k of Object.keys(obj)) obj[k] = f(obj[k], …)`) is no source's.
      if (first && args.length >= 2 && keyAt(first) === "keys" && targets.has(first.field("object")?.text()) && !ownKey(first) && !inCondition(call))
        return call;
    }
    // A read of the target's own keys (`for (k in t) { const v = t[k]; … }`) rewrites what it owns: no alias of a source key.
    // Names are matched by text: the read must lie in the loop or callback that binds its key to a source's keys
    // (a `let k = s.scale` elsewhere in the function is no key), or use the key a whole callback is handed.
    const sourceKeyRead = (m: SgNode): boolean => {
      if (keyAt(m) !== "keys") return false;
      const key = m.field("index")?.text() ?? "";
      const from = iterated(ofObject, key, m.range().start.index);
      return from ? from !== m.field("object")?.text().replace(/\s+/g, "") : key === handedKey;
    };
    const viaAlias = aliasMerge(fn, targets, sourceKeyRead);
    if (viaAlias && !inCondition(viaAlias)) return viaAlias;
    // `t[a][key] = v` reaches a shared prototype only through `t[a]`: an element at a counted index
    // (`copy.units[i][p]`) or one just set to a new object is an object of the program's own, and `__proto__`
    // written there swaps its prototype only.
    const nested = writes.find((w) => {
      const inner = w.field("left")!.field("object");
      if (inner?.kind() !== "subscript_expression" || nullProto.has(inner.field("object")?.text().replace(/\s+/g, "") ?? "")) return false;
      // `headers[MAP][name] = [val]`: an outer key the program names (a constant, a symbol) picks an object of its own.
      if (programKey.test(inner.field("index")?.text() ?? "")) return false;
      return !isCounter(inner.field("index"), w) && !freshBefore(inner, w);
    });
    if (nested) return nested;
  }
  if (kinds.has("path")) {
    // A walk: `cur = cur[part]`, `cur = cur[part] = cur[part] || {}`, `cur = (cur[part] ??= {})`, a reduce returning `acc[part]`.
    // A step checked to be the walk's own key (`if (!hasOwn(cur, k)) cur[k] = {}; cur = cur[k]`) never enters an inherited object.
    const walks = fn.findAll({ rule: { kind: "assignment_expression", has: { field: "right", stopBy: "end", kind: "subscript_expression" } } }).some((a) => {
      const left = a.field("left");
      const step =
        left?.kind() === "identifier"
          ? new RegExp(`^\\(*\\s*${left.text().replace(/\$/g, "\\$")}\\s*\\[\\s*([\\w$]+(?:\\[[\\w$]+\\])?\\s*\\])?`).exec(a.field("right")?.text() ?? "")
          : null;
      return !!step && !(step[1] && ownChecked.has(`${left!.text()}\n${step[1].replace(/\s*\]$/, "")}`));
    });
    const reduces = descendingReduce(fn) || recursesThrough(fn, (m) => keyAt(m) === "path");
    const pathWrites = [...writes.filter((w) => keyAt(w.field("left")!) === "path"), ...helperWrites.map((w) => w.call)];
    if (walks || reduces) return pathWrites.sort((x, y) => x.range().start.index - y.range().start.index).at(-1) ?? null;
  }
  return null;
}

const valueOperator = /^(?:\|\||&&|\?\?)$/;
/** Wrappers that pass their expression's value on: parentheses, TypeScript's `as`, `satisfies` and `!`. */
const sameValue = new Set(["parenthesized_expression", "as_expression", "satisfies_expression", "non_null_expression"]);
/** Keys the program names itself: a string, a number, a CONSTANT_CASE name or a symbol's (`kHeaders`, `stateSym`). */
const programKey = /^(?:["'`][^"'`]*["'`]|\d+|(?:[\w$]+\.)*(?:[A-Z][A-Z0-9_]*|k[A-Z][\w$]*|[\w$]+Sym(?:bol)?))$/;
