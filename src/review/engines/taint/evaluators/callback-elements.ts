// JavaScript array callbacks walked in place (`names.forEach((n) => exec("which " + n))`): the parameter
// that receives each element holds what the array holds, as `for (const n of names)` does. Only a
// receiver read without a call (`names`, `opts.files`) or copied by a method that keeps its elements
// (`names.flat()`, `list.slice(1)`) is evaluated again for it: there is no effect to repeat.
import type { TNode } from "../syntax/node.ts";
import type { Value } from "../model/state.ts";
import type { Analyzer } from "../driver/analyzer.ts";
import { named } from "../syntax/syntax-types.ts";

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
