// Callbacks a library hands untrusted data to (rules `callbacks`): an archive reader's entries, whose names the
// archive's author chose (`zip.on("entry", (entry) => ...)`, `tar.t({ onentry(entry) { ... } })`). The listed
// parameters are sources where the function is such a callback; with `members`, only those members carry the data
// (`entry.path`, not `entry.size`), as a Koa context's request members do (evaluators/reads.ts).
import type { TNode } from "../syntax/node.ts";
import type { Value } from "../model/state.ts";
import { sourceTaint } from "../model/state.ts";
import type { Analyzer } from "../driver/analyzer.ts";
import type { CallbackSpec } from "../syntax/rule-specs.ts";
import { named } from "../syntax/syntax-types.ts";

const quoted = /^(["'`])(.*)\1$/s;

/** The call `fn` is handed to, the argument that holds it, and the key it is under (null: positional). */
function handedTo(fn: TNode): { call: TNode; arg: TNode; key: string | null } | null {
  let arg = fn;
  let key: string | null = null;
  let up = fn.parent();
  // `{ onentry: (e) => ... }` or `{ onentry(e) { ... } }`: the object is the argument.
  if (up?.kind() === "pair" && up.field("value")?.id() === fn.id()) key = up.field("key")?.text() ?? null;
  else if (fn.kind() === "method_definition") key = fn.field("name")?.text() ?? null;
  if (key !== null) {
    const obj = fn.kind() === "method_definition" ? up : up!.parent();
    if (obj?.kind() !== "object") return null;
    arg = obj;
    up = obj.parent();
    key = key.replace(quoted, "$2");
  }
  const call = up?.kind() === "arguments" ? up.parent() : null;
  return call && (call.kind() === "call_expression" || call.kind() === "new_expression") ? { call, arg, key } : null;
}

/** The callback specs `fn` matches, with the place of the argument holding it. */
function specsFor(a: Analyzer, fn: TNode): CallbackSpec[] {
  const table = a.rules.callbacks;
  if (!table || (a.syn.prefix !== "js" && a.syn.prefix !== "ts")) return [];
  const at = handedTo(fn);
  if (!at) return [];
  const isNew = at.call.kind() === "new_expression";
  const callee = at.call.field(isNew ? "constructor" : "function");
  if (!callee) return [];
  const specs = table.lookup(`${isNew ? "new " : ""}${callee.text().replace(/\s+/g, "")}`);
  if (!specs) return [];
  const args = named(at.call.field("arguments")!);
  const literal = (i: number): string | null => {
    const lit = args[i];
    return lit && (lit.kind() === "string" || lit.kind() === "template_string") ? lit.text().replace(quoted, "$2") : null;
  };
  return specs.filter((s) => {
    if (at.key === null ? s.keys !== null : !s.keys?.has(at.key)) return false;
    if (s.whenNot) {
      // The event must be named, and not one of the emitter's own.
      const name = literal(s.whenNot.arg);
      if (name === null || s.whenNot.equals.has(name)) return false;
    }
    return !s.when || literal(s.when.arg) === s.when.equals;
  });
}

/** True when `fn` is a callback some of whose parameters are sources. */
export function isSourceCallback(a: Analyzer, fn: TNode): boolean {
  return specsFor(a, fn).length > 0;
}

/** The values of `fn`'s source parameters by position, when it is such a callback; null when it is none. */
export function callbackParams(a: Analyzer, fn: TNode): Map<number, Value> | null {
  const specs = specsFor(a, fn);
  if (!specs.length) return null;
  const params = a.syn.params(fn);
  const out = new Map<number, Value>();
  for (const s of specs) {
    for (const i of s.params) {
      const p = params[i];
      if (!p?.name || out.has(i)) continue;
      const v = sourceTaint(p.node, s.spec.id, s.spec.confidence, "param", s.spec.mask);
      out.set(i, s.members ? { ...v, fields: s.members } : v);
    }
  }
  return out;
}
