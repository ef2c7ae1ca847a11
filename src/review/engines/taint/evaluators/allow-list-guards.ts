// Allow-list checks in conditions: which variables are known safe on the branch being entered.
import type { TNode } from "../syntax/node.ts";
import type { Syntax } from "../syntax/syntax-types.ts";
import { named } from "../syntax/syntax-types.ts";
import type { CompiledRules } from "../syntax/rule-specs.ts";
import type { Taint, Value } from "../model/state.ts";
import { operatorOf } from "../model/static-conditions.ts";
import { allClassesMask } from "../syntax/classes.ts";
import type { Guard } from "../model/check-operands.ts";
import { isCheckCall } from "./custom-checks.ts";
import { indexOfMembership } from "./index-of-checks.ts";
import { noLeadingDash } from "./dash-checks.ts";
import { equalToBase } from "./base-equality.ts";
import { commonPathGuard, noDoubleSlash, one, prefixGuard, relativeUrls, slicedPrefix, startsAt, wholeMatch, withoutSeparator } from "./prefix-checks.ts";
import { checkedName, destinationMask, isTypeof, literalKinds, typeofGuard } from "../model/check-operands.ts";
import { goLookupKey, ownKeyArg } from "./own-key-checks.ts";
import { signedEquality, signedGuards } from "./signed-data.ts";

/** A regex literal that is one negated class of a small allow-list (`/[^a-z0-9_-]/i`, `/[^\w.-]+/`). */
const negatedAllowList = /^\/\[\^(?:\\w|\\d|[A-Za-z0-9_ .-]|[a-z]-[a-z]|[A-Z]-[A-Z]|0-9)+\]\+?\/[gimuy]*$/;

/** The value a search for a character outside an allow-list tests (`RE.test(x)`, `x.match(RE)`, `x.search(RE) …`), else null. */
function outsideAllowList(call: TNode, callee: string, recv: TNode | null): TNode | null {
  const args = named(call.field("arguments"));
  if (/\.test$/.test(callee) && recv && negatedAllowList.test(recv.text()) && args.length === 1) return args[0]!;
  if (/\.match$/.test(callee) && recv && args.length === 1 && negatedAllowList.test(args[0]!.text())) return recv;
  return null;
}

/** The classes the value a name (`root`, `opts.root`) holds is safe for, as the walk knows it here. */
export type SafeFor = (name: string) => number;

/** `file === root`: where it holds, `file` is as safe as `root` (the served directory itself, next to a
 * containment check: `if (file !== root && !file.startsWith(root + sep)) return`). */
function equalTo(x: TNode, y: TNode, syn: Syntax, safeFor: SafeFor): Guard[] {
  const role = syn.roles[y.kind()];
  if (role !== "ident" && role !== "member") return [];
  const g = checkedName(x, syn);
  const mask = g ? safeFor(y.text().replace(/\s+/g, "")) & g.mask : 0;
  return g && mask ? [{ name: g.name, mask }] : [];
}

/** What a variable holding a check's outcome vouches for where it is true or false (evaluators/held-checks.ts). */
export type Held = (name: string, positive: boolean) => Guard[] | undefined;

/** Guards that hold when either of two conditions may: the names both check, for the classes both vouch for. */
function either(a: Guard[], b: Guard[]): Guard[] {
  const out: Guard[] = [];
  for (const x of a) {
    for (const y of b) {
      if (x.name !== y.name || !(x.mask & y.mask)) continue;
      out.push(x.host && y.host ? { name: x.name, mask: x.mask & y.mask, host: true } : { name: x.name, mask: x.mask & y.mask });
    }
  }
  return out;
}

/** A member of a check's result that says it passed. */
const verdictMember = /^(?:valid|ok|success|passed|allowed|safe)(?:[A-Z_]|$)|^is_?(?:[Vv]alid|[Oo]k|[Ss]afe|[Aa]llowed)/;

const containers = /^(?:contains|includes|containsKey|has|__contains__)$/;

/** Variables that hold only allow-listed values when `cond` evaluates to `positive`, and the classes they are safe for. */
export function guardedIdents(cond: TNode, positive: boolean, syn: Syntax, rules: CompiledRules, held?: Held, depth = 0, safeFor?: SafeFor): Guard[] {
  const out = guardsOf(cond, positive, syn, rules, held, depth, safeFor);
  return out.some((g) => g.noDouble) ? out.filter((g) => !g.noDouble) : out;
}

function guardsOf(cond: TNode, positive: boolean, syn: Syntax, rules: CompiledRules, held?: Held, depth = 0, safeFor?: SafeFor): Guard[] {
  if (depth > 64) return [];
  const kind = cond.kind() as string;
  if (kind === "parenthesized_expression") {
    const inner = named(cond)[0];
    return inner ? guardsOf(inner, positive, syn, rules, held, depth + 1, safeFor) : [];
  }
  if (kind === "not_operator" || (kind === "unary_expression" && operatorOf(cond) === "!")) {
    const arg = cond.field("argument") ?? cond.field("operand") ?? named(cond)[0];
    return arg ? guardsOf(arg, !positive, syn, rules, held, depth + 1, safeFor) : [];
  }
  // Go: a set's or map's lookup as the condition (evaluators/own-key-checks.ts).
  const looked = syn.prefix === "go" ? goLookupKey(cond, syn) : null;
  if (looked) return positive ? one(checkedName(looked, syn)) : [];
  // A variable holding a check's outcome (evaluators/held-checks.ts).
  const fromHeld = held && syn.roles[kind] === "ident" ? held(cond.text(), positive) : undefined;
  if (fromHeld?.length) return positive ? fromHeld : [...fromHeld, { name: cond.text(), mask: allClassesMask }];
  const dashless = noLeadingDash(cond, positive, syn);
  if (dashless.length) return dashless;
  if (!positive) {
    const role = syn.roles[kind];
    // A false value is empty (`if not host: ...`); an empty host (`if parsed.netloc: abort(400)`) a relative URL.
    if (role === "ident") return [{ name: cond.text(), mask: allClassesMask }];
    if (role === "member" || role === "call") {
      const g = checkedName(cond, syn);
      if (g?.host) return [g];
    }
  }
  const parts = named(cond);
  if (kind === "binary_expression" || kind === "boolean_operator" || kind === "comparison_operator") {
    const op = operatorOf(cond);
    const [l, r] = parts;
    if (!l || !r) return [];
    const and = op === "&&" || op === "and";
    if (and || op === "||" || op === "or") {
      const a = guardsOf(l, positive, syn, rules, held, depth + 1, safeFor);
      const b = guardsOf(r, positive, syn, rules, held, depth + 1, safeFor);
      // Both operands hold (a && b true, a || b false): union. Either may hold: only what both clean.
      if (and === positive) return relativeUrls([...a, ...b]);
      return equalToBase(l, positive, r, b) ?? equalToBase(r, positive, l, a) ?? either(a, b);
    }
    const member = indexOfMembership(l, op, r, syn);
    if (member) return member.foundWhenTrue === positive ? one(checkedName(member.arg, syn)) : [];
    const eq = op === "==" || op === "===" || op === "in" || op === "is";
    const ne = op === "!=" || op === "!==" || op === "not in" || op === "is not";
    if ((eq && positive) || (ne && !positive)) {
      const signed = op === "in" || op === "not in" ? [] : signedEquality(l, r, syn, cond);
      if (signed.length) return signed;
      // `abs.indexOf(root) === 0` is `abs.startsWith(root)` (a containment check before a 403).
      const prefix = startsAt(l, r, syn) ?? startsAt(r, l, syn);
      if (prefix) return prefixGuard(prefix.field("function")!.field("object"), named(prefix.field("arguments"))[0], syn);
      // `abs.slice(0, root.length) === root` (substr, substring) is `abs.startsWith(root)` too.
      const cut = slicedPrefix(l, r, syn) ?? slicedPrefix(r, l, syn);
      if (cut) return prefixGuard(withoutSeparator(cut.field("function")!.field("object")), cut === l ? r : l, syn);
      const common = commonPathGuard(l, r, syn) ?? commonPathGuard(r, l, syn);
      if (common) return common;
      if (op === "in" || op === "not in") return one(checkedName(l, syn));
      // typeof x === "number" makes x safe; "string" only from operator objects (typeofGuard).
      if (literalKinds.has(r.kind() as string)) return one(isTypeof(l) ? typeofGuard(l, r, syn) : checkedName(l, syn));
      if (literalKinds.has(l.kind() as string)) return one(isTypeof(r) ? typeofGuard(r, l, syn) : checkedName(r, syn));
      if (safeFor) return [...equalTo(l, r, syn, safeFor), ...equalTo(r, l, syn, safeFor)];
    }
    return [];
  }
  // A check's verdict read off its result (`validate(name).validForOldPackages`, `check(p).ok`): as the check.
  if (syn.roles[kind] === "member" && verdictMember.test(cond.field(syn.memberFields[1])?.text() ?? "")) {
    const obj = cond.field(syn.memberFields[0]);
    if (obj && syn.roles[obj.kind()] === "call") return guardsOf(obj, positive, syn, rules, held, depth + 1, safeFor);
  }
  if (syn.roles[kind] === "call") {
    const fn = cond.field("function");
    const obj = cond.field("object");
    const name = cond.field("name")?.text();
    const text = (fn ? fn.text() : obj && name ? `${obj.text()}.${name}` : (name ?? "")).replace(/\s+/g, "");
    const out: Guard[] = [];
    const recv = fn && syn.roles[fn.kind()] === "member" ? fn.field(syn.memberFields[0]) : obj;
    // `/[^a-z0-9_-]/.test(x)`, `x.match(/[^\w.]/)`: true when x holds a character outside the list.
    const outside = syn.prefix === "js" || syn.prefix === "ts" ? outsideAllowList(cond, text, recv) : null;
    if (outside) return positive ? [] : one(checkedName(outside, syn));
    if (!positive) return /\.starts[wW]ith$/.test(text) ? noDoubleSlash(recv, named(cond.field("arguments"))[0], syn) : [];
    if (text.endsWith(".startsWith") && recv && (syn.prefix === "js" || syn.prefix === "ts")) return prefixGuard(recv, named(cond.field("arguments"))[0], syn);
    // `url.hostname.endsWith(".example.com")`: a subdomain of a fixed domain, as a destination.
    if (/\.ends[wW]ith$/.test(text) && recv) {
      const arg = named(cond.field("arguments"))[0];
      const g = arg && /^[a-z]*["'`]\.[\w-]+\.[\w.-]*\w["'`]$/i.test(arg.text()) ? checkedName(recv, syn) : null;
      if (g?.host) return [{ name: g.name, mask: g.mask & destinationMask, host: true }];
    }
    const viaCallback = syn.prefix === "js" || syn.prefix === "ts" ? callbackCheck(cond, text, syn, rules, depth) : null;
    if (viaCallback) return viaCallback;
    // `Object.hasOwn(table, key)`, `table.hasOwnProperty(key)` (evaluators/own-key-checks.ts).
    const ownKey = ownKeyArg(cond, text);
    if (ownKey) return one(checkedName(ownKey, syn));
    // `hmac.compare_digest(sig, hmac.new(KEY, data, sha256).digest())`: data the key's holder signed (evaluators/signed-data.ts).
    const signed = signedGuards(cond, text, syn);
    if (signed.length) return signed;
    if (!rules.guards.lookup(text) && !isCheckCall(text)) return [];
    if (text.endsWith(".test") && recv?.kind() === "regex" && !wholeMatch(recv.text())) return [];
    // A literal prefix (`/`, `https://partner.example.com/`) fixes where a URL leads, nothing else about it.
    if (/\.starts[wW]ith$/.test(text) && recv) {
      const arg = named(cond.field("arguments"))[0];
      if (arg && literalKinds.has(arg.kind() as string)) return prefixGuard(recv, arg, syn);
    }
    // The receiver of a membership test is the container (`ALLOWED.contains(x)`): `p.contains("..")`
    // allows nothing (evaluators/deny-list-guards.ts makes a failed `..` check clean for path traversal only).
    const r = recv && !containers.test(text.slice(text.lastIndexOf(".") + 1)) ? checkedName(recv, syn) : null;
    if (r) out.push(r);
    for (const arg of named(cond.field("arguments"))) {
      // Python keyword arguments: `url_has_allowed_host_and_scheme(url=nxt, allowed_hosts=...)` checks nxt.
      const n = checkedName(syn.roles[arg.kind()] === "kwarg" ? (arg.field("value") ?? arg) : arg, syn);
      if (n) out.push(n);
    }
    return out;
  }
  return [];
}

/** A ternary branch that is exactly the value its condition checks (`ALLOWED.includes(x) ? x : "a"`): `v`
 * safe for what the check vouches for. */
export function guardsBranch(cond: TNode, branch: TNode, positive: boolean, syn: Syntax, rules: CompiledRules, v: Value): Value {
  const guards = guardedIdents(cond, positive, syn, rules);
  if (!guards.length || !v) return v;
  const text = branch.text().replace(/\s+/g, "");
  let mask = 0;
  for (const g of guards) if (g.name === text) mask |= g.mask;
  return !mask ? v : (mask & allClassesMask) === allClassesMask ? null : { ...v, mask: v.mask | mask };
}

/** Marks an allow-listed member path (`req.query.sort`) clean on this branch; reads of it are
 * looked up while the function is analysed (Analyzer.evMember), and a join keeps it only where
 * both branches have it (model/state.ts). */
export function guardPath(a: { state: { vars: Map<string, Value> }; pathGuards: boolean }, path: string, g?: Guard, at?: TNode): void {
  const vars = a.state.vars;
  const had = vars.get(path);
  // Safe for some classes only: a mark holding them (Analyzer.evMember adds them to what it reads).
  if (!g || g.mask === allClassesMask || !at || had === null) vars.set(path, null);
  else {
    const mark: Taint = { mask: g.mask | (had?.mask ?? 0), confidence: "low", step: { node: at, kind: "guard", sourceId: "", prev: null } };
    if (g.str || had?.str) mark.str = true;
    vars.set(path, mark);
  }
  a.pathGuards = true;
}

const matcherName = /match|allow|valid|equal|same|permit|trust/i;

/**
 * `ALLOWED.some((h) => h === host)`, `ROOTS.some((r) => full.startsWith(r))`, `uris.find((u) =>
 * uriMatches(requested, u))`: a list searched with a callback checks what the callback compares
 * with its element. Equality vouches for every class, a prefix as `startsWith` does, a matcher
 * function (by its name) for the destination only.
 */
function callbackCheck(call: TNode, text: string, syn: Syntax, rules: CompiledRules, depth: number): Guard[] | null {
  if (!/\.(?:some|find|findIndex)$/.test(text)) return null;
  const cb = named(call.field("arguments"))[0];
  if (cb?.kind() !== "arrow_function" && cb?.kind() !== "function_expression") return null;
  const params = syn.params(cb);
  const elem = params[0]?.name;
  let body: TNode | null | undefined = cb.field("body");
  if (body?.kind() === "statement_block") {
    const stmts = named(body);
    body = stmts.length === 1 && stmts[0]!.kind() === "return_statement" ? named(stmts[0]!)[0] : null;
  }
  if (!elem || params.length !== 1 || !body) return null;
  const b = body.kind() === "parenthesized_expression" ? named(body)[0] : body;
  if (!b) return null;
  const op = b.kind() === "binary_expression" ? operatorOf(b) : "";
  if (op === "===" || op === "==") {
    const [l, r] = named(b);
    const other = l?.text() === elem ? r : r?.text() === elem ? l : null;
    return one(other ? checkedName(other, syn) : null);
  }
  if (syn.roles[b.kind()] !== "call") return [];
  const fn = b.field("function");
  const fnName = fn?.text().replace(/^.*\./, "") ?? "";
  const args = named(b.field("arguments"));
  if (fnName === "startsWith") {
    return guardedIdents(b, true, syn, rules, undefined, depth + 1).filter((g) => g.name !== elem);
  }
  if (!matcherName.test(fnName) || !args.some((x) => x.text() === elem)) return [];
  return args.flatMap((x) => (x.text() === elem ? [] : one(checkedName(x, syn)))).map((g) => ({ name: g.name, mask: g.mask & destinationMask }));
}
