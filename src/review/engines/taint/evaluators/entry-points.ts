// Entry points known by what a function is, not by its parameters' names: a module's public
// function, whose parameters are library input (rules `library`; which functions are: library-entries.ts),
// and a JavaScript route handler by its position (`app.get("/x", (a, b) => ...)`: `a` is the request
// whatever it is called).
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
import { responseParams } from "../syntax/response-names.ts";
import { isLibraryEntry, stateOf } from "./library-entries.ts";

/** Whether a value's flow starts at library input (a parameter of a library entry). */
export function fromLibrary(a: Analyzer, t: Taint): boolean {
  let s = t.step;
  while (s.prev) s = s.prev;
  return s.sourceId === a.rules.library?.spec.id;
}

/** A handler's names for its response, and Fastify's `rep`. */
const responseWords = [...responseParams, "rep"].join("|");

/** Text a JavaScript file holds where a handler may be known by its shape (fast/prefilter.ts). */
export const handlerShapeText =
  `\\.(?:get|post|put|patch|delete|del|all|use|options|head)\\s*\\(\\s*(?:['"\`]/|/)` + `|\\(\\s*\\{[^()]*\\}\\s*,\\s*(?:${responseWords})\\b`;

const routeMethods = /^(?:get|post|put|patch|delete|del|all|use|options|head)$/;
const responseNames = new RegExp(`^(?:${responseWords})$`);

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
