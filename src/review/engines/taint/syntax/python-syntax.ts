// The Python syntax table: node kinds by role, parameters and decorators.
import type { TNode } from "./node.ts";
import type { Param, Role, Syntax } from "./syntax-types.ts";
import { compareOps, named, typeText } from "./syntax-types.ts";

const pyRoles: Record<string, Role> = {
  function_definition: "func",
  lambda: "func",
  module: "block",
  block: "block",
  if_statement: "if",
  try_statement: "try",
  assignment: "assign",
  augmented_assignment: "augassign",
  call: "call",
  attribute: "member",
  subscript: "index",
  identifier: "ident",
  binary_operator: "binary",
  comparison_operator: "clean",
  not_operator: "clean",
  conditional_expression: "ternary",
  return_statement: "return",
  raise_statement: "terminal",
  break_statement: "terminal",
  continue_statement: "terminal",
  while_statement: "loop",
  for_statement: "forin",
  list_comprehension: "comprehension",
  set_comprehension: "comprehension",
  dictionary_comprehension: "comprehension",
  generator_expression: "comprehension",
  import_statement: "skip",
  import_from_statement: "skip",
  comment: "skip",
  keyword_argument: "kwarg",
  pair: "pair",
  integer: "skip",
  float: "skip",
  true: "skip",
  false: "skip",
  none: "skip",
  decorator: "skip",
  type: "skip",
  class_definition: "block",
  decorated_definition: "block",
  match_statement: "cases",
  string: "literal",
  list: "array",
  as_pattern: "alias",
};

function pyParams(fn: TNode): Param[] {
  const out: Param[] = [];
  for (const p of named(fn.field("parameters"))) {
    const k = p.kind();
    if (k === "identifier") out.push({ name: p.text(), type: "", annotations: [], node: p });
    else if (k === "list_splat_pattern" || k === "dictionary_splat_pattern")
      // `*args`, `**kwargs`: a tuple and a dict of what the caller passed.
      out.push({ name: named(p)[0]?.text() ?? "", type: "", annotations: [], node: p });
    else if (k === "typed_parameter") {
      // `cmd: str`, and `*args: str` (the type is each element's).
      const first = named(p)[0];
      const id = first?.kind() === "identifier" ? first : first && /splat/.test(first.kind()) ? named(first)[0] : null;
      out.push({ name: id?.text() ?? "", type: typeText(p.field("type")), annotations: [], node: p });
    } else if (k === "default_parameter" || k === "typed_default_parameter") {
      out.push({ name: p.field("name")?.text() ?? "", type: typeText(p.field("type")), annotations: [], node: p });
    }
  }
  return out;
}

function pyDecorators(fn: TNode): string[] {
  const parent = fn.parent();
  if (parent?.kind() !== "decorated_definition") return [];
  return named(parent)
    .filter((c) => c.kind() === "decorator")
    .map((d) => d.text());
}

export const pythonSyntax: Syntax = {
  ruleLanguage: "python",
  prefix: "py",
  parseLang: "python",
  roles: pyRoles,
  callKinds: [{ kind: "call", field: "function" }],
  assignKind: "assignment",
  memberFields: ["object", "attribute"],
  indexField: "value",
  // `/` joins pathlib paths (BASE / name): the result is as tainted as the name.
  cleanOps: new Set(compareOps.filter((o) => o !== "/")),
  params: pyParams,
  decorators: pyDecorators,
  nestedAssign: false,
  ifInitializer: false,
  // `x = v`, `x: T` or `x: T = v`: the first token is ':' exactly when there is a type.
  assignOp: (n) => (n.kind() === "assignment" ? (n.field("type") ? ":" : "=") : null),
};
