// Per-language syntax tables: which tree-sitter node kinds play which role in the analysis.
import { Lang } from "@ast-grep/napi";
import type { TNode } from "./node.ts";
import { ensureParsers } from "../../../languages.ts";

export type Role =
  | "func"
  | "block"
  | "if"
  | "decl"
  | "assign"
  | "augassign"
  | "call"
  | "new"
  | "member"
  | "index"
  | "ident"
  | "clean"
  | "binary"
  | "ternary"
  | "return"
  | "terminal"
  | "loop"
  | "forin"
  | "comprehension"
  | "skip"
  | "kwarg"
  | "opaque"
  | "cases"
  | "pair"
  | "literal"
  | "array"
  | "try"
  | "alias";

export interface Param {
  name: string;
  type: string;
  annotations: string[];
  node: TNode;
  /**
   * The formal parameter it is bound from, where that differs from its index in the list (JavaScript:
   * a destructuring formal binds several names): arguments are matched by slot (`slotOf`).
   */
  slot?: number;
}

/** The position of the argument a parameter (index `i` in its function's list) is bound from. */
export const slotOf = (p: Param, i: number): number => p.slot ?? i;

/** How many positional arguments a parameter list takes (destructuring formals count once). */
export function slotCount(params: readonly Param[]): number {
  let n = 0;
  params.forEach((p, i) => {
    n = Math.max(n, slotOf(p, i) + 1);
  });
  return n;
}

export interface Syntax {
  /** Rule directory under src/review/rules. */
  ruleLanguage: string;
  /** Rule id prefix: js, ts, py, go, java. */
  prefix: string;
  parseLang: string;
  roles: Record<string, Role>;
  /** Kinds of call-like nodes and the field holding their callee (for the native prefilter). */
  callKinds: { kind: string; field: string }[];
  assignKind: string;
  memberFields: [object: string, property: string];
  indexField: string;
  /** Binary operators whose result carries no data from the operands (comparisons, arithmetic). */
  cleanOps: Set<string>;
  params(fn: TNode): Param[];
  decorators(fn: TNode): string[];
  /** Assignments can sit inside expressions (`f(x = 1)`), not only in statements. */
  nestedAssign: boolean;
  /** An `if` may start with a statement of its own (`if x := f(); x > 0`): its `initializer` field. */
  ifInitializer: boolean;
  /**
   * The operator of an assignment whose grammar fixes it, else null (then the first anonymous child
   * is read: every child wrapped, a native call each). Checked against the generic reading in tests.
   */
  assignOp(node: TNode): string | null;
}

/**
 * Registers the engine's dynamic grammars; safe to call many times. One helper (languages.ts) does it
 * for the whole engine: napi keeps only the first registration of a process.
 */
export function ensureLanguages(): void {
  ensureParsers();
}

const compareOps = ["==", "!=", "<", ">", "<=", ">=", "-", "*", "/", "<<", ">>", "&", "|", "^"];

function named(n: TNode | null): TNode[] {
  return n ? n.named() : [];
}

function typeText(n: TNode | null): string {
  return n ? n.text().replace(/^:\s*/, "").replace(/\s+/g, "") : "";
}

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

const jsCommon = {
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

const syntaxes: Record<string, Syntax> = {
  javascript: { ...jsCommon, ruleLanguage: "javascript", prefix: "js", parseLang: Lang.JavaScript },
  typescript: { ...jsCommon, ruleLanguage: "typescript", prefix: "ts", parseLang: Lang.TypeScript },
  tsx: { ...jsCommon, ruleLanguage: "typescript", prefix: "ts", parseLang: Lang.Tsx },
  python: {
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
  },
  go: {
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
  },
  java: {
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
    nestedAssign: true,
    ifInitializer: false,
    assignOp: () => null,
  },
};

// A function's parameters are asked for several times (whether its scope has a source, its walk,
// its description as a callee): read from the tree once per node.
for (const syn of Object.values(syntaxes)) {
  const read = syn.params;
  const known = new WeakMap<TNode, Param[]>();
  syn.params = (fn) => {
    let ps = known.get(fn);
    if (!ps) known.set(fn, (ps = read(fn)));
    return ps;
  };
}

export function syntaxFor(language: string): Syntax | undefined {
  return syntaxes[language];
}

export const supportedLanguages: ReadonlySet<string> = new Set(Object.keys(syntaxes));

export { named };
