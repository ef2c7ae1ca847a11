// A set-by-path walk that writes through a helper of its file (`assignValue(nested, key, value)`, whose body does
// `object[key] = value`) writes as surely as one that assigns inline: utility libraries route every write through
// one such helper. A helper counts as a writer when it assigns through two of its parameters, as target and key,
// or hands both on to another writer; one that refuses `__proto__` and `constructor` or `prototype` itself does not.
import type { SgNode } from "@ast-grep/napi";
import { guardText } from "./prototype-pollution-guards.ts";
import { functionKinds } from "./prototype-pollution-splits.ts";
import { namedKids } from "../syntax-nodes.ts";

/** Which parameters of a writer are the target and the key. */
export interface Writer {
  target: number;
  key: number;
}

/** A call of a writer inside a function: the target and key it is given. */
export interface WriterCall {
  call: SgNode;
  target: SgNode;
  index: SgNode;
}

/** The helper a node lies in (`function f(a, b, c) {…}`, `var f = function (…) {…}`): its name and parameter names. */
function helperOf(node: SgNode): { name: string; params: string[]; fn: SgNode } | null {
  let fn = node.parent();
  while (fn && !functionKinds.has(String(fn.kind()))) fn = fn.parent();
  if (!fn) return null;
  const name =
    fn.kind() === "function_declaration"
      ? fn.field("name")?.text()
      : fn.parent()?.kind() === "variable_declarator"
        ? fn.parent()?.field("name")?.text()
        : undefined;
  const params = namedKids(fn.field("parameters")).map((p) => (p.kind() === "identifier" ? p.text() : ""));
  return name && params.length >= 2 ? { name, params, fn } : null;
}

/**
 * The file's writers by name, found in rounds: a helper handing its target and key to a writer is one too.
 * `writes`: the file's assignments to a subscript (`o[k] = v`), listed once for the scan as well.
 */
export function keyWriters(top: SgNode, writes: SgNode[]): Map<string, Writer> {
  const writers = new Map<string, Writer>();
  const refused = new Set<string>();
  const consider = (at: SgNode, targetArg: SgNode | null | undefined, keyArg: SgNode | null | undefined): boolean => {
    if (targetArg?.kind() !== "identifier" || keyArg?.kind() !== "identifier") return false;
    const h = helperOf(at);
    if (!h || writers.has(h.name) || refused.has(h.name)) return false;
    const target = h.params.indexOf(targetArg.text());
    const key = h.params.indexOf(keyArg.text());
    if (target < 0 || key < 0 || target === key) return false;
    if (guardText(h.fn.text())) {
      refused.add(h.name);
      return false;
    }
    writers.set(h.name, { target, key });
    return true;
  };
  for (const a of writes) {
    const left = a.field("left")!;
    consider(a, left.field("object"), left.field("index"));
  }
  for (let round = 0; round < 3; round++) {
    let grew = false;
    for (const c of writerCalls(top, writers)) if (consider(c.call, c.target, c.index)) grew = true;
    if (!grew) break;
  }
  return writers;
}

/** The calls of writers under `node`, with the target and key each is given. */
export function writerCalls(node: SgNode, writers: ReadonlyMap<string, Writer>): WriterCall[] {
  if (!writers.size) return [];
  const out: WriterCall[] = [];
  const names = `^(?:${[...writers.keys()].map((n) => n.replace(/\$/g, "\\$")).join("|")})$`;
  for (const call of node.findAll({ rule: { kind: "call_expression", has: { field: "function", kind: "identifier", regex: names } } })) {
    const w = writers.get(call.field("function")!.text());
    if (!w) continue;
    const args = namedKids(call.field("arguments"));
    const target = args[w.target];
    const index = args[w.key];
    if (target && index) out.push({ call, target, index });
  }
  return out;
}
