// The Go syntax table: node kinds by role and parameters.
import type { TNode } from "./node.ts";
import type { Param, Role, Syntax } from "./syntax-types.ts";
import { compareOps, named, typeText } from "./syntax-types.ts";

const goRoles: Record<string, Role> = {
  function_declaration: "func",
  method_declaration: "func",
  func_literal: "func",
  source_file: "block",
  block: "block",
  statement_list: "block",
  if_statement: "if",
  var_spec: "decl",
  assignment_statement: "assign",
  short_var_declaration: "assign",
  call_expression: "call",
  selector_expression: "member",
  index_expression: "index",
  identifier: "ident",
  binary_expression: "binary",
  keyed_element: "pair",
  return_statement: "return",
  break_statement: "terminal",
  continue_statement: "terminal",
  for_statement: "forin",
  import_declaration: "skip",
  package_clause: "skip",
  comment: "skip",
  type_declaration: "skip",
  int_literal: "skip",
  float_literal: "skip",
  true: "skip",
  false: "skip",
  nil: "skip",
  interpreted_string_literal: "skip",
  raw_string_literal: "skip",
  pointer_type: "skip",
  slice_type: "skip",
  map_type: "skip",
  array_type: "skip",
  struct_type: "skip",
  interface_type: "skip",
  function_type: "skip",
  channel_type: "skip",
  parameter_list: "skip",
  goto_statement: "opaque",
  field_identifier: "skip",
  type_identifier: "skip",
  qualified_type: "skip",
  inc_statement: "skip",
  expression_switch_statement: "cases",
  type_switch_statement: "cases",
};

function goParams(fn: TNode): Param[] {
  const out: Param[] = [];
  for (const p of named(fn.field("parameters"))) {
    if (p.kind() !== "parameter_declaration") continue;
    const type = typeText(p.field("type"));
    for (const c of named(p)) if (c.kind() === "identifier") out.push({ name: c.text(), type, annotations: [], node: p });
  }
  return out;
}

export const goSyntax: Syntax = {
  ruleLanguage: "go",
  prefix: "go",
  parseLang: "go",
  roles: goRoles,
  callKinds: [{ kind: "call_expression", field: "function" }],
  assignKind: "assignment_statement",
  memberFields: ["operand", "field"],
  indexField: "operand",
  cleanOps: new Set([...compareOps, "%", "&&", "||"]),
  params: goParams,
  decorators: () => [],
  nestedAssign: false,
  ifInitializer: true,
  assignOp: (n) => (n.kind() === "short_var_declaration" ? ":=" : null),
};
