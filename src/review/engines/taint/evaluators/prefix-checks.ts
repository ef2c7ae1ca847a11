// Containment and prefix checks read as allow-lists: `full.startsWith(root)`, `abs.indexOf(root) === 0`,
// `abs.slice(0, root.length) === root`, Python's `os.path.commonpath([full, root]) == root`.
import type { TNode } from "../syntax/node.ts";
import type { Syntax } from "../syntax/syntax-types.ts";
import { named } from "../syntax/syntax-types.ts";
import { operatorOf } from "../model/static-conditions.ts";
import type { Guard } from "../model/check-operands.ts";
import { checkedName, destinationMask, literalKinds } from "../model/check-operands.ts";
import { splitTop } from "../../../fast/regex-need.ts";
import { allClassesMask, classBit } from "../syntax/classes.ts";

/** A prefix check that confines a path or a redirect (`full.startsWith(root)`, `next.startsWith("/")`);
 * not one naming a scheme or host, which any URL of that scheme passes. */
function confiningPrefix(arg: TNode | undefined): boolean {
  if (!arg) return false;
  return !literalKinds.has(arg.kind() as string) || fixesDestination(arg);
}

/** A literal prefix that fixes where a URL leads: a path, or a scheme and host ended by a separator
 * (`https://docs.example.com/`); not a bare scheme or `https://docs.example.com`, which `.evil.net`
 * extends, nor letters a scheme may go on from (`http`). */
function fixesDestination(lit: TNode): boolean {
  const t = lit
    .text()
    .replace(/^[a-z]*["'`]/i, "")
    .replace(/["'`]$/, "");
  if (/^([a-z][a-z0-9+.-]*:|\/\/)/i.test(t)) return /^([a-z][a-z0-9+.-]*:)?\/\/[^/?#\\]+[/?#\\]/i.test(t);
  return t.startsWith("/") || /[^a-z0-9+.-]/i.test(t);
}

export const one = (g: Guard | null): Guard[] => (g ? [g] : []);

const absoluteDir = /^[a-z]*(["'`])(?:\/|[A-Za-z]:[\\/]{1,2})[^"'`]*[\\/]\1$/i;

/** A variable checked against a literal absolute directory ended by its separator (`full.startswith("/srv/files/")`). */
const literalDir = (recv: TNode, arg: TNode, syn: Syntax): boolean => syn.roles[recv.kind()] === "ident" && absoluteDir.test(arg.text());

/**
 * `recv.startsWith(arg)`: a literal prefix fixes where a URL leads; a directory (`full.startsWith(root)`) confines a
 * path held in a variable (a resolved one, in the code that checks so). A request's own member checked for a mount
 * prefix (`req.url.startsWith(this.prefix)`, before `next()`) is the raw URL: `/static/../../etc` passes it.
 */
export function prefixGuard(recv: TNode | null, arg: TNode | undefined, syn: Syntax): Guard[] {
  const g = recv && confiningPrefix(arg) ? checkedName(recv, syn) : null;
  if (!g) return [];
  const literal = literalKinds.has(arg!.kind() as string);
  // `strings.HasPrefix(filepath.Clean(p), "/srv/files/")`: the resolved form under a directory confines the path.
  if (g.resolved) return literal && !absoluteDir.test(arg!.text()) ? [] : [{ name: g.name, mask: g.mask }];
  // A lone `/` keeps a URL on this site only if it does not go on with `/` or `\\` (`//evil.example`, `/\\evil.example`
  // lead to another host): a redirect needs that check too (relativeUrls).
  if (literal && loneSlash.test(arg!.text())) return [{ name: g.name, mask: g.mask & destinationMask & ~redirectBit, slash: true }];
  const raw = literal || syn.roles[recv!.kind()] === "member";
  // An absolute directory, ended by its separator, confines a path the walk saw resolved (apply-guards.ts).
  const dir = literal && literalDir(recv!, arg!, syn);
  return [raw ? { name: g.name, mask: g.mask & destinationMask, ...(dir && { under: true as const }) } : g];
}

const loneSlash = /^[a-z]*(["'`])\/\1$/i;
const redirectBit = classBit("open-redirect");
/** A literal `//` (or `/\\`), or a Python tuple of prefixes that begins with one. */
const doubleSlash = /^[([]?\s*[a-z]*(["'`])\/(?:\/|\\\\)\1/i;

/** `x.startsWith("//")` found false: `x` does not lead to another host that way (a guard of mask 0, `noDouble`). */
export function noDoubleSlash(recv: TNode | null, arg: TNode | undefined, syn: Syntax): Guard[] {
  const g = recv && arg && doubleSlash.test(arg.text()) ? checkedName(recv, syn) : null;
  return g ? [{ name: g.name, mask: 0, noDouble: true }] : [];
}

/** Guards that all hold: a lone `/` prefix and no `//` on the same value make a relative URL of this site. */
export function relativeUrls(guards: Guard[]): Guard[] {
  if (!guards.some((g) => g.noDouble)) return guards;
  return guards.map((g) => (g.slash && guards.some((d) => d.noDouble && d.name === g.name) ? { name: g.name, mask: g.mask | redirectBit } : g));
}

/** `x.indexOf(p)` compared with 0 (JavaScript): the call, to be read as `x.startsWith(p)`; else null. */
export function startsAt(call: TNode, zero: TNode, syn: Syntax): TNode | null {
  if ((syn.prefix !== "js" && syn.prefix !== "ts") || zero.text() !== "0" || syn.roles[call.kind()] !== "call") return null;
  const fn = call.field("function");
  return fn?.kind() === "member_expression" && fn.field("property")?.text() === "indexOf" && named(call.field("arguments")).length === 1 ? call : null;
}

/** `abs.slice(0, root.length)` compared with `root` itself (or `abs.slice(0, root.length + 1)` with `root + path.sep`):
 * the call, else null. */
export function slicedPrefix(call: TNode, root: TNode, syn: Syntax): TNode | null {
  if ((syn.prefix !== "js" && syn.prefix !== "ts") || syn.roles[call.kind()] !== "call") return null;
  const fn = call.field("function");
  if (fn?.kind() !== "member_expression" || !/^(?:slice|substr|substring)$/.test(fn.field("property")?.text() ?? "")) return null;
  const [from, len, ...rest] = named(call.field("arguments"));
  if (from?.text() !== "0" || rest.length || !len) return null;
  const l = len.text().replace(/\s+/g, "");
  const r = root.text().replace(/\s+/g, "");
  if (l === `${r}.length` || l === `(${r}).length`) return call;
  const base = withoutSeparator(root);
  return base !== root && l === `${base!.text().replace(/\s+/g, "")}.length+1` ? call : null;
}

/** `(full + sep)`, `(full + "/")`: `full`, whose prefix the check confines as well. */
export function withoutSeparator(n: TNode | null): TNode | null {
  let x = n;
  while (x?.kind() === "parenthesized_expression") x = named(x)[0] ?? null;
  if (x?.kind() !== "binary_expression" || operatorOf(x) !== "+") return n;
  const right = x.field("right")?.text() ?? "";
  return /^(?:(?:path\.)?sep|["'`][/\\]{1,2}["'`])$/.test(right) ? (x.field("left") ?? n) : n;
}

/** Python's containment check `os.path.commonpath([full, root]) == root` (also `commonprefix`): the other
 * paths of the list lie under `root` where it holds, as `full.startsWith(root)` does in JavaScript; else null. */
export function commonPathGuard(call: TNode, root: TNode, syn: Syntax): Guard[] | null {
  if (syn.prefix !== "py") return null;
  if (syn.roles[call.kind()] === "ident") return heldCommonPath(call, root);
  if (syn.roles[call.kind()] !== "call") return null;
  if (!/(?:^|\.)common(?:path|prefix)$/.test(call.field("function")?.text() ?? "")) return null;
  const list = named(call.field("arguments"))[0];
  if (!list || named(call.field("arguments")).length !== 1 || (list.kind() !== "list" && list.kind() !== "tuple")) return null;
  const others = named(list).filter((e) => e.text() !== root.text());
  if (others.length === named(list).length) return null;
  return others.flatMap((e) => one(checkedName(e, syn)));
}

/**
 * The same check held in a variable (`common = os.path.commonpath([base, full])`, then `if common != base: raise`),
 * read from the enclosing function's text: the list's other name lies under `root` where it holds.
 */
function heldCommonPath(name: TNode, root: TNode): Guard[] | null {
  if (!/^[A-Za-z_]\w*$/.test(root.text())) return null;
  let fn: TNode | null = name.parent();
  while (fn && fn.kind() !== "function_definition") fn = fn.parent();
  const text = fn?.text() ?? "";
  const held = new RegExp(
    `\\b${name.text()}\\s*=\\s*(?:os\\.path\\.|posixpath\\.)?common(?:path|prefix)\\(\\s*[[(]\\s*([\\w.]+)\\s*,\\s*([\\w.]+)\\s*,?\\s*[\\])]\\s*\\)`,
  ).exec(text);
  if (!held) return null;
  const other = held[1] === root.text() ? held[2]! : held[2] === root.text() ? held[1]! : null;
  return other && /^[A-Za-z_]\w*$/.test(other) ? [{ name: other, mask: allClassesMask }] : null;
}

/**
 * Whether a regex literal (`/^[\w-]+$/i`) must match the whole string it tests: each top-level alternative starts
 * with `^` and ends with an unescaped `$`. One that need not (`/\.png$/`, `/^https?:/`, `/[a-z]/`) passes
 * `../../x.png`, any host, any text holding one letter: a test of it vouches for nothing.
 */
export function wholeMatch(literal: string): boolean {
  const body = literal.slice(1, literal.lastIndexOf("/"));
  return splitTop(body)?.every((alt) => alt.startsWith("^") && /(?:^|[^\\])(?:\\\\)*\$$/.test(alt)) ?? false;
}
