// Allow-list checks in conditions: which variables are known safe on the branch being entered.
import type { TNode } from "./node.ts";
import type { Syntax } from "./langs.ts";
import { named } from "./langs.ts";
import type { CompiledRules } from "./rules.ts";
import { operatorOf } from "./consts.ts";

const literalKinds = new Set([
  "string", "number", "integer", "int_literal", "interpreted_string_literal", "raw_string_literal",
  "string_literal", "decimal_integer_literal", "true", "false",
]);

function identName(n: TNode | undefined | null, syn: Syntax): string | null {
  return n && syn.roles[n.kind()] === "ident" ? n.text() : null;
}

/** A URL's host read through a parser: `urlparse(u).netloc`, `urlsplit(u).hostname`, `URI.create(u).getHost()`. */
const hostParsers = /^(urllib\.parse\.)?(urlparse|urlsplit)$|^(java\.net\.)?URI\.create$|^new(java\.net\.)?(URI|URL)$/;
const hostMembers = new Set(["netloc", "hostname", "host", "getHost", "getAuthority"]);

/** The variable whose URL host `n` is, when `n` reads the host of a parsed variable; else `n` as a variable. */
function checkedName(n: TNode, syn: Syntax): string | null {
  const own = identName(n, syn);
  if (own) return own;
  // A compiled regex applied to a variable: PATTERN.matcher(p).matches() checks p.
  if (n.kind() === "method_invocation" && n.field("name")?.text() === "matcher") {
    const args = named(n.field("arguments"));
    return args.length === 1 ? identName(args[0], syn) : null;
  }
  // Java's getHost() is a call on the parsed URI; Python's netloc an attribute of the parse result.
  const member = syn.roles[n.kind()] === "call" && !n.field("function") ? n : syn.roles[n.kind()] === "member" ? n : null;
  if (!member) return null;
  const prop = (member.field("name") ?? member.field(syn.memberFields[1]))?.text() ?? "";
  const parsed = member.field(syn.memberFields[0]) ?? member.field("object");
  if (!hostMembers.has(prop) || !parsed) return null;
  const kind = syn.roles[parsed.kind()];
  if (kind !== "call" && kind !== "new") return null;
  const fn = parsed.field("function") ?? parsed.field("type");
  const obj = parsed.field("object");
  const callee = (kind === "new" ? `new${fn?.text() ?? ""}` : fn ? fn.text() : `${obj?.text() ?? ""}.${parsed.field("name")?.text() ?? ""}`).replace(/\s+/g, "");
  if (!hostParsers.test(callee)) return null;
  const first = named(parsed.field("arguments"))[0];
  return first ? identName(first, syn) : null;
}

const containers = /^(?:contains|includes|containsKey|has|__contains__)$/;

/** Variables that hold only allow-listed values when `cond` evaluates to `positive`. */
export function guardedIdents(cond: TNode, positive: boolean, syn: Syntax, rules: CompiledRules, depth = 0): string[] {
  if (depth > 64) return [];
  const kind = cond.kind() as string;
  if (kind === "parenthesized_expression") {
    const inner = named(cond)[0];
    return inner ? guardedIdents(inner, positive, syn, rules, depth + 1) : [];
  }
  if (kind === "not_operator" || (kind === "unary_expression" && operatorOf(cond) === "!")) {
    const arg = cond.field("argument") ?? cond.field("operand") ?? named(cond)[0];
    return arg ? guardedIdents(arg, !positive, syn, rules, depth + 1) : [];
  }
  const parts = named(cond);
  if (kind === "binary_expression" || kind === "boolean_operator" || kind === "comparison_operator") {
    const op = operatorOf(cond);
    const [l, r] = parts;
    if (!l || !r) return [];
    const and = op === "&&" || op === "and";
    if (and || op === "||" || op === "or") {
      const a = guardedIdents(l, positive, syn, rules, depth + 1);
      const b = guardedIdents(r, positive, syn, rules, depth + 1);
      // Both operands hold (a && b true, a || b false): union. Either may hold: only what both clean.
      return and === positive ? [...a, ...b] : a.filter((x) => b.includes(x));
    }
    const eq = op === "==" || op === "===" || op === "in";
    const ne = op === "!=" || op === "!==" || op === "not in";
    if ((eq && positive) || (ne && !positive)) {
      if (op === "in" || op === "not in") return [checkedName(l, syn)].filter((x): x is string => x !== null);
      if (literalKinds.has(r.kind() as string)) return [checkedName(l, syn)].filter((x): x is string => x !== null);
      if (literalKinds.has(l.kind() as string)) return [checkedName(r, syn)].filter((x): x is string => x !== null);
    }
    return [];
  }
  if (syn.roles[kind] === "call" && positive) {
    const fn = cond.field("function");
    const obj = cond.field("object");
    const name = cond.field("name")?.text();
    const text = (fn ? fn.text() : obj && name ? `${obj.text()}.${name}` : name ?? "").replace(/\s+/g, "");
    if (!rules.guards.lookup(text)) return [];
    const out: string[] = [];
    const recv = fn && syn.roles[fn.kind()] === "member" ? fn.field(syn.memberFields[0]) : obj;
    // The receiver of a membership test is the container (`ALLOWED.contains(x)`): `p.contains("..")` allows nothing.
    const r = recv && !containers.test(text.slice(text.lastIndexOf(".") + 1)) ? checkedName(recv, syn) : null;
    if (r) out.push(r);
    for (const arg of named(cond.field("arguments"))) {
      const n = checkedName(arg, syn);
      if (n) out.push(n);
    }
    return out;
  }
  return [];
}
