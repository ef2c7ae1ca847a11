// The shapes the per-language syntax tables share (roles, parameters, the table itself) and the helpers they read nodes with.
import type { TNode } from "./node.ts";

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
  | "object"
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
  /** What return sinks' `returnFrom` regexes test when it is not the decorators (Java: syntax/java-syntax.ts), read only for them. */
  returnTexts?(fn: TNode): string[];
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

export const compareOps = ["==", "!=", "<", ">", "<=", ">=", "-", "*", "/", "<<", ">>", "&", "|", "^"];

export function named(n: TNode | null): TNode[] {
  return n ? n.named() : [];
}

/** A Python keyword argument's name (`cwd` of `cwd=root`); null for any other argument. */
export function keywordName(arg: TNode): string | null {
  return arg.kind() === "keyword_argument" ? (arg.field("name")?.text() ?? null) : null;
}

/** The keyword argument so named among a call's arguments, if it is passed. */
export function keywordArg(args: TNode[], name: string): TNode | undefined {
  return args.find((x) => keywordName(x) === name);
}

export function typeText(n: TNode | null): string {
  return n ? n.text().replace(/^:\s*/, "").replace(/\s+/g, "") : "";
}
