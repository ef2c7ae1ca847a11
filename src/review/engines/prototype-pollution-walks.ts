// A set-by-path walk that skips `__proto__` and steps only into values it tested to be objects
// (prototype-pollution.ts): `if (typeof cur[k] !== "object") cur[k] = {}; cur = cur[k]`. `constructor` is then
// the inherited `Object` function, no object: it is replaced by a fresh `{}` rather than entered, and
// `constructor.prototype` is never reached. A walk that resets only missing values (`if (!cur[k]) cur[k] = {}`)
// enters `Object` and then `Object.prototype`: that is the polluting shape, not this.
import type { SgNode } from "@ast-grep/napi";

const squash = (s: string): string => s.replace(/\s+/g, "");
const esc = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Whether a statement before `step` in its block resets `member` unless it is an object (`typeof m !== "object"` →
 * `m = {}`), or the block reads `member`'s type tag (`Object.prototype.toString.call(m)`, `"[object Function]"` for
 * `constructor`) and an `if` on it resets `member` or leaves: flat's `unflatten` replaces or refuses what is no
 * plain object or array before stepping in.
 */
function resetUnlessObject(step: SgNode, member: string): boolean {
  let stmt: SgNode | null = step;
  while (stmt && stmt.parent()?.kind() !== "statement_block" && stmt.parent()?.kind() !== "program") stmt = stmt.parent();
  if (!stmt) return false;
  const m = esc(member);
  const test = new RegExp(`typeof${m}!==?["'\`]object["'\`]`);
  const reset = new RegExp(`(?:^|[;{])${m}=(?:\\{\\}|\\[\\]|Object\\.create\\()`);
  const tag = new RegExp(`^\\(?(?:Object\\.prototype\\.)?toString\\.call\\(${m}\\)`);
  const resetOrLeave = new RegExp(`(?:^|[;{(])${m}=[^;]*?(?:\\{\\}|\\[\\])|(?:^|[;{])(?:return|throw|continue|break)\\b`);
  const tagNames: string[] = [];
  const naming = (text: string) => tagNames.length > 0 && new RegExp(`\\b(?:${tagNames.join("|")})\\b`).test(text);
  for (const s of stmt.parent()!.children()) {
    if (s.range().start.index >= stmt.range().start.index) break;
    // `const type = toString.call(m)`, then `const isObject = type === "[object Object]" || …`: both name the tag.
    const decl = /^(?:lexical|variable)_declaration$/.test(String(s.kind())) ? s.children().find((c) => c.kind() === "variable_declarator") : undefined;
    const name = decl?.field("name");
    const value = squash(decl?.field("value")?.text() ?? "");
    if (name?.kind() === "identifier" && value && (tag.test(value) || naming(value))) tagNames.push(esc(name.text()));
    if (s.kind() !== "if_statement") continue;
    const condition = squash(s.field("condition")?.text() ?? "");
    const consequence = squash(s.field("consequence")?.text() ?? "");
    if (test.test(condition) && reset.test(consequence)) return true;
    if (naming(condition) && resetOrLeave.test(consequence)) return true;
  }
  return false;
}

/** Every walk step of `fn` (`cur = cur[k]`) is reached only after `cur[k]` was made an object when it was not one. */
export function walksIntoObjectsOnly(fn: SgNode): boolean {
  const steps = fn.findAll({ rule: { kind: "assignment_expression", has: { field: "right", kind: "subscript_expression" } } }).filter((a) => {
    const left = a.field("left");
    return left?.kind() === "identifier" && a.field("right")?.field("object")?.text() === left.text();
  });
  return steps.length > 0 && steps.every((a) => resetUnlessObject(a, squash(a.field("right")!.text())));
}

/** A function's own name: its declaration's, or the variable's or property's it is assigned to. */
export function nameOf(fn: SgNode): string | null {
  const own = fn.field("name");
  if (own) return own.text();
  const p = fn.parent();
  const named = p?.kind() === "variable_declarator" ? p.field("name") : p?.kind() === "pair" ? p.field("key") : null;
  return named?.kind() === "identifier" || named?.kind() === "property_identifier" ? named.text() : null;
}

/**
 * Parameters of `fn` that a call of it by name is given split path parts at (`setKey(argv, key.split("."), v)`,
 * a recursive `set(obj, path.split("."), v)`): inside, they are the parts of a path as a local split is.
 */
export function splitParams(fn: SgNode, root: SgNode, isSplit: (arg: SgNode) => boolean): string[] {
  const name = nameOf(fn);
  const params = (fn.field("parameters")?.children() ?? []).filter((c) => c.isNamed());
  if (!name || !params.length) return [];
  const out = new Set<string>();
  for (const call of root.findAll({ rule: { kind: "call_expression", has: { field: "function", regex: `^${esc(name)}$` } } })) {
    const args = (call.field("arguments")?.children() ?? []).filter((c) => c.isNamed());
    args.forEach((arg, i) => {
      const p = params[i];
      if (p?.kind() === "identifier" && isSplit(arg)) out.add(p.text());
    });
  }
  return [...out];
}

/** `return set(obj[part], rest, v)`: `fn` descends by calling itself on what a path part reads (a recursive walk). */
export function recursesThrough(fn: SgNode, isPathKey: (member: SgNode) => boolean): boolean {
  const name = nameOf(fn);
  if (!name) return false;
  return fn.findAll({ rule: { kind: "call_expression", has: { field: "function", regex: `^${esc(name)}$` } } }).some((call) => {
    const first = (call.field("arguments")?.children() ?? []).find((c) => c.isNamed());
    return first?.kind() === "subscript_expression" && isPathKey(first);
  });
}

/** Own-key iterators that call back with (value, key): lodash's and the for-in / for-own packages' `forIn`, `forOwn`. */
const keyIterator = /^(?:[\w$]+\.)?(?:forIn|forOwn)$/;

/** The key parameter of `fn` when it is handed by name to an own-key iterator (`forIn(source, copy, target)`), else null. */
export function iteratorKeyParam(fn: SgNode, root: SgNode): string | null {
  const name = nameOf(fn);
  const key = (fn.field("parameters")?.children() ?? []).filter((c) => c.isNamed())[1];
  if (!name || key?.kind() !== "identifier") return null;
  const handed = root.findAll({ rule: { kind: "call_expression", has: { field: "function", regex: "(?:forIn|forOwn)$" } } }).some((call) => {
    const args = (call.field("arguments")?.children() ?? []).filter((c) => c.isNamed());
    return keyIterator.test(call.field("function")?.text() ?? "") && args[1]?.text() === name;
  });
  return handed ? key.text() : null;
}
