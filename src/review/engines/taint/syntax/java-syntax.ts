// The Java syntax table: node kinds by role and parameters (with their annotations).
import type { TNode } from "./node.ts";
import type { Param, Role, Syntax } from "./syntax-types.ts";
import { compareOps, named, typeText } from "./syntax-types.ts";

const javaRoles: Record<string, Role> = {
  method_declaration: "func",
  constructor_declaration: "func",
  lambda_expression: "func",
  program: "block",
  block: "block",
  class_body: "block",
  constructor_body: "block",
  class_declaration: "block",
  if_statement: "if",
  variable_declarator: "decl",
  assignment_expression: "assign",
  try_statement: "try",
  try_with_resources_statement: "try",
  method_invocation: "call",
  object_creation_expression: "new",
  field_access: "member",
  array_access: "index",
  identifier: "ident",
  binary_expression: "binary",
  ternary_expression: "ternary",
  return_statement: "return",
  throw_statement: "terminal",
  break_statement: "terminal",
  continue_statement: "terminal",
  for_statement: "loop",
  while_statement: "loop",
  do_statement: "loop",
  enhanced_for_statement: "forin",
  import_declaration: "skip",
  package_declaration: "skip",
  line_comment: "skip",
  block_comment: "skip",
  decimal_integer_literal: "skip",
  true: "skip",
  false: "skip",
  null_literal: "skip",
  string_literal: "skip",
  character_literal: "skip",
  array_type: "skip",
  scoped_type_identifier: "skip",
  formal_parameters: "skip",
  instanceof_expression: "clean",
  modifiers: "skip",
  type_identifier: "skip",
  generic_type: "skip",
  integral_type: "skip",
  marker_annotation: "skip",
  annotation: "skip",
  unary_expression: "clean",
  update_expression: "clean",
  switch_block: "cases",
  array_initializer: "array",
};

function javaParams(fn: TNode): Param[] {
  const out: Param[] = [];
  const ps = fn.field("parameters");
  if (ps?.kind() === "identifier") return [{ name: ps.text(), type: "", annotations: [], node: ps }];
  for (const p of named(ps)) {
    const k = p.kind();
    if (k === "identifier") {
      out.push({ name: p.text(), type: "", annotations: [], node: p });
      continue;
    }
    if (k !== "formal_parameter" && k !== "spread_parameter") continue;
    const mods = named(p).find((c) => c.kind() === "modifiers");
    const annotations = named(mods ?? null)
      .filter((a) => (a.kind() as string).endsWith("annotation"))
      .map((a) => a.field("name")?.text() ?? "");
    out.push({ name: p.field("name")?.text() ?? "", type: typeText(p.field("type")), annotations, node: p });
  }
  return out;
}

/** Annotation texts of a declaration's modifiers (`@GetMapping("/a")`, `@RestController`). */
function annotationsOf(decl: TNode | null): string {
  const mods = named(decl).find((c) => c.kind() === "modifiers");
  return named(mods ?? null)
    .filter((c) => c.kind() === "annotation" || c.kind() === "marker_annotation")
    .map((c) => c.text().replace(/\s+/g, " "))
    .join(" ");
}

/**
 * A method's text for return sinks: one text of three lines, `class: <its class's annotations>`,
 * `method: <its own>` and `returns: <its return type>`, so that one rule's regex can ask for all three (a Spring
 * controller's mapped method returning a String).
 */
function javaReturnTexts(fn: TNode): string[] {
  if (fn.kind() !== "method_declaration") return [];
  let cls = fn.parent();
  while (cls && cls.kind() !== "class_declaration") cls = cls.parent();
  return [`class: ${annotationsOf(cls)}\nmethod: ${annotationsOf(fn)}\nreturns: ${fn.field("type")?.text() ?? ""}`];
}

export const javaSyntax: Syntax = {
  ruleLanguage: "java",
  prefix: "java",
  parseLang: "java",
  roles: javaRoles,
  callKinds: [
    { kind: "method_invocation", field: "name" },
    { kind: "object_creation_expression", field: "type" },
  ],
  assignKind: "assignment_expression",
  memberFields: ["object", "field"],
  indexField: "array",
  cleanOps: new Set([...compareOps, "%", "&&", "||"]),
  params: javaParams,
  decorators: () => [],
  returnTexts: javaReturnTexts,
  nestedAssign: true,
  ifInitializer: false,
  assignOp: () => null,
};
