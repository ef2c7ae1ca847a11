// What a merge or set-by-path function does around its writes (prototype-pollution.ts): the new objects it makes,
// the own-key checks it names, calls whose value is only tested, and reduces that descend like a walk.
import type { SgNode } from "@ast-grep/napi";
import { boundKey, callbackOf } from "./prototype-pollution-key-names.ts";
import { nativeRegex } from "../text.ts";

const constDeclaration = nativeRegex("^const\\b");

/** Locals a function declares as a new object (`{}`, `{ ...target }`, `Object.assign({}, a)`) and never reassigns. */
export function freshObjects(fn: SgNode): Set<string> {
  const out = new Set<string>();
  for (const d of fn.findAll({ rule: { kind: "lexical_declaration", regex: constDeclaration } })) {
    for (const v of d.children().filter((c) => c.kind() === "variable_declarator")) {
      const name = v.field("name");
      const value = v.field("value")?.text().replace(/\s+/g, "") ?? "";
      if (name?.kind() === "identifier" && (v.field("value")?.kind() === "object" || /^Object\.assign\(\{\},/.test(value))) out.add(name.text());
    }
  }
  return out;
}

const key = String.raw`([\w$]+(?:\[[\w$]+\])?)`;
const ownKeyCall = new RegExp(
  String.raw`(?:(?:hasOwnProperty|\bhasOwn|\bhas)\.call|\bhasOwn|Object\.hasOwn)\(\s*([\w$.]+)\s*,\s*${key}\s*\)|([\w$.]+)\.hasOwnProperty\(\s*${key}\s*\)`,
  "g",
);

/** `target\nkey` pairs an own-key check names (the key a name or an element, `parts[i]`): `hasOwnProperty.call(t, k)`,
 * `t.hasOwnProperty(k)`, `Object.hasOwn(t, k)`, `Object.getOwnPropertyNames(t).indexOf(k)`. */
export function ownKeyChecks(body: string): Set<string> {
  const out = new Set<string>();
  // `has` and `hasOwn` are the usual aliases of `Object.prototype.hasOwnProperty` (`has.call(t, k)`).
  for (const m of body.matchAll(ownKeyCall)) {
    const target = m[1] ?? m[3];
    if (target && !/(^|\.)prototype$/.test(target)) out.add(`${target}\n${m[2] ?? m[4]}`);
  }
  // `Object.getOwnPropertyNames(t).indexOf(k)` (or `Object.keys(t).includes(k)`): the same question asked of a list of t's own keys.
  for (const m of body.matchAll(/Object\.(?:getOwnPropertyNames|keys)\(\s*([\w$.]+)\s*\)\.(?:indexOf|includes)\(\s*([\w$]+)\s*\)/g))
    if (!/(^|\.)prototype$/.test(m[1]!)) out.add(`${m[1]}\n${m[2]}`);
  return out;
}

/** A call whose value is only tested (`if (isPlain(t[k]))`, `ok(t[k]) ? … : …`, `a && f(t[k])`) does not write. */
export function inCondition(call: SgNode): boolean {
  for (let n: SgNode = call, p = n.parent(); p; n = p, p = p.parent()) {
    const k = String(p.kind());
    if (k === "parenthesized_expression" || k === "unary_expression") continue;
    if (k === "binary_expression" && /^(&&|\|\||!|===?|!==?)$/.test(p.field("operator")?.text() ?? "")) continue;
    if (k === "ternary_expression") return p.field("condition")?.range().start.index === n.range().start.index;
    return k === "if_statement" || k === "while_statement";
  }
  return false;
}

/** A `reduce` whose callback descends (`return acc[part]`, `(acc, k) => acc[k]`), as a set-by-path walk does. */
export function descendingReduce(fn: SgNode): boolean {
  for (const call of fn.findAll({
    rule: { kind: "call_expression", has: { field: "function", kind: "member_expression", has: { field: "property", regex: "^reduce$" } } },
  })) {
    const callback = callbackOf(call);
    if (!callback) continue;
    const { fn: cb, params } = callback;
    const acc = boundKey(params[0] ?? null)?.replace(/\$/g, "\\$");
    if (!acc) continue;
    const body = cb.field("body");
    const text = body?.text() ?? "";
    if (body?.kind() === "statement_block" ? new RegExp(`\\breturn\\s*\\(?\\s*${acc}\\s*\\[`).test(text) : new RegExp(`^\\(?\\s*${acc}\\s*\\[`).test(text))
      return true;
  }
  return false;
}
