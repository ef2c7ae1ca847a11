// Where a JavaScript value or pattern reaches inside one file: the call sites of a function the
// module keeps to itself, and the uses of a pattern kept in a name (`const LINE = /…/`). ReDoS reach
// (redos-reach.ts) follows them to judge the strings a pattern meets.
import type { SgNode } from "@ast-grep/napi";

/**
 * Whether the module may hand `name` to others: an export naming it, or a default export of it. Looser than
 * the taint engine's `exportedNames` on purpose (any `exports… = name…`, not only a whole statement): here
 * a name wrongly taken for exported keeps a finding, where there it would add one.
 */
function exported(source: string, name: string): boolean {
  const n = name.replace(/\$/g, "\\$");
  return new RegExp(
    `\\bexports(?:\\.[\\w$]+|\\[[^\\]]+\\])?\\s*=\\s*${n}\\b|` +
      `\\bexport\\s+(?:default\\s+|async\\s+)?(?:function\\*?\\s+|const\\s+|let\\s+|var\\s+|class\\s+)?${n}\\b|` +
      `\\bexports\\s*=\\s*\\{[^{}]*\\b${n}\\b|\\bexport\\s*\\{[^{}]*\\b${n}\\b`,
  ).test(source);
}

/** The name a function is declared under (`function f`, `const f = function|arrow`), else null. */
function declaredName(fn: SgNode): string | null {
  if (fn.kind() === "function_declaration") return fn.field("name")?.text() ?? null;
  const up = fn.parent();
  if (up?.kind() === "variable_declarator" && up.field("value")?.id() === fn.id()) {
    const name = up.field("name");
    return name?.kind() === "identifier" ? name.text() : null;
  }
  return null;
}

/** Every identifier `name` in the file except the declaration itself. */
function references(root: SgNode, name: string, declaration: SgNode): SgNode[] {
  return root.findAll({ rule: { kind: "identifier", regex: `^${name.replace(/\$/g, "\\$")}$` } }).filter((r) => r.id() !== declaration.id());
}

/**
 * The arguments at position `index` of every call of `fn` in the file, when the module keeps `fn` to
 * itself and only calls it by name; null when anyone else may call it (it is exported, passed on,
 * stored or a method) or nobody does.
 */
export function callSiteArguments(fn: SgNode, index: number): SgNode[] | null {
  const name = declaredName(fn);
  if (!name) return null;
  const root = fn.getRoot().root();
  if (exported(root.text(), name)) return null;
  const decl = fn.kind() === "function_declaration" ? fn.field("name")! : fn.parent()!.field("name")!;
  const out: SgNode[] = [];
  for (const r of references(root, name, decl)) {
    const call = r.parent();
    if (call?.kind() !== "call_expression" || call.field("function")?.id() !== r.id()) return null;
    const arg = call
      .field("arguments")
      ?.children()
      .filter((c) => c.isNamed())[index];
    if (!arg || arg.kind() === "spread_element") return null;
    out.push(arg);
  }
  return out.length ? out : null;
}

/**
 * The places a pattern kept under a name is applied (`LINE.test(s)`, `s.match(LINE)`), as the nodes
 * standing where the literal would: null when the name is exported, reassigned, or used any other way.
 */
export function patternUses(re: SgNode): SgNode[] | null {
  const decl = re.parent();
  if (decl?.kind() !== "variable_declarator" || decl.field("value")?.id() !== re.id()) return null;
  const name = decl.field("name");
  if (name?.kind() !== "identifier") return null;
  const root = re.getRoot().root();
  if (exported(root.text(), name.text())) return null;
  const uses = references(root, name.text(), name);
  return uses.length ? uses : null;
}
