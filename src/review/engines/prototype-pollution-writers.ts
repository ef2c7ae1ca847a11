// A set-by-path walk that writes through a helper of its file (`assignValue(nested, key, value)`, whose body does
// `object[key] = value`) writes as surely as one that assigns inline: utility libraries route every write through
// one such helper. A helper counts as a writer when it assigns through two of its parameters, as target and key,
// or hands both on to another writer; one that refuses `__proto__` and `constructor` or `prototype` itself does not.
import type { SgNode } from "@ast-grep/napi";
import { guardText } from "./prototype-pollution-guards.ts";

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

const namedKids = (n: SgNode | null): SgNode[] => n?.children().filter((c) => c.isNamed() && c.kind() !== "comment") ?? [];

/** A declared helper (`function f(a, b, c) {…}`, `var f = function (…) {…}`): its name, parameter names and body. */
function helpers(top: SgNode): { name: string; params: string[]; body: SgNode }[] {
  const out: { name: string; params: string[]; body: SgNode }[] = [];
  for (const fn of top.findAll({
    rule: { any: [{ kind: "function_declaration" }, { kind: "function_expression", inside: { kind: "variable_declarator" } }] },
  })) {
    const name = fn.kind() === "function_declaration" ? fn.field("name")?.text() : fn.parent()?.field("name")?.text();
    const body = fn.field("body");
    const params = namedKids(fn.field("parameters")).map((p) => (p.kind() === "identifier" ? p.text() : ""));
    if (name && body && params.length >= 2) out.push({ name, params, body });
  }
  return out;
}

/** The file's writers by name, found in rounds: a helper handing its target and key to a writer is one too. */
export function keyWriters(top: SgNode): Map<string, Writer> {
  const writers = new Map<string, Writer>();
  const candidates = helpers(top).filter((h) => !guardText(h.body.text()));
  for (let round = 0; round < 3; round++) {
    let grew = false;
    for (const h of candidates) {
      if (writers.has(h.name)) continue;
      const pos = (n: SgNode | null | undefined): number => (n?.kind() === "identifier" ? h.params.indexOf(n.text()) : -1);
      let found: Writer | null = null;
      for (const a of h.body.findAll({ rule: { kind: "assignment_expression", has: { field: "left", kind: "subscript_expression" } } })) {
        const left = a.field("left")!;
        const target = pos(left.field("object"));
        const key = pos(left.field("index"));
        if (target >= 0 && key >= 0 && target !== key) found = { target, key };
      }
      if (!found)
        for (const c of writerCalls(h.body, writers)) {
          const target = pos(c.target);
          const key = pos(c.index);
          if (target >= 0 && key >= 0 && target !== key) found = { target, key };
        }
      if (found) {
        writers.set(h.name, found);
        grew = true;
      }
    }
    if (!grew) break;
  }
  return writers;
}

/** The calls of writers under `node`, with the target and key each is given. */
export function writerCalls(node: SgNode, writers: ReadonlyMap<string, Writer>): WriterCall[] {
  if (!writers.size) return [];
  const out: WriterCall[] = [];
  for (const call of node.findAll({ rule: { kind: "call_expression", has: { field: "function", kind: "identifier" } } })) {
    const w = writers.get(call.field("function")!.text());
    if (!w) continue;
    const args = namedKids(call.field("arguments"));
    const target = args[w.target];
    const index = args[w.key];
    if (target && index) out.push({ call, target, index });
  }
  return out;
}
