// File-level constants (`const DEBUG = false`, `static final boolean AUDIT = false`, module
// assignments made once) so that conditions on them prune dead branches inside functions.
import type { TNode } from "../syntax/node.ts";
import { named } from "../syntax/syntax-types.ts";
import { constEval, unknown } from "./static-conditions.ts";

const empty = new Map<string, unknown>();

function declarators(stmt: TNode): TNode[] {
  const k = stmt.kind() as string;
  if (k === "lexical_declaration") return stmt.children()[0]?.text() === "const" ? named(stmt).filter((c) => c.kind() === "variable_declarator") : [];
  if (k === "field_declaration") {
    const mods = named(stmt).find((c) => c.kind() === "modifiers");
    return mods && /\bfinal\b/.test(mods.text()) ? named(stmt).filter((c) => c.kind() === "variable_declarator") : [];
  }
  if (k === "const_declaration") return named(stmt).filter((c) => c.kind() === "const_spec");
  if (k === "expression_statement") {
    const a = named(stmt)[0];
    return a && a.kind() === "assignment" ? [a] : [];
  }
  if (k === "export_statement") {
    const d = stmt.field("declaration");
    return d ? declarators(d) : [];
  }
  return [];
}

/** Constants of the top level and of top-level class bodies; a name bound twice is not constant. */
export function fileConstants(root: TNode): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const seen = new Set<string>();
  const stmts: TNode[] = [];
  for (const c of named(root)) {
    const k = c.kind() as string;
    if (k === "class_declaration") stmts.push(...named(c.field("body")));
    else stmts.push(c);
  }
  for (const s of stmts) {
    for (const d of declarators(s)) {
      const name = d.field("name") ?? d.field("left");
      const value = d.field("value") ?? d.field("right");
      if (name?.kind() !== "identifier") continue;
      const key = name.text();
      if (seen.has(key)) {
        out.delete(key);
        continue;
      }
      seen.add(key);
      const v = value ? constEval(value.kind() === "expression_list" ? (named(value)[0] ?? value) : value, empty) : unknown;
      if (v !== unknown) out.set(key, v);
    }
  }
  return out;
}
