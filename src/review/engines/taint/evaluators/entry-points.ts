// Entry points known by what a function is, not by its parameters' names: a module's public
// function, whose parameters are library input (rules `library`), and a JavaScript route handler
// by its position (`app.get("/x", (a, b) => ...)`: `a` is the request whatever it is called).
import type { TNode } from "../syntax/node.ts";
import type { Analyzer } from "../driver/analyzer.ts";
import type { Param } from "../syntax/syntax-types.ts";
import { named } from "../syntax/syntax-types.ts";
import type { Taint, Value } from "../model/state.ts";
import { sourceTaint } from "../model/state.ts";
import { namedOnlyMask } from "../syntax/classes.ts";
import { lastSegment } from "../syntax/rule-specs.ts";
import type { CompiledRules, LibrarySpec, SinkSpec } from "../syntax/rule-specs.ts";
import { carriesNoString } from "../syntax/param-types.ts";

/** Per-file answers, kept on the analyzer (never in module-level maps: see the README). */
interface EntryState {
  library: boolean;
  exported: Set<string> | null;
  entries: Map<number, boolean>;
  handlers: Map<number, TNode | null>;
}

function stateOf(a: Analyzer): EntryState {
  if (a.entry) return a.entry as EntryState;
  const lib = a.rules.library;
  const library =
    !!lib && !(lib.unlessPath?.test(a.path) ?? false) && (!lib.fileContains || lib.fileContains.test(a.source)) && !(lib.unlessFile?.test(a.source) ?? false);
  const st: EntryState = { library, exported: null, entries: new Map(), handlers: new Map() };
  a.entry = st;
  return st;
}

const ident = /^[A-Za-z_$][\w$]*$/;

/** Names a JavaScript module exports by name: `module.exports = f`, `module.exports = { f, g: h }`, `exports.x = f`, `export { f }`, `export default f`. */
export function exportedNames(source: string): Set<string> {
  const out = new Set<string>();
  const add = (n: string | undefined): void => {
    if (n && ident.test(n)) out.add(n);
  };
  for (const m of source.matchAll(/\bmodule\.exports\s*=\s*([A-Za-z_$][\w$]*)\s*(?:;|$)/gm)) add(m[1]);
  for (const m of source.matchAll(/\b(?:module\.)?exports(?:\.[\w$]+|\[[^\]\n]+\])\s*=\s*([A-Za-z_$][\w$]*)\s*(?:;|$)/gm)) add(m[1]);
  for (const m of source.matchAll(/\bmodule\.exports\s*=\s*\{([^{}]*)\}/g)) {
    for (const part of m[1]!.split(",")) add(part.split(":").pop()?.trim());
  }
  for (const m of source.matchAll(/\bexport\s*\{([^{}]*)\}/g)) {
    for (const part of m[1]!.split(","))
      add(
        part
          .trim()
          .split(/\s+as\s+/)[0]
          ?.trim(),
      );
  }
  for (const m of source.matchAll(/\bexport\s+default\s+([A-Za-z_$][\w$]*)\s*(?:;|$)/gm)) add(m[1]);
  return out;
}

/** JavaScript: a function not nested in another whose top-level statement exports it, or whose name (or class's) is exported. */
function jsEntry(a: Analyzer, st: EntryState, fn: TNode): boolean {
  const names: string[] = [];
  const own = fn.field("name");
  if (own && fn.kind() !== "method_definition") names.push(own.text());
  else if (own && /^[#_]/.test(own.text())) return false;
  // TypeScript's `private` methods are no more public than `#x` ones.
  else if (own && /^private\b/.test(a.source.slice(fn.range().start.index, fn.range().start.index + 8))) return false;
  let n = fn;
  for (let p = fn.parent(); p; n = p, p = p.parent()) {
    const k = p.kind();
    if (k === "program") {
      if (n.kind() === "export_statement") return true;
      const at = n.range().start.index;
      if (n.kind() === "expression_statement" && /^(?:module\.)?exports\b/.test(a.source.slice(at, at + 40))) return true;
      st.exported ??= exportedNames(a.source);
      return names.some((x) => st.exported!.has(x));
    }
    if (a.syn.roles[k] === "func" || k === "arguments") return false;
    if (k === "variable_declarator" || k === "class_declaration" || k === "class") {
      const nm = p.field("name");
      if (nm) names.push(nm.text());
    } else if (k === "pair" && /^["'`]?[#_]/.test(p.field("key")?.text() ?? "")) return false;
    // A class field holding a function (`_run = (...args) => …`, TypeScript's `private run = …`) is private so named or declared.
    else if ((k === "field_definition" || k === "public_field_definition") && /^(?:(?:static\s+)?[#_]|private\b)/.test(p.text())) return false;
    else if (k === "assignment_expression") {
      // `Runner.prototype.run = function`, `Runner.prototype = { run() {} }`, `Runner.create = …`: a method of
      // what the module exports under `Runner`; `_name` is private by convention.
      const left = p.field("left");
      if (left?.kind() === "member_expression") {
        if (/^[#_]/.test(left.field("property")?.text() ?? "")) return false;
        const base = /^[A-Za-z_$][\w$]*/.exec(left.text())?.[0];
        if (base && base !== "module" && base !== "exports" && base !== "this") names.push(base);
      }
    }
  }
  return false;
}

/**
 * Python: a public module-level function (or a lambda a public module-level name holds), or a public method of a
 * public module-level class; test functions aside. Protocol methods (`__init__`, `__call__`) are public: the
 * caller's arguments reach them through `Cls(x)` and `obj(x)`.
 */
function pyEntry(fn: TNode): boolean {
  if (fn.kind() === "lambda") return pyLambdaEntry(fn);
  const name = fn.field("name")?.text() ?? "";
  if (!name || (name.startsWith("_") && !/^__\w+__$/.test(name)) || name.startsWith("test")) return false;
  const up = (n: TNode | null): TNode | null => (n?.kind() === "decorated_definition" ? n.parent() : n);
  const p = up(fn.parent());
  if (p?.kind() === "module") return true;
  const cls = p?.kind() === "block" ? p.parent() : null;
  if (cls?.kind() !== "class_definition" || (cls.field("name")?.text() ?? "_").startsWith("_")) return false;
  return up(cls.parent())?.kind() === "module";
}

/** `run = lambda cmd: ...` at module level, under a public name. */
function pyLambdaEntry(fn: TNode): boolean {
  const assign = fn.parent();
  const left = assign?.kind() === "assignment" ? assign.field("left") : null;
  if (left?.kind() !== "identifier" || left.text().startsWith("_")) return false;
  return assign!.parent()?.kind() === "expression_statement" && assign!.parent()!.parent()?.kind() === "module";
}

/** Whether a value's flow starts at library input (a parameter of a library entry). */
export function fromLibrary(a: Analyzer, t: Taint): boolean {
  let s = t.step;
  while (s.prev) s = s.prev;
  return s.sourceId === a.rules.library?.spec.id;
}

/** True when `fn`'s parameters are library input: a public entry of a module that is no application module. */
export function isLibraryEntry(a: Analyzer, fn: TNode): boolean {
  const st = stateOf(a);
  if (!st.library) return false;
  const id = fn.id();
  let v = st.entries.get(id);
  if (v === undefined) {
    v = a.syn.prefix === "py" ? pyEntry(fn) : a.syn.prefix === "js" || a.syn.prefix === "ts" ? jsEntry(a, st, fn) : false;
    st.entries.set(id, v);
  }
  return v;
}

/** Text a JavaScript file holds where a handler may be known by its shape (fast/prefilter.ts). */
export const handlerShapeText =
  "\\.(?:get|post|put|patch|delete|del|all|use|options|head)\\s*\\(\\s*(?:['\"`]/|/)|\\(\\s*\\{[^()]*\\}\\s*,\\s*(?:res|resp|response|reply|rep)\\b";

const routeMethods = /^(?:get|post|put|patch|delete|del|all|use|options|head)$/;
const responseNames = /^(?:res|resp|response|reply|rep)$/;

/** The first formal parameter of a JavaScript route handler known by its shape, else null. */
function handlerRequest(a: Analyzer, fn: TNode): TNode | null {
  const st = stateOf(a);
  const id = fn.id();
  if (st.handlers.has(id)) return st.handlers.get(id)!;
  let out: TNode | null = null;
  const formals = named(fn.field("parameters"));
  if (formals.length >= 2 && formals.length <= 4) {
    const second = formals[1]!;
    // `({ query }, res) => ...`: a destructured request beside a response.
    if (formals[0]!.kind() === "object_pattern" && responseNames.test(second.text())) out = formals[0]!;
    else if (routeHandler(fn)) out = formals[0]!;
  }
  st.handlers.set(id, out);
  return out;
}

/** `app.get("/path", ..., fn)`, `router.route("/x").post(fn)`: fn is passed where a route takes its handler. */
function routeHandler(fn: TNode): boolean {
  const args = fn.parent();
  const call = args?.kind() === "arguments" ? args.parent() : null;
  const callee = call?.kind() === "call_expression" ? call.field("function") : null;
  if (callee?.kind() !== "member_expression") return false;
  if (!routeMethods.test(callee.field("property")?.text() ?? "")) return false;
  const first = named(args)[0];
  if (!first) return false;
  if (first.kind() === "string" || first.kind() === "template_string") return /^['"`]\//.test(first.text());
  if (first.kind() === "regex") return true;
  return first.id() === fn.id() && /\.route\s*\([^)]*\)\s*$/.test(callee.field("object")?.text() ?? "");
}

/** The source a parameter is by its function's role (after the rules' `params` found none), else null. */
export function entrySource(a: Analyzer, fn: TNode, p: Param, topLevel: boolean): Value {
  if (a.syn.prefix === "js" || a.syn.prefix === "ts") {
    const req = handlerRequest(a, fn);
    if (req) {
      const r = req.range(),
        q = p.node.range();
      if (q.start.index >= r.start.index && q.end.index <= r.end.index) {
        const spec = a.rules.params.find((s) => s.id === "http-request");
        return sourceTaint(p.node, "http-request", spec?.confidence ?? "high", "param", spec?.mask ?? namedOnlyMask);
      }
      // The other parameters of a handler (response, next) are the framework's, not library input.
      return null;
    }
  }
  if (!topLevel || p.name === "self" || p.name === "cls") return null;
  const lib = a.rules.library;
  if (!lib || carriesNoString(lib.exceptTypes, p.type) || !isLibraryEntry(a, fn)) return null;
  return sourceTaint(p.node, lib.spec.id, lib.spec.confidence, "param", lib.spec.mask | settingsMask(lib, p.name));
}

/** The classes a parameter, option or kept field is no input for because its name makes it a setting (`root`, `cwd`). */
export function settingsMask(lib: LibrarySpec, name: string): number {
  let mask = 0;
  for (const x of lib.settings) if (x.names.some((r) => r.test(name))) mask |= x.mask;
  return mask;
}

/** Text of a function that reads its `arguments` object (not a member named so). */
const readsArguments = /(?<![\w$.])arguments(?![\w$])/;

/**
 * JavaScript: the `arguments` object of a library entry (`function run() { exec([].slice.call(arguments).join(" ")) }`)
 * holds library input as its parameters do; an arrow function has none of its own. Null elsewhere.
 */
export function argumentsSource(a: Analyzer, fn: TNode, topLevel: boolean): Value {
  if (!topLevel || (a.syn.prefix !== "js" && a.syn.prefix !== "ts") || fn.kind() === "arrow_function") return null;
  const lib = a.rules.library;
  const r = fn.range();
  if (!lib || !isLibraryEntry(a, fn) || !readsArguments.test(a.source.slice(r.start.index, r.end.index))) return null;
  return sourceTaint(fn.field("parameters") ?? fn, lib.spec.id, lib.spec.confidence, "param", lib.spec.mask);
}

/** True when some parameter of `fn` is a source by its function's role; its parameters are read only then. */
export function hasEntrySource(a: Analyzer, fn: TNode, params: () => Param[], viaHelper = false): boolean {
  const js = a.syn.prefix === "js" || a.syn.prefix === "ts";
  if (js && mayBeHandler(a, fn) && handlerRequest(a, fn)) return true;
  // A library entry is worth a walk only where a sink library input can reach is called in it, or in
  // a helper it calls (`viaHelper`): most functions of a package hold none.
  if (!isLibraryEntry(a, fn)) return false;
  if (!viaHelper) {
    const test = librarySinks(a.rules);
    const r = fn.range();
    if (!test?.test(a.source.slice(r.start.index, r.end.index))) return false;
  }
  return params().some((p) => p.name !== "" && entrySource(a, fn, p, true) !== null) || argumentsSource(a, fn, true) !== null;
}

const sinkTests = new WeakMap<CompiledRules, RegExp | null>();

/**
 * Calls of the sinks of classes library input causes (by their last name: `exec(`, `.query(`, `readFile(`), and the
 * sinks that take it whatever its class (`fromLibrary`: `.insertAdjacentHTML(`, `.innerHTML =`).
 */
function librarySinks(rules: CompiledRules): RegExp | null {
  if (sinkTests.has(rules)) return sinkTests.get(rules)!;
  const mask = (rules.library?.spec.mask ?? 0) | (rules.library?.exceptMask ?? 0);
  const reached = (x: SinkSpec): boolean => !(x.cls & mask) || !!x.fromLibrary;
  const words = new Set<string>();
  for (const [key, specs] of rules.sinks.exact) if (specs.some(reached)) words.add(lastSegment(key));
  for (const [last, list] of rules.sinks.suffix) if (list.some((x) => reached(x.spec))) words.add(last);
  const alts = [...words].filter((w) => /^[\w$]+$/.test(w)).map((w) => w.replace(/\$/g, "\\$"));
  const assigned = [...rules.assignSinks].filter(([k, specs]) => /^[\w$]+$/.test(k) && specs.some(reached)).map(([k]) => k.replace(/\$/g, "\\$"));
  const parts = [
    ...(alts.length ? [`(?<![\\w$])(?:${alts.join("|")})\\s*\\(`] : []),
    ...(assigned.length ? [`(?<![\\w$])(?:${assigned.join("|")})\\s*\\+?=(?!=)`] : []),
  ];
  const r = parts.length ? new RegExp(parts.join("|")) : null;
  sinkTests.set(rules, r);
  return r;
}

const startTests = new WeakMap<CompiledRules, RegExp | null>();

/** True when the candidate sink found at `at` (fast/prefilter.ts) is a call of a sink library input can reach. */
export function librarySinkAt(rules: CompiledRules, source: string, at: number): boolean {
  let r = startTests.get(rules);
  if (r === undefined) {
    const words = librarySinks(rules);
    r = words ? new RegExp(`^[\\w$.\\s"'()\\[\\]-]{0,100}?${words.source}`) : null;
    startTests.set(rules, r);
  }
  return !!r && r.test(source.slice(at, at + 120));
}

/** On the text first: a destructured first parameter, or a function passed as an argument (one native question). */
function mayBeHandler(a: Analyzer, fn: TNode): boolean {
  const at = fn.range().start.index;
  if (/^(?:async\s*)?(?:function\b[^(]*)?\(\s*\{/.test(a.source.slice(at, at + 80))) return true;
  return fn.parent()?.kind() === "arguments";
}
