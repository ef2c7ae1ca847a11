// JavaScript array callbacks walked in place (`names.forEach((n) => exec("which " + n))`): the parameter
// that receives each element holds what the array holds, as `for (const n of names)` does. Only a
// receiver read without a call (`names`, `opts.files`) or copied by a method that keeps its elements
// (`names.flat()`, `list.slice(1)`) is evaluated again for it: there is no effect to repeat. What `map` and `filter`
// callbacks make of the elements: arrayCallbackValue.
import type { TNode } from "../syntax/node.ts";
import type { Value } from "../model/state.ts";
import { sanitizedFor } from "../model/state.ts";
import type { Analyzer } from "../driver/analyzer.ts";
import { named } from "../syntax/syntax-types.ts";
import { guardedIdents } from "./allow-list-guards.ts";

/** Methods whose callback takes the element first; `reduce` takes the accumulator first. */
const elementFirst = /^(?:forEach|map|flatMap|filter|some|every|find|findIndex|findLast|findLastIndex)$/;
const accumulatorFirst = /^(?:reduce|reduceRight)$/;
const plainRead = /^(?:identifier|member_expression|this|call_expression)$/;
/**
 * A variable or member, or a copy of one that keeps its elements (`names.flat()`, `list.slice(1)`), or what a
 * getter without arguments returns (`zip.getEntries()`, `map.values()`): nothing to repeat.
 */
const elementsKept = /^[\w$]+(?:\??\.[\w$]+)*(?:\.(?:flat|slice|concat|reverse)\([\w$.,\s-]*\))*(?:\.(?:get[A-Z][\w$]*|values|entries|keys)\(\))?$/;

/** The element's place among `fn`'s parameters and the value it takes, when `fn` is an array method's callback. */
export function callbackElement(a: Analyzer, fn: TNode): { at: number; value: Value } | null {
  if (a.syn.prefix !== "js" && a.syn.prefix !== "ts") return null;
  const args = fn.parent();
  const call = args?.kind() === "arguments" ? args.parent() : null;
  const callee = call?.kind() === "call_expression" ? call.field("function") : null;
  if (callee?.kind() !== "member_expression" || named(args!)[0]?.id() !== fn.id()) return null;
  const method = callee.field("property")?.text() ?? "";
  const at = elementFirst.test(method) ? 0 : accumulatorFirst.test(method) ? 1 : -1;
  const recv = callee.field("object");
  if (at < 0 || !recv || !plainRead.test(recv.kind()) || !elementsKept.test(recv.text())) return null;
  const value = a.ev(recv);
  return value ? { at, value } : null;
}

/** An arrow function whose body is a literal (`() => "?"`, `(_, i) => `$${i + 1}``): its result ignores the element. */
function constantCallback(cb: TNode): boolean {
  if (cb.kind() !== "arrow_function") return false;
  const body = cb.field("body");
  const k = body?.kind();
  if (k === "string" || k === "number") return true;
  if (k !== "template_string") return false;
  // Substitutions of numbers only (an index): `$${i + 1}`; never the element (`(i) => `'${i}'``: its first parameter).
  const list = cb.field("parameters") ?? cb.field("parameter");
  const elem = /^[\w$]*/.exec(list ? (named(list)[0]?.text() ?? list.text()) : "")![0];
  return named(body!)
    .filter((c) => c.kind() === "template_substitution")
    .every(
      (sub) =>
        /^\$\{\s*[\w\s+*-]*\}$/.test(sub.text()) &&
        !/[a-z]/i.test(sub.text().replace(/\b(?:i|idx|index|n)\b/g, "")) &&
        !(elem && new RegExp(`\\b${elem.replace(/\$/g, "\\$")}\\b`).test(sub.text())),
    );
}

/** The classes a filter callback's allow-list check (`(c) => ALLOWED.includes(c)`) vouches for its element; 0 when none. */
function allowListCallback(a: Analyzer, cb: TNode): number {
  if (cb.kind() !== "arrow_function") return 0;
  const params = cb.field("parameters") ?? cb.field("parameter");
  const name = params ? (named(params)[0]?.text() ?? params.text()) : "";
  const body = cb.field("body");
  if (!/^[\w$]+$/.test(name) || !body || body.kind() === "statement_block") return 0;
  return guardedIdents(body, true, a.syn, a.rules)
    .filter((g) => g.name === name)
    .reduce((m, g) => m | g.mask, 0);
}

/**
 * `ids.map(() => "?")` makes constants; `cols.filter((c) => ALLOWED.includes(c))` keeps allow-listed elements only:
 * the value of such a call on a tainted array `recvT`, else undefined.
 */
export function arrayCallbackValue(a: Analyzer, method: string, recvT: NonNullable<Value>, cb: TNode): Value | undefined {
  if ((method !== "map" && method !== "flatMap" && method !== "filter") || (a.syn.prefix !== "js" && a.syn.prefix !== "ts")) return undefined;
  if (method !== "filter" && constantCallback(cb)) return null;
  const mask = method === "filter" ? allowListCallback(a, cb) : 0;
  if (!mask) return undefined;
  return sanitizedFor(recvT, mask);
}
