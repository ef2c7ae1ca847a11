// Static values of conditions, so that branches that can never run are not analysed.
import type { TNode } from "../syntax/node.ts";
import { named } from "../syntax/syntax-types.ts";

export const unknown: unique symbol = Symbol("unknown");
export type Const = string | number | boolean | null | typeof unknown;

const numberKinds = new Set(["number", "integer", "int_literal", "decimal_integer_literal", "float", "float_literal"]);
/** Calls and subscripts that can compute a constant from constants (evaluators/constant-values.ts). */
const callKinds = new Set(["method_invocation", "call", "call_expression", "subscript", "subscript_expression"]);
const stringKinds = new Set(["string", "interpreted_string_literal", "raw_string_literal", "string_literal"]);

/** An operator token: punctuation, or one or two words (`in`, `not in`, `is not`, `typeof`); no comment. */
const operatorToken = /^(?:[!%&*+\-./:<=>?@^|~]+|[A-Za-z]+(?: +[A-Za-z]+)?)$/;

/**
 * The operator of a node whose named children were read already, from their texts: the text between
 * the two operands (`a + b`), or beside the one (`!x`, `x++`). Wrapping the operator's own node (or
 * every child, where it is no field) costs more than the texts, mostly read already. Undefined when
 * the texts leave any doubt (a comment, a third operand): the tree is asked then.
 */
function operatorFromText(node: TNode): string | undefined {
  const parts = node.namedIfRead();
  if (!parts || parts.length < 1 || parts.length > 2) return undefined;
  const t = node.text();
  const l = parts.length === 2 ? parts[0]!.text() : "";
  const r = parts[parts.length - 1]!.text();
  if (r === "" || (parts.length === 2 && l === "")) return undefined;
  if (parts.length === 1) {
    const at = t.indexOf(r);
    if (at < 0 || t.indexOf(r, at + 1) >= 0) return undefined;
    const before = t.slice(0, at).trim();
    const after = t.slice(at + r.length).trim();
    const op = before && after ? "" : before || after;
    return operatorToken.test(op) ? op : undefined;
  }
  if (t.length < l.length + r.length || !t.startsWith(l) || !t.endsWith(r)) return undefined;
  const op = t.slice(l.length, t.length - r.length).trim();
  return operatorToken.test(op) ? op : undefined;
}

/** Operator of a binary-like node: the `operator` field, else the first anonymous child. */
export function operatorOf(node: TNode): string {
  const known = operatorFromText(node);
  if (known !== undefined) return known;
  const f = node.field("operator");
  if (f) return f.text();
  for (const c of node.children()) if (!c.isNamed()) return c.text();
  return "";
}

/** Constants by name: a Map, or the analysis' ConstMap. */
export interface ConstLookup {
  has(name: string): boolean;
  get(name: string): unknown;
}

export function constEval(node: TNode, consts: ConstLookup, depth = 0): Const {
  if (depth > 64) return unknown;
  const kind = node.kind() as string;
  if (numberKinds.has(kind)) {
    const n = Number(
      node
        .text()
        .replace(/_/g, "")
        .replace(/[lLfFdD]$/, ""),
    );
    return Number.isNaN(n) ? unknown : n;
  }
  if (kind === "true" || kind === "True") return true;
  if (kind === "false" || kind === "False") return false;
  if (kind === "null" || kind === "none" || kind === "nil" || kind === "null_literal" || kind === "undefined") return null;
  if (stringKinds.has(kind)) {
    const t = node.text();
    if (/[{$]/.test(t) && kind === "string") return unknown;
    return t.length >= 2 ? t.slice(1, -1) : unknown;
  }
  if (kind === "character_literal") {
    const t = node.text();
    return t.length === 3 ? t[1]! : unknown;
  }
  if (callKinds.has(kind)) return constCall(node, (n) => constEval(n, consts, depth + 1));
  if (kind === "identifier") {
    const name = node.text();
    return consts.has(name) ? (consts.get(name) as Const) : unknown;
  }
  if (kind === "parenthesized_expression") {
    const inner = named(node)[0];
    return inner ? constEval(inner, consts, depth + 1) : unknown;
  }
  if (kind === "unary_expression" || kind === "not_operator") {
    const arg = node.field("argument") ?? node.field("operand") ?? named(node)[0];
    if (!arg) return unknown;
    const v = constEval(arg, consts, depth + 1);
    if (v === unknown) return unknown;
    const op = kind === "not_operator" ? "!" : operatorOf(node);
    if (op === "!" || op === "not") return !v;
    if (op === "-" && typeof v === "number") return -v;
    return unknown;
  }
  if (kind === "binary_expression" || kind === "binary_operator" || kind === "comparison_operator" || kind === "boolean_operator") {
    const parts = named(node);
    if (parts.length !== 2) return unknown;
    const op = operatorOf(node);
    const a = constEval(parts[0]!, consts, depth + 1);
    const b = constEval(parts[1]!, consts, depth + 1);
    // One known falsy operand decides `and`, one known truthy operand decides `or`.
    if (op === "&&" || op === "and") {
      if ((a !== unknown && !a) || (b !== unknown && !b)) return false;
    } else if (op === "||" || op === "or") {
      if ((a !== unknown && a) || (b !== unknown && b)) return true;
    }
    if (a === unknown || b === unknown) return unknown;
    return applyOp(op, a, b);
  }
  return unknown;
}

function applyOp(op: string, a: Exclude<Const, typeof unknown>, b: Exclude<Const, typeof unknown>): Const {
  const x = a as number;
  const y = b as number;
  switch (op) {
    case "+":
      return typeof a === typeof b ? x + y : unknown;
    case "-":
      return x - y;
    case "*":
      return x * y;
    case "/":
      return y === 0 ? unknown : x / y;
    case "%":
      return y === 0 ? unknown : x % y;
    case "==":
    case "===":
      return a === b;
    case "!=":
    case "!==":
      return a !== b;
    case "<":
      return x < y;
    case ">":
      return x > y;
    case "<=":
      return x <= y;
    case ">=":
      return x >= y;
    case "&&":
    case "and":
      return Boolean(a) && Boolean(b);
    case "||":
    case "or":
      return Boolean(a) || Boolean(b);
    default:
      return unknown;
  }
}

type Eval = (n: TNode) => Const;

const num = (v: Const): v is number => typeof v === "number" && Number.isInteger(v);

/** A string method or function applied to constants; `unknown` otherwise. */
function apply(name: string, recv: Const, args: Const[]): Const {
  if (recv === unknown && name === "len" && typeof args[0] === "string") return args[0].length;
  if (typeof recv !== "string" || args.some((a) => a === unknown)) return unknown;
  const [x, y] = args;
  switch (name) {
    case "charAt":
      return num(x) && x >= 0 && x < recv.length ? recv[x]! : unknown;
    case "substring":
    case "slice":
    case "substr":
      if (!num(x) || (y !== undefined && !num(y))) return unknown;
      return name === "substr"
        ? recv.substr(x, y as number | undefined)
        : name === "slice"
          ? recv.slice(x, y as number | undefined)
          : recv.substring(x, y as number | undefined);
    case "toUpperCase":
    case "upper":
      return recv.toUpperCase();
    case "toLowerCase":
    case "lower":
      return recv.toLowerCase();
    case "trim":
    case "strip":
      return recv.trim();
    case "length":
      return recv.length;
    default:
      return unknown;
  }
}

/** The constant value of a call or subscript node (constEval asks for these kinds), or `unknown`. */
function constCall(node: TNode, ev: Eval): Const {
  const kind = node.kind();
  if (kind === "subscript" || kind === "subscript_expression") {
    const [obj, idx] = named(node);
    if (!obj || !idx || named(node).length !== 2) return unknown;
    const s = ev(obj);
    const i = ev(idx);
    if (typeof s !== "string" || !num(i)) return unknown;
    const p = i < 0 ? s.length + i : i;
    return p >= 0 && p < s.length ? s[p]! : unknown;
  }
  let recv: TNode | null = null;
  let name = "";
  if (kind === "method_invocation") {
    recv = node.field("object");
    name = node.field("name")?.text() ?? "";
  } else {
    const fn = node.field("function");
    if (!fn) return unknown;
    if (fn.kind() === "identifier") name = fn.text();
    else if (fn.kind() === "attribute" || fn.kind() === "member_expression") {
      recv = fn.field("object");
      name = (fn.field("attribute") ?? fn.field("property"))?.text() ?? "";
    } else return unknown;
  }
  if (!/^(?:charAt|substring|slice|substr|toUpperCase|upper|toLowerCase|lower|trim|strip|length|len)$/.test(name)) return unknown;
  const args = named(node.field("arguments")).map(ev);
  return apply(name, recv ? ev(recv) : unknown, args);
}
