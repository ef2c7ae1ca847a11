// A merge that descends through a local holding the target's value (prototype-pollution.ts): the jQuery-style
// `src = target[key]; … target[key] = extend(deep, src, copy)` or `target[key] = merge(src, val)`. With
// key `__proto__`, `src` is `Object.prototype` and the recursive call writes into it, exactly as
// `merge(target[key], val)` does. A value read through a helper (`get(target, key)`) is no alias: such a
// helper is where fixes put their key check.
import type { SgNode } from "@ast-grep/napi";

const passThrough = /^(?:ternary_expression|binary_expression|parenthesized_expression)$/;

/** Whether `value` is `alias`, or a ternary / `a || b` / `a && b` that can give one of `aliases` unchanged. */
function yieldsAlias(value: SgNode, aliases: Set<string>): boolean {
  if (value.kind() === "identifier") return aliases.has(value.text());
  if (!passThrough.test(String(value.kind()))) return false;
  if (value.kind() === "binary_expression" && !/^(?:\|\||&&|\?\?)$/.test(value.field("operator")?.text() ?? "")) return false;
  const parts = value.kind() === "ternary_expression" ? [value.field("consequence"), value.field("alternative")] : value.children().filter((c) => c.isNamed());
  return parts.some((p) => !!p && yieldsAlias(p, aliases));
}

/** Locals of `fn` that hold `t[key]` for a write target `t` and a source key (`isKey`), directly or passed on. */
function aliasesOf(fn: SgNode, targets: Set<string | undefined>, isKey: (member: SgNode) => boolean): Set<string> {
  const binds = fn.findAll({ rule: { any: [{ kind: "variable_declarator" }, { kind: "assignment_expression" }] } }).flatMap((d) => {
    const name = d.field(d.kind() === "variable_declarator" ? "name" : "left");
    const value = d.field(d.kind() === "variable_declarator" ? "value" : "right");
    return name?.kind() === "identifier" && value ? [{ name: name.text(), value }] : [];
  });
  const out = new Set<string>();
  for (const b of binds) if (b.value.kind() === "subscript_expression" && isKey(b.value) && targets.has(b.value.field("object")?.text())) out.add(b.name);
  for (let grew = out.size > 0; grew; ) {
    grew = false;
    for (const b of binds) {
      if (out.has(b.name) || !yieldsAlias(b.value, out)) continue;
      out.add(b.name);
      grew = true;
    }
  }
  return out;
}

/**
 * A call given such a local whose result is written back through a key (`t[key] = merge(src, v)`) or that
 * stands as its own statement (`merge(src, v)`): the descent into the target's value.
 */
export function aliasMerge(fn: SgNode, targets: Set<string | undefined>, isKey: (member: SgNode) => boolean): SgNode | null {
  const aliases = aliasesOf(fn, targets, isKey);
  if (!aliases.size) return null;
  for (const call of fn.findAll({ rule: { kind: "call_expression" } })) {
    const args = call.field("arguments")?.children() ?? [];
    if (!args.some((a) => a.kind() === "identifier" && aliases.has(a.text()))) continue;
    const parent = call.parent();
    if (parent?.kind() === "expression_statement") return call;
    const left = parent?.kind() === "assignment_expression" ? parent.field("left") : null;
    if (left?.kind() === "subscript_expression" && isKey(left) && targets.has(left.field("object")?.text())) return call;
  }
  return null;
}
