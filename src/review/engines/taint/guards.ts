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

const originMembers = new Set(["hostname", "host", "origin"]);

/** `typeof x` compared with a literal: x (the literal decides whether the guard is one, see below). */
function typeofOperand(n: TNode, syn: Syntax): string | null {
  if (n.kind() !== "unary_expression" || operatorOf(n) !== "typeof") return null;
  return identName(n.field("argument"), syn);
}

/** `req.query.sort`: a member path on a variable, cleaned where it is allow-listed (ternaries, see analyze.ts). */
function memberPath(n: TNode, syn: Syntax): string | null {
  let root: TNode | null = n;
  for (let i = 0; root && syn.roles[root.kind()] === "member" && i < 6; i++) root = root.field(syn.memberFields[0]);
  return root && syn.roles[root.kind()] === "ident" && root !== n ? n.text().replace(/\s+/g, "") : null;
}

/** A prefix check that confines a path or a redirect (`full.startsWith(root)`, `next.startsWith("/")`);
 * not one naming a scheme or host, which any URL of that scheme passes. */
function confiningPrefix(arg: TNode | undefined): boolean {
  if (!arg) return false;
  if (!literalKinds.has(arg.kind() as string)) return true;
  return !/^["'`](https?:|\/\/|[a-z]+:)/i.test(arg.text());
}

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
  if (!member) return typeofOperand(n, syn);
  const prop = (member.field("name") ?? member.field(syn.memberFields[1]))?.text() ?? "";
  const parsed = member.field(syn.memberFields[0]) ?? member.field("object");
  if (!parsed) return null;
  // A URL object or a message event checked by its host or origin (`u.hostname`, `event.origin`) is the checked value.
  // Not the request itself: its Host header says nothing about its other parts.
  if (originMembers.has(prop) && syn.roles[parsed.kind()] === "ident") return /^(req|request|ctx)$/.test(parsed.text()) ? null : parsed.text();
  if (!hostMembers.has(prop)) return memberPath(n, syn);
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
      // typeof x === "number" makes x safe; "string" does not (a string can still inject).
      const typed = (lit: TNode, other: TNode) => other.kind() !== "unary_expression" || /^["'](number|boolean|undefined)["']$/.test(lit.text());
      if (literalKinds.has(r.kind() as string) && typed(r, l)) return [checkedName(l, syn)].filter((x): x is string => x !== null);
      if (literalKinds.has(l.kind() as string) && typed(l, r)) return [checkedName(r, syn)].filter((x): x is string => x !== null);
    }
    return [];
  }
  if (syn.roles[kind] === "call") {
    const fn = cond.field("function");
    const obj = cond.field("object");
    const name = cond.field("name")?.text();
    const text = (fn ? fn.text() : obj && name ? `${obj.text()}.${name}` : name ?? "").replace(/\s+/g, "");
    const out: string[] = [];
    const recv = fn && syn.roles[fn.kind()] === "member" ? fn.field(syn.memberFields[0]) : obj;
    if (!positive) return [];
    if (text.endsWith(".startsWith") && recv && (syn.prefix === "js" || syn.prefix === "ts")) {
      const r = confiningPrefix(named(cond.field("arguments"))[0]) ? checkedName(recv, syn) : null;
      return r ? [r] : [];
    }
    if (!rules.guards.lookup(text)) return [];
    // The receiver of a membership test is the container (`ALLOWED.contains(x)`): `p.contains("..")`
    // allows nothing (denylist.ts makes a failed `..` check clean for path traversal only).
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

/** A ternary branch that is exactly the value its condition allow-lists (`ALLOWED.includes(x) ? x : "a"`). */
export function guardsBranch(cond: TNode, branch: TNode, positive: boolean, syn: Syntax, rules: CompiledRules): boolean {
  const names = guardedIdents(cond, positive, syn, rules);
  return names.length > 0 && names.includes(branch.text().replace(/\s+/g, ""));
}

/** Marks an allow-listed member path (`req.query.sort`) clean on this branch; reads of it are
 * looked up while the function is analysed (Analyzer.evMember), and a join keeps it only where
 * both branches have it (state.ts). */
export function guardPath(a: { state: { vars: Map<string, unknown> }; pathGuards: boolean }, path: string): void {
  a.state.vars.set(path, null);
  a.pathGuards = true;
}
