// The JavaScript and TypeScript syntax table (TSX too): node kinds by role, parameters and their decorators.
import type { TNode } from "./node.ts";
import type { Param, Role } from "./syntax-types.ts";
import { compareOps, named, typeText } from "./syntax-types.ts";

const jsRoles: Record<string, Role> = {
  function_declaration: "func",
  function_expression: "func",
  arrow_function: "func",
  method_definition: "func",
  generator_function_declaration: "func",
  generator_function: "func",
  program: "block",
  statement_block: "block",
  class_body: "block",
  if_statement: "if",
  variable_declarator: "decl",
  assignment_expression: "assign",
  augmented_assignment_expression: "augassign",
  call_expression: "call",
  new_expression: "new",
  member_expression: "member",
  subscript_expression: "index",
  identifier: "ident",
  shorthand_property_identifier: "ident",
  binary_expression: "binary",
  ternary_expression: "ternary",
  return_statement: "return",
  throw_statement: "terminal",
  break_statement: "terminal",
  continue_statement: "terminal",
  for_statement: "loop",
  while_statement: "loop",
  do_statement: "loop",
  for_in_statement: "forin",
  import_statement: "skip",
  comment: "skip",
  type_alias_declaration: "skip",
  interface_declaration: "skip",
  type_annotation: "skip",
  number: "skip",
  true: "skip",
  false: "skip",
  null: "skip",
  undefined: "skip",
  regex: "skip",
  string: "skip",
  with_statement: "opaque",
  unary_expression: "clean",
  try_statement: "try",
  update_expression: "clean",
  type_arguments: "skip",
  property_identifier: "skip",
  switch_body: "cases",
  pair: "pair",
  object: "object",
  template_string: "literal",
  array: "array",
};

/**
 * Names bound by a destructuring parameter (`{ searchParams }`, `{ a: b }`, `{ cmd = "ls" }`, `[from, to]`,
 * `{ cwd, ...flags }`, nested ones), as parameters of their own in the formal's `slot`.
 */
function patternParams(pat: TNode, slot: number, out: Param[]): void {
  const add = (n: TNode): void => void out.push({ name: n.text(), type: "", annotations: [], node: n, slot });
  for (const c of named(pat)) {
    const k = c.kind();
    if (k === "shorthand_property_identifier_pattern" || k === "identifier") add(c);
    else if (k === "pair_pattern") bound(c.field("value"), slot, out);
    else if (k === "object_assignment_pattern" || k === "assignment_pattern") bound(c.field("left"), slot, out);
    else if (k === "rest_pattern" || k === "object_pattern" || k === "array_pattern") bound(c, slot, out);
  }
}

/** What one binding position holds: a name, a pattern, a default (`x = 1`) or a rest (`...x`). */
function bound(n: TNode | null, slot: number, out: Param[]): void {
  const k = n?.kind();
  if (!n) return;
  if (k === "identifier" || k === "shorthand_property_identifier_pattern") out.push({ name: n.text(), type: "", annotations: [], node: n, slot });
  else if (k === "assignment_pattern" || k === "object_assignment_pattern") bound(n.field("left"), slot, out);
  else if (k === "rest_pattern") bound(named(n)[0] ?? null, slot, out);
  else if (k === "object_pattern" || k === "array_pattern") patternParams(n, slot, out);
}

/** A TypeScript parameter's decorators by name (`@Param("id") id`, `@Body() dto`: Param, Body), as Java's annotations. */
function paramDecorators(p: TNode): string[] {
  const out: string[] = [];
  for (const d of named(p)) {
    if (d.kind() !== "decorator") continue;
    const e = named(d)[0];
    const name = (e?.kind() === "call_expression" ? e.field("function") : e)?.text() ?? "";
    out.push(name.slice(name.lastIndexOf(".") + 1));
  }
  return out;
}

function jsParams(fn: TNode): Param[] {
  // `parameters` first: only an arrow function without parentheses has a single `parameter`.
  const list = fn.field("parameters");
  if (!list) {
    const single = fn.field("parameter");
    return single ? [{ name: single.text(), type: "", annotations: [], node: single, slot: 0 }] : [];
  }
  const out: Param[] = [];
  let slot = 0;
  for (const p of named(list)) {
    const k = p.kind();
    if (k === "comment") continue;
    if (k === "identifier") out.push({ name: p.text(), type: "", annotations: [], node: p, slot });
    else if (k === "required_parameter" || k === "optional_parameter") {
      // TypeScript: `cmd?: string`, `...args: string[]`, `{ cwd }: Options = {}`, `private readonly dir: string`.
      const pat = p.field("pattern");
      const pk = pat?.kind();
      // `function f(this: Window, cmd)`: a declared `this` takes no argument.
      if (pk === "this") continue;
      const rest = pk === "rest_pattern" ? named(pat!)[0] : null;
      if (rest?.kind() === "identifier") out.push({ name: rest.text(), type: typeText(p.field("type")), annotations: [], node: p, slot });
      else if (pk === "object_pattern" || pk === "array_pattern" || pk === "rest_pattern") bound(pat, slot, out);
      else out.push({ name: pk === "identifier" ? pat!.text() : "", type: typeText(p.field("type")), annotations: paramDecorators(p), node: p, slot });
    } else if (k === "assignment_pattern" && p.field("left")?.kind() === "identifier")
      out.push({ name: p.field("left")!.text(), type: "", annotations: [], node: p, slot });
    else bound(p, slot, out);
    slot++;
  }
  return out;
}

/** What JavaScript, TypeScript and TSX share; the registry (languages.ts) adds each one's rule language, prefix and parser. */
export const jsCommon = {
  roles: jsRoles,
  callKinds: [
    { kind: "call_expression", field: "function" },
    { kind: "new_expression", field: "constructor" },
  ],
  assignKind: "assignment_expression",
  memberFields: ["object", "property"] as [string, string],
  indexField: "object",
  cleanOps: new Set([...compareOps, "===", "!==", "instanceof", "in", "%", "**"]),
  params: jsParams,
  decorators: (): string[] => [],
  nestedAssign: true,
  ifInitializer: false,
  assignOp: (n: TNode): string | null => (n.kind() === "assignment_expression" ? "=" : null),
};
