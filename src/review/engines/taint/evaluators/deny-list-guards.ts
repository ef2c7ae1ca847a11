// Deny-list checks: `".." in p`, `p.contains("..")`, `p.indexOf("..") != -1`, `strings.Contains(p, "..")`.
// Where such a check is false (the branch after `if (...) return;`, or the else branch) the variable
// holds no parent-directory step: it is clean for path traversal, and only for it.
import type { TNode } from "../syntax/node.ts";
import type { Syntax } from "../syntax/syntax-types.ts";
import { named } from "../syntax/syntax-types.ts";
import { constEval, operatorOf } from "../model/static-conditions.ts";

const containsCalls = /^(?:contains|includes|__contains__)$/;
const indexCalls = /^(?:indexOf|find|index|Index)$/;

/** A variable, or a member path of plain names (`req.params.name`). */
function ident(n: TNode | undefined | null, syn: Syntax): string | null {
  if (!n) return null;
  const role = syn.roles[n.kind()];
  if (role === "ident") return n.text();
  if (role !== "member") return null;
  const path = n.text().replace(/\s+/g, "");
  return /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)+$/.test(path) ? path : null;
}

const dots = (n: TNode | undefined): boolean => {
  const c = n ? constEval(n, new Map()) : null;
  return typeof c === "string" && c.includes("..");
};

/** The path a `path.relative(root, full)` (JavaScript) or `os.path.relpath(full, root)` (Python) call relates, by name. */
export function relativeTarget(call: TNode, syn: Syntax): string | null {
  const fn = call.field("function")?.text().replace(/\s+/g, "") ?? "";
  const args = named(call.field("arguments"));
  if (/(?:^|\.)relative$/.test(fn) && args.length === 2 && syn.prefix !== "py") return ident(args[1], syn);
  if (/(?:^|\.)relpath$/.test(fn) && args.length >= 1 && syn.prefix === "py") return ident(args[0], syn);
  return null;
}

/** For `x.contains("..")`-like calls: the checked variable, and whether the call's value is "x contains it". */
function containsDots(call: TNode, syn: Syntax): { name: string; index: boolean } | null {
  const obj = receiverOf(call, syn);
  const method = memberName(call, syn);
  const args = named(call.field("arguments"));
  // Go: strings.Contains(p, "..") and strings.Index(p, "..").
  if (obj?.text() === "strings" && dots(args[1])) {
    const name = ident(args[0], syn);
    return name && (method === "Contains" || method === "Index") ? { name, index: method === "Index" } : null;
  }
  // `path.relative(root, full).startsWith("..")`, `os.path.relpath(full, root).startswith("..")`: true
  // when `full` lies outside `root`; on a variable holding such a path, it counts only for that variable
  // (`rel:` + its name, evaluators/apply-guards.ts).
  if (/^starts[wW]ith$/.test(method) && args.length === 1 && dotsLead(args[0]!)) return relativeOf(obj, syn);
  // JavaScript: `/\.\./.test(p)` is true when p holds `..`.
  if (method === "test" && obj?.kind() === "regex" && /\\\.\\\./.test(obj.text()) && args.length === 1) {
    const name = ident(args[0], syn);
    return name ? { name, index: false } : null;
  }
  // `p.split("/").includes("..")`: one of p's segments is `..`.
  const split = obj && syn.roles[obj.kind()] === "call" && memberName(obj, syn) === "split" ? receiverOf(obj, syn) : null;
  const name = ident(split ?? obj, syn);
  if (!name || args.length !== 1 || !dots(args[0])) return null;
  if (containsCalls.test(method)) return { name, index: false };
  return indexCalls.test(method) && !split ? { name, index: true } : null;
}

/** `".."`, `"../"`, `".." + path.sep`, `` `..${path.sep}` ``: what a path outside the base it is relative to starts with. */
const dotsLead = (n: TNode): boolean => /^(?:(["'`])\.\.(?:\/|\\\\)?\1|["'`]\.\.["'`]\s*\+\s*(?:path\.)?sep|`\.\.\$\{(?:path\.)?sep\}`)$/.test(n.text());

/** The relative path a starts-with-`..` check is on: a variable holding one (`rel:` + its name), or the path a
 * `path.relative(...)` call in place relates. */
function relativeOf(obj: TNode | null, syn: Syntax): { name: string; index: boolean } | null {
  if (obj && syn.roles[obj.kind()] === "ident") return { name: `rel:${obj.text()}`, index: false };
  const target = obj && syn.roles[obj.kind()] === "call" ? relativeTarget(obj, syn) : null;
  return target ? { name: target, index: false } : null;
}

/** A call's method name (`split` in `p.split("/")`). */
function memberName(call: TNode, syn: Syntax): string {
  const fn = call.field("function");
  return (call.field("name") ?? (fn && syn.roles[fn.kind()] === "member" ? fn.field(syn.memberFields[1]) : null))?.text() ?? "";
}

/** A method call's receiver (`p` in `p.split("/")`). */
function receiverOf(call: TNode, syn: Syntax): TNode | null {
  const fn = call.field("function");
  return call.field("object") ?? (fn && syn.roles[fn.kind()] === "member" ? fn.field(syn.memberFields[0]) : null);
}

/** Variables known to hold no `..` when `cond` evaluates to `positive`. */
export function dotFree(cond: TNode, positive: boolean, syn: Syntax, depth = 0): string[] {
  if (depth > 32) return [];
  const kind = cond.kind() as string;
  if (kind === "parenthesized_expression") {
    const inner = named(cond)[0];
    return inner ? dotFree(inner, positive, syn, depth + 1) : [];
  }
  if (kind === "not_operator" || (kind === "unary_expression" && operatorOf(cond) === "!")) {
    const arg = cond.field("argument") ?? cond.field("operand") ?? named(cond)[0];
    return arg ? dotFree(arg, !positive, syn, depth + 1) : [];
  }
  // JavaScript's `~p.indexOf("..")`: non-zero (true) exactly when p holds `..`.
  if (kind === "unary_expression" && operatorOf(cond) === "~") {
    const arg = cond.field("argument") ?? named(cond)[0];
    const c = arg && syn.roles[arg.kind()] === "call" ? containsDots(arg, syn) : null;
    return c?.index && !positive ? [c.name] : [];
  }
  if (syn.roles[kind] === "call") {
    const c = containsDots(cond, syn);
    return c && !c.index && !positive ? [c.name] : [];
  }
  if (kind !== "binary_expression" && kind !== "boolean_operator" && kind !== "comparison_operator") return [];
  const [l, r] = named(cond);
  if (!l || !r) return [];
  const op = operatorOf(cond);
  const and = op === "&&" || op === "and";
  if (and || op === "||" || op === "or") {
    const a = dotFree(l, positive, syn, depth + 1);
    const b = dotFree(r, positive, syn, depth + 1);
    return and === positive ? [...a, ...b] : a.filter((x) => b.includes(x));
  }
  // Python: ".." in p is true when p holds it; `not in` when it does not.
  if ((op === "in" || op === "not in") && dots(l)) {
    const name = ident(r, syn);
    return name && (op === "in") !== positive ? [name] : [];
  }
  const k = constEval(r, new Map());
  // `rel.indexOf(".." + path.sep) === 0`: rel starts with `..` (as startsWith above).
  if (k === 0 && syn.roles[l.kind()] === "call" && memberName(l, syn) === "indexOf" && (op === "===" || op === "==" || op === "!==" || op === "!=")) {
    const arg = named(l.field("arguments"));
    const lead = arg.length === 1 && dotsLead(arg[0]!) ? relativeOf(receiverOf(l, syn), syn) : null;
    if (lead) return (op === "===" || op === "==") !== positive ? [lead.name] : [];
  }
  // p.indexOf("..") compared with -1 or 0.
  const c = syn.roles[l.kind()] === "call" ? containsDots(l, syn) : null;
  if (!c?.index || typeof k !== "number") return [];
  const found = ((op === "!=" || op === "!==") && k === -1) || (op === ">=" && k === 0) || (op === ">" && k === -1);
  const absent = ((op === "==" || op === "===") && k === -1) || (op === "<" && k === 0);
  return (found && !positive) || (absent && positive) ? [c.name] : [];
}
