// Keys that cannot reach a shared prototype, for the prototype-pollution check (prototype-pollution.ts): loop
// counters (a number picks an element, never a prototype) and keys a condition allows only as listed literals.
import type { SgNode, SgRoot } from "@ast-grep/napi";
import type { Finding } from "../types.ts";
import { nameOf } from "./prototype-pollution-walks.ts";

/** The key a polluting site writes through: the index of `t[key] = …` or of a merge's `t[key]` argument. */
function siteKey(hit: SgNode): string | null {
  let target =
    hit.kind() === "assignment_expression"
      ? hit.field("left")
      : hit
          .field("arguments")
          ?.children()
          .find((c) => c.isNamed());
  while (target && (target.kind() === "binary_expression" || target.kind() === "parenthesized_expression"))
    target = target.kind() === "binary_expression" ? target.field("left") : target.children().find((c) => c.isNamed());
  const index = target?.kind() === "subscript_expression" ? target.field("index") : null;
  return index?.kind() === "identifier" ? index.text() : null;
}

const dangerous = /^(?:__proto__|constructor|prototype)$/;

/**
 * A site only reached where its key is one of a few literals: `if (["tls", "auth"].includes(key)) t[key] = merge(t[key], s[key])`,
 * `if (key === "headers")`. No literal list that leaves out the dangerous keys lets them through.
 */
export function allowListed(hit: SgNode, fn: SgNode): boolean {
  const key = siteKey(hit);
  if (!key) return false;
  const k = key.replace(/\$/g, "\\$");
  const listed = new RegExp(`(?<![!\\w$])\\[((?:\\s*(["'\`])[\\w$.-]+\\2\\s*,?)+)\\]\\.includes\\(\\s*${k}\\s*\\)`);
  const equal = new RegExp(`(?<![!\\w$.])${k}\\s*===?\\s*(["'\`])([\\w$.-]+)\\1|(["'\`])([\\w$.-]+)\\3\\s*===?\\s*${k}(?![\\w$])`);
  const at = hit.range().start.index;
  for (let p = hit.parent(); p && p.range().start.index >= fn.range().start.index && p.id() !== fn.id(); p = p.parent()) {
    if (p.kind() !== "if_statement") continue;
    const then = p.field("consequence");
    if (!then || at < then.range().start.index || at >= then.range().end.index) continue;
    // Only a condition that is all `&&` keeps the literal test binding on the branch.
    const cond = p.field("condition")?.text() ?? "";
    if (cond.includes("||")) continue;
    const list = listed.exec(cond);
    if (list && ![...list[1]!.matchAll(/[\w$.-]+/g)].some((m) => dangerous.test(m[0]))) return true;
    const eq = equal.exec(cond);
    if (eq && !dangerous.test(eq[2] ?? eq[4] ?? "")) return true;
  }
  return false;
}

const functionKinds = /^(?:function_declaration|function_expression|arrow_function|method_definition|generator_function(?:_declaration)?)$/;
const freshValue = /^(?:object|array|new_expression)$/;

/**
 * Whether `target` (an `o[a]`) was set to a new object (`o[a] = {}`, `[]`, `new Map()`, `Object.create(…)`) by an
 * earlier statement of a block around `at`, so on every path to `at`: `o[a][b] = v` then writes into that new object
 * (with `a` = `__proto__` the assignment only swapped `o`'s own prototype for it). A conditional one
 * (`if (!o[a]) o[a] = {}`, `o[a] = o[a] || {}`) keeps an inherited `o[a]`: that is the polluting shape, not this.
 * Callbacks (`forEach(k => …)`) are crossed; any other function runs later and is not.
 */
export function freshBefore(target: SgNode, at: SgNode): boolean {
  const text = target.text().replace(/\s+/g, "");
  for (let n: SgNode = at, p = n.parent(); p; n = p, p = p.parent()) {
    if (functionKinds.test(String(p.kind())) && p.parent()?.kind() !== "arguments") return false;
    if (p.kind() !== "statement_block" && p.kind() !== "program") continue;
    for (const s of p.children()) {
      if (s.range().start.index >= n.range().start.index) break;
      const e = s.kind() === "expression_statement" ? s.children().find((c) => c.isNamed()) : null;
      if (e?.kind() !== "assignment_expression" || e.field("left")?.text().replace(/\s+/g, "") !== text) continue;
      const v = e.field("right");
      if (v && (freshValue.test(String(v.kind())) || /^Object\.create\(/.test(v.text()))) return true;
    }
  }
  return false;
}

/**
 * Whether `index` is a loop counter (`for (let i = 0; …)`, a compiler's `_i2`) of a `for` statement around
 * `at`: a number picks an element, never a prototype.
 */
export function isCounter(index: SgNode | null, at: SgNode): boolean {
  if (index?.kind() !== "identifier") return false;
  const name = index.text().replace(/\$/g, "\\$");
  const init = new RegExp(`(?:^|[\\s,(])${name}\\s*=\\s*(?:\\d|[\\w$.]+\\.length\\b)`);
  for (let p = at.parent(); p; p = p.parent()) {
    if (p.kind() !== "for_statement") continue;
    if (init.test(p.field("initializer")?.text() ?? "")) return true;
  }
  return false;
}

/**
 * The rule's own matches of `o[a][b] = v` (no check of where `a` and `b` come from) whose `a` or `b` is a
 * loop counter are dropped: a matrix (`m[_i][_j] = 0`, `res[d][d] = one`) or a table filled by index.
 */
export function dropCounterWrites(findings: Finding[], root: SgRoot, ruleId: string): Finding[] {
  if (!findings.some((f) => f.ruleId === ruleId)) return findings;
  const writes = new Map<string, SgNode>();
  for (const w of root.root().findAll({ rule: { kind: "assignment_expression", has: { field: "left", kind: "subscript_expression" } } })) {
    const s = w.range().start;
    writes.set(`${s.line + 1}:${s.column + 1}`, w);
  }
  const source = root.root().text();
  const nullProto = nullPrototypeFields(source);
  const frozen = new Set(Array.from(source.matchAll(frozenTable), (m) => (m[1] ?? m[2])!));
  const own = (it: string | null) => !!it && (ownTable.test(it) || frozen.has(it.replace(/^Object\.(?:keys|entries|values)\(|\)$/g, "").replace(/^.*\./, "")));
  return findings.filter((f) => {
    if (f.ruleId !== ruleId || f.engine === "taint") return true;
    const w = writes.get(`${f.location.startLine}:${f.location.startColumn}`);
    const left = w?.field("left");
    const outer = left?.field("object");
    if (!w || !left || outer?.kind() !== "subscript_expression") return true;
    if (isCounter(outer.field("index"), w) || isCounter(left.field("index"), w) || freshBefore(outer, w)) return false;
    if (nullProto.has(outer.field("object")?.text().replace(/\s+/g, "") ?? "")) return false;
    // `for (k of Object.keys(o[a])) o[a][k] = …` rewrites keys `o[a]` already owns; keys of the program's own
    // constant tables (`Object.keys(Command.FLAGS)`, `Command.FLAGS[flag].forEach`) are no caller's.
    const a = iteratedBy(outer.field("index"), w);
    const b = iteratedBy(left.field("index"), w);
    if (b && b.replace(/^Object\.keys\((.*)\)$/, "$1") === outer.text().replace(/\s+/g, "") && /^Object\.keys\(/.test(b)) return false;
    return !(own(a) && own(b));
  });
}

/**
 * Tables the file declares frozen or as an enum (`export const SeverityLevel = Object.freeze({…})`, its compiled
 * `exports.SeverityLevel = Object.freeze({…})`, `enum Level {…}`): their keys and values are the program's own.
 */
const frozenTable = /(?:\bconst\s+|\bexports\.)([\w$]+)\s*=\s*Object\.freeze\(\s*\{|\benum\s+([\w$]+)\s*\{/g;

/** An iteration over a CONSTANT_CASE table (`Object.keys(Command.FLAGS)`, `FLAGS[f]`, `MAP.entries`). */
const ownTable = /^(?:Object\.(?:keys|entries|values)\()?(?:[\w$]+\.)*[A-Z][A-Z0-9_]+\b/;

/** What a key variable iterates, spaces removed: a `for…in/of`'s right side, or the array whose callback binds it. */
function iteratedBy(index: SgNode | null, at: SgNode): string | null {
  if (index?.kind() !== "identifier") return null;
  const name = index.text();
  for (let p = at.parent(); p; p = p.parent()) {
    const k = String(p.kind());
    if (
      k === "for_in_statement" &&
      p
        .field("left")
        ?.text()
        .replace(/^(?:const|let|var)\s+/, "") === name
    )
      return p.field("right")?.text().replace(/\s+/g, "") ?? null;
    if (k !== "arrow_function" && k !== "function_expression" && k !== "function") continue;
    const call = p.parent()?.kind() === "arguments" ? p.parent()!.parent() : null;
    const fn = call?.field("function");
    const method = fn?.kind() === "member_expression" ? fn.field("property")?.text() : "";
    if (!method || !/^(?:forEach|map|reduce|filter|some|every)$/.test(method)) continue;
    const params = (p.field("parameters")?.children() ?? (p.field("parameter") ? [p.field("parameter")!] : [])).filter((c) => c.isNamed());
    if (params[method === "reduce" ? 1 : 0]?.text() === name) return fn!.field("object")?.text().replace(/\s+/g, "") ?? null;
  }
  return null;
}

/** Names of the file's top-level functions that test for a plain object (`typeof v === "object"`), not for a function. */
function objectTests(root: SgNode): Set<string> {
  const out = new Set<string>();
  for (const stmt of root.children()) {
    const decl = stmt.kind() === "export_statement" ? (stmt.field("declaration") ?? stmt) : stmt;
    const fns =
      String(decl.kind()) === "function_declaration"
        ? [{ name: decl.field("name")?.text(), text: decl.text() }]
        : decl.children().flatMap((c) => (c.kind() === "variable_declarator" ? [{ name: c.field("name")?.text(), text: c.field("value")?.text() ?? "" }] : []));
    // `exports.isObject = function (o) {…}` (also module.exports.x, or a variable declared earlier): a module's helper.
    const assign = decl.kind() === "expression_statement" ? decl.children().find((c) => c.kind() === "assignment_expression") : undefined;
    const left = assign?.field("left")?.text().replace(/\s+/g, "") ?? "";
    if (assign && /^(?:(?:module\.)?exports\.)?[\w$]+$/.test(left) && /^function/.test(String(assign.field("right")?.kind() ?? "")))
      fns.push({ name: left, text: assign.field("right")!.text() });
    for (const f of fns) if (f.name && objectOnly.test(f.text) && !/["'`]function["'`]/.test(f.text)) out.add(f.name);
  }
  return out;
}

/**
 * `t[k] = merge(t[k], s[k])` calling the merge itself, which replaces a target that is no object with a new one
 * before writing into it (`if (!isObject(target)) target = {}`): a `constructor` function is never entered.
 */
function recursesIntoObjectsOnly(c: SgNode, fn: SgNode, tests: Set<string>): boolean {
  // The function's own name, or the name it is assigned to (`_mutate = function mutate() {…}`).
  const up = fn.parent();
  const names = [nameOf(fn), up?.kind() === "assignment_expression" ? up.field("left")?.text().replace(/\s+/g, "") : null];
  const callee = c.field("function")?.text().replace(/\s+/g, "") ?? "";
  if (!names.some((n) => n && (callee === n || callee.endsWith(`.${n}`)))) return false;
  const write = c.parent()?.kind() === "assignment_expression" ? c.parent()!.field("left") : null;
  const base = write?.kind() === "subscript_expression" ? write.field("object")?.text() : undefined;
  if (!base || !/^[\w$]+$/.test(base)) return false;
  const body = fn.text().replace(/\s+/g, "");
  return [...tests].some((t) => body.includes(`if(!${t}(${base})){${base}={}`) || body.includes(`if(!${t}(${base}))${base}={}`));
}

// `typeof o === "object"`, or its refusal `typeof o !== "object"` (Babel's `_typeof(o)` too), or the `[object Object]` tag.
const objectOnly = /(?:typeof\s+[\w$.[\]]+|_typeof\([\w$.[\]]+\))\s*[!=]==?\s*["'`]object["'`]|toString\.call\([^)]*\)\s*===?\s*["'`]\[object Object\]["'`]/;

/**
 * A merge that skips `__proto__` and descends into `t[key]` only where `t[key]` tested as a plain object
 * (`if (isObject(t[key]) && isObject(s[key])) merge(t[key], s[key])`): `constructor` is then the inherited
 * `Object` function, no object, and is overwritten rather than entered; `constructor.prototype` is never reached.
 */
export function descendsIntoObjectsOnly(fn: SgNode, root: SgNode): boolean {
  const tests = objectTests(root);
  // Each call whose first argument is a computed member (`merge(t[key], s[key])`), with that argument's text.
  const calls = fn.findAll({ rule: { kind: "call_expression" } }).flatMap((c) => {
    const first = c
      .field("arguments")
      ?.children()
      .find((x) => x.isNamed());
    // An element at a counted index (`clone(source[i])` of an array) is no descent through a key, nor is a test in a
    // condition (`Array.isArray(t[key])`).
    const descent = first?.kind() === "subscript_expression" && !isCounter(first.field("index"), c) && !inCondition(c, fn);
    return descent ? [{ c, first: first!.text().replace(/\s+/g, "") }] : [];
  });
  if (!calls.length) return false;
  return calls.every(({ c, first }) => {
    if (recursesIntoObjectsOnly(c, fn, tests)) return true;
    const arg = first.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const inline = new RegExp(`typeof${arg}===?["'\`]object["'\`]`);
    const notObject = new RegExp(`typeof${arg}!==?["'\`]object["'\`]`);
    for (let p = c.parent(), from = c; p && p.id() !== fn.id(); from = p, p = p.parent()) {
      if (p.kind() !== "if_statement" && p.kind() !== "ternary_expression") continue;
      const cond = (p.field("condition")?.text() ?? "").replace(/\s+/g, "");
      // The else of `if (!t[k] || typeof t[k] !== "object" || …) t[k] = clone(v); else merge(t[k], v)`: an object.
      if (p.field("alternative")?.id() === from.id()) {
        if (!cond.includes("&&") && (notObject.test(cond) || [...tests].some((t) => cond.includes(`!${t}(${first})`)))) return true;
        continue;
      }
      if (cond.includes("||")) continue;
      if (inline.test(cond) || [...tests].some((t) => cond.includes(`${t}(${first})`))) return true;
    }
    return false;
  });
}

/** Whether `c` lies in the condition of an `if` or a ternary inside `fn`. */
function inCondition(c: SgNode, fn: SgNode): boolean {
  for (let p = c.parent(), from = c; p && p.id() !== fn.id(); from = p, p = p.parent())
    if ((p.kind() === "if_statement" || p.kind() === "ternary_expression") && p.field("condition")?.id() === from.id()) return true;
  return false;
}

/**
 * Fields and module names a file's text sets to an object without a prototype (`this.cache = Object.create(null)`,
 * `const registry = Object.create(null)`): `t[a]` of such an object is never `Object.prototype`, so `t[a][b] = v`
 * writes into an object of its own, and `t.__proto__ = v` only adds a key.
 */
export function nullPrototypeFields(source: string): Set<string> {
  const out = new Set<string>();
  if (source.includes("create(null)"))
    for (const m of source.matchAll(/(?:\b(?:const|let|var)\s+)?((?:this\.)?[\w$]+)\s*=\s*Object\.create\(\s*null\s*\)/g)) out.add(m[1]!);
  return out;
}
