// A merge that descends through a local holding the target's value (prototype-pollution.ts): the jQuery-style
// `src = target[key]; … target[key] = extend(deep, src, copy)` or `target[key] = merge(src, val)`. With
// key `__proto__`, `src` is `Object.prototype` and the recursive call writes into it, exactly as
// `merge(target[key], val)` does. A value read through a helper (`get(target, key)`) is no alias: such a
// helper is where fixes put their key check.
import type { SgNode } from "@ast-grep/napi";
import { nameOf } from "./prototype-pollution-walks.ts";

const passThrough = /^(?:ternary_expression|binary_expression|parenthesized_expression)$/;

/** Whether `value` is `alias`, or a ternary / `a || b` / `a && b` that can give one of `aliases` unchanged. */
function yieldsAlias(value: SgNode, aliases: Set<string>): boolean {
  if (value.kind() === "identifier") return aliases.has(value.text());
  if (!passThrough.test(String(value.kind()))) return false;
  if (value.kind() === "binary_expression" && !/^(?:\|\||&&|\?\?)$/.test(value.field("operator")?.text() ?? "")) return false;
  const parts = value.kind() === "ternary_expression" ? [value.field("consequence"), value.field("alternative")] : value.children().filter((c) => c.isNamed());
  return parts.some((p) => !!p && yieldsAlias(p, aliases));
}

/** The block a binding belongs to (its nearest statement block), as [start, end) offsets. */
function blockOf(n: SgNode): [number, number] {
  let p = n.parent();
  while (p && p.kind() !== "statement_block" && p.kind() !== "program") p = p.parent();
  const r = (p ?? n).range();
  return [r.start.index, r.end.index];
}

/**
 * Locals of `fn` that hold `t[key]` for a write target `t` and a source key (`isKey`), directly or passed on, each
 * with the blocks where such a binding is made: names are matched by text, so a use counts only inside one.
 */
function aliasesOf(fn: SgNode, targets: Set<string | undefined>, isKey: (member: SgNode) => boolean): Map<string, [number, number][]> {
  const binds = fn.findAll({ rule: { any: [{ kind: "variable_declarator" }, { kind: "assignment_expression" }] } }).flatMap((d) => {
    const name = d.field(d.kind() === "variable_declarator" ? "name" : "left");
    const value = d.field(d.kind() === "variable_declarator" ? "value" : "right");
    return name?.kind() === "identifier" && value ? [{ name: name.text(), value, block: blockOf(d) }] : [];
  });
  const out = new Map<string, [number, number][]>();
  const add = (b: (typeof binds)[number]): void => void out.set(b.name, [...(out.get(b.name) ?? []), b.block]);
  const used = new Set<(typeof binds)[number]>();
  for (const b of binds)
    if (b.value.kind() === "subscript_expression" && isKey(b.value) && targets.has(b.value.field("object")?.text())) {
      add(b);
      used.add(b);
    }
  for (let grew = out.size > 0; grew; ) {
    grew = false;
    for (const b of binds) {
      if (used.has(b) || !yieldsAlias(b.value, new Set(out.keys()))) continue;
      // `clone = src && isPlain(src) ? src : {}` in a branch still holds `src` after it: the block `src` was read in counts.
      const from = [...out.keys()].filter((n) => new RegExp(`(?<![\\w$.])${n.replace(/\$/g, "\\$")}(?![\\w$])`).test(b.value.text()));
      for (const n of from) for (const block of out.get(n)!) out.set(b.name, [...(out.get(b.name) ?? []), block]);
      add(b);
      used.add(b);
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
  const own = nameOf(fn);
  for (const call of fn.findAll({ rule: { kind: "call_expression" } })) {
    const args = (call.field("arguments")?.children() ?? []).filter((a) => a.isNamed());
    // The value merged into is a merge's first argument (`merge(src, val)`); the function's own recursive call may
    // take a flag first (`extend(deep, clone, copy)`). A local passed as what is copied (`assign(copy, src)`) is read only.
    // A merge is given what it merges in beside the value it merges into: `wrap(schema)` alone only rewrites a value.
    if (args.length < 2) continue;
    const recursive = !!own && call.field("function")?.text() === own;
    const at = call.range().start.index;
    const held = (a: SgNode): boolean => a.kind() === "identifier" && !!aliases.get(a.text())?.some(([from, to]) => from <= at && at < to);
    if (!(recursive ? args : args.slice(0, 1)).some(held)) continue;
    const parent = call.parent();
    if (parent?.kind() === "expression_statement") return call;
    const left = parent?.kind() === "assignment_expression" ? parent.field("left") : null;
    if (left?.kind() === "subscript_expression" && isKey(left) && targets.has(left.field("object")?.text())) return call;
  }
  return null;
}
