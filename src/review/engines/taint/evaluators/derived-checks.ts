// Checks on a value derived from a variable: `host = urlparse(url).netloc` or `parsed = urlparse(url)`,
// then `if host not in ALLOWED: abort(400)` or `if parsed.netloc in ALLOWED: return redirect(url)`.
// The derived variable remembers what it was read from (Taint.from); a check on it vouches for that
// variable's destination (open redirect, SSRF) while the variable still holds the value it had then.
// A plain copy (`requested = redirect_uri`) passes on whatever its check vouches for. A check on a variable vouches
// for what was made from it by appending the program's own text (`gz = \`${file}.gz\`` before `file` is checked to
// lie under the root): a path under the root with a suffix still starts there.
import type { TNode } from "../syntax/node.ts";
import type { Analyzer } from "../driver/analyzer.ts";
import type { Derivation, Taint } from "../model/state.ts";
import type { Guard } from "../model/check-operands.ts";
import { destinationMask, parsedHost, parsedUrl } from "../model/check-operands.ts";
import { relativeTarget } from "./deny-list-guards.ts";
import { named } from "../syntax/syntax-types.ts";
import { operatorOf } from "../model/static-conditions.ts";
import { classBit } from "../syntax/classes.ts";

const pathBit = classBit("path-traversal");

const parserWords = /URI|URL|urlparse|urlsplit/;

/** `name = <valueNode>` (`{ member: name } = <valueNode>` when destructured) with a tainted value: `name` as a URL or host parsed from another variable. */
function derivation(a: Analyzer, valueNode: TNode, name: string, member?: string): Derivation | null {
  // A copy (`const requested = redirect_uri`): a check on it is a check on the original.
  if (!member && a.syn.roles[valueNode.kind()] === "ident") {
    const src = valueNode.text();
    const value = src !== name ? a.state.vars.get(src) : null;
    return value ? { name: src, value, kind: "copy" } : null;
  }
  if (!member) {
    const base = suffixBase(valueNode, a);
    const value = base && base !== name ? a.state.vars.get(base) : null;
    if (value) return { name: base!, value, kind: "suffixed" };
  }
  // `rel = path.relative(root, full)`: a check that rel does not start with `..` confines full (evaluators/apply-guards.ts).
  if (!member && a.syn.roles[valueNode.kind()] === "call" && /relative|relpath/.test(valueNode.field("function")?.text() ?? "")) {
    const target = relativeTarget(valueNode, a.syn);
    const value = target && target !== name ? a.state.vars.get(target) : null;
    if (value) return { name: target!, value, kind: "relative" };
  }
  // Every form names a URL parser: most files name none, and their assignments need no look.
  if (!a.fileMatches(parserWords)) return null;
  const r = valueNode.range();
  const [start, end] = [r.start.index, r.end.index];
  if (end - start > 240) return null;
  const text = a.source.slice(start, end);
  if (!parserWords.test(text)) return null;
  const t = text.replace(/\s+/g, "") + (member ? `.${member}` : "");
  const host = parsedHost.exec(t);
  const m = host ?? parsedUrl.exec(t);
  if (!m || m[1] === name) return null;
  const value = a.state.vars.get(m[1]!);
  return value ? { name: m[1]!, value, kind: host ? "host" : "url" } : null;
}

/** The variable `node` appends constant text to: `` `${file}.gz` ``, `file + ".br"`. */
function suffixBase(node: TNode, a: Analyzer): string | null {
  const kind = node.kind() as string;
  if (kind === "template_string") {
    const parts = named(node);
    const first = parts[0];
    if (first?.kind() !== "template_substitution" || node.text()[1] !== "$") return null;
    if (parts.some((p, i) => i > 0 && p.kind() === "template_substitution")) return null;
    const inner = named(first!)[0];
    return inner && a.syn.roles[inner.kind()] === "ident" ? inner.text() : null;
  }
  if (a.syn.roles[kind] !== "binary" || operatorOf(node) !== "+") return null;
  const [left, right] = named(node);
  const constant = right?.kind() === "string" || (right?.kind() === "template_string" && !named(right).length);
  if (!left || !constant) return null;
  if (a.syn.roles[left.kind()] === "ident") return left.text();
  return a.syn.roles[left.kind()] === "binary" ? suffixBase(left, a) : null;
}

/** Python's absolute, normalized paths: `os.path.realpath(x)`, `abspath`, `Path(x).resolve()` (os.path.join leaves `..`). */
const resolvedPy = /^(?:(?:os\.path|posixpath)\.(?:realpath|abspath)\(.*\)|.*\.resolve\(\))$/s;

/** `os.path.abspath(src)`, `os.path.realpath(src)`: the variable resolved, when it is a plain one with a tainted value. */
function resolvedFrom(a: Analyzer, call: TNode, name: string): Pick<Derivation, "of"> | undefined {
  if (a.syn.roles[call.kind()] !== "call") return undefined;
  const args = named(call.field("arguments"));
  const arg = args.length === 1 ? args[0]! : null;
  if (!arg || a.syn.roles[arg.kind()] !== "ident" || arg.text() === name) return undefined;
  const value = a.state.vars.get(arg.text());
  return value ? { of: { name: arg.text(), value } } : undefined;
}

/** Marks `v` (just bound to `name`) with its derivation, if it is one. */
export function withDerivation(a: Analyzer, v: Taint, valueNode: TNode, name: string, member?: string): Taint {
  // JavaScript's `path.normalize(x)` resolves every inner `..`: what is left of them leads the path.
  if (!member && (a.syn.prefix === "js" || a.syn.prefix === "ts") && a.syn.roles[valueNode.kind()] === "call") {
    const fn = valueNode.field("function")?.text().replace(/\s+/g, "") ?? "";
    if (/^(?:path\.(?:posix\.)?)?normalize$/.test(fn)) return { ...v, from: { name, value: v, kind: "normalized" } };
    // `path.resolve(root, x)` is absolute, and it and `path.join` leave no `..` inside.
    if (/^path\.(?:posix\.)?(?:resolve|join)$/.test(fn)) return { ...v, from: { name, value: v, kind: "resolved" } };
  }
  if (!member && a.syn.prefix === "py" && resolvedPy.test(valueNode.text().replace(/\s+/g, "")))
    return { ...v, from: { name, value: v, kind: "resolved", ...resolvedFrom(a, valueNode, name) } };
  const from = derivation(a, valueNode, name, member);
  return from ? { ...v, from } : v;
}

/**
 * The guards plus what they vouch for through derivations: an allow-listed host variable, or the
 * checked host of a parsed URL variable, makes the variable parsed safe as a destination; the URL
 * object itself only as a destination too.
 */
export function withDerived(a: Analyzer, guards: Guard[]): Guard[] {
  let out: Guard[] | null = null;
  const vars = a.state.vars;
  for (let i = 0; i < guards.length; i++) {
    const g = guards[i]!;
    if (!g.host) for (const s of suffixedFrom(a, g.name)) (out ??= guards.slice()).push({ name: s, mask: g.mask });
    const f = vars.get(g.name)?.from;
    // A containment check on `resolved = os.path.abspath(src)` confines `src` while it names the same file.
    if (f?.of && (g.under || g.mask & pathBit) && vars.get(f.of.name) === f.of.value) (out ??= guards.slice()).push({ name: f.of.name, mask: pathBit });
    if (!f || (f.kind !== "normalized" && vars.get(f.name) !== f.value)) continue;
    if (f.kind === "relative" || f.kind === "normalized" || f.kind === "suffixed") continue;
    if (f.kind === "copy") {
      (out ??= guards.slice()).push({ name: f.name, mask: g.mask });
      continue;
    }
    if (f.kind === "url" ? !g.host : g.host || (g.mask & destinationMask) !== destinationMask) continue;
    out ??= guards.slice();
    if (f.kind === "url") out[i] = { name: g.name, mask: destinationMask, host: true };
    out.push({ name: f.name, mask: destinationMask });
  }
  return out ?? guards;
}

/** Variables made from `name`'s current value by appending constant text (`gz` of `` gz = `${file}.gz` ``). */
export function suffixedFrom(a: Analyzer, name: string): string[] {
  const v = a.state.vars.get(name);
  if (!v) return [];
  let out: string[] | null = null;
  for (const [k, w] of a.state.vars) if (w?.from?.kind === "suffixed" && w.from.name === name && w.from.value === v) (out ??= []).push(k);
  return out ?? [];
}
