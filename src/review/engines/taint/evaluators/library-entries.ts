// Library entries known by what a function is, not by its parameters' names: a module's public
// function, whose parameters are library input (rules `library`). The per-file answers of entry
// points (these and entry-points.ts's route handlers) are kept here.
import type { TNode } from "../syntax/node.ts";
import type { Analyzer } from "../driver/analyzer.ts";
import { withoutStrings } from "../../../text.ts";

/** Per-file answers, kept on the analyzer (never in module-level maps: see the README). */
interface EntryState {
  library: boolean;
  /** A Python module the library rules skip as an application's (it imports a web framework) that reads no request: see appEntry. */
  app: boolean;
  exported: Set<string> | null;
  entries: Map<number, boolean>;
  handlers: Map<number, TNode | null>;
}

export function stateOf(a: Analyzer): EntryState {
  if (a.entry) return a.entry as EntryState;
  const lib = a.rules.library;
  const candidate = !!lib && !(lib.unlessPath?.test(a.path) ?? false) && (!lib.fileContains || lib.fileContains.test(a.source));
  const application = candidate && (lib.unlessFile?.test(a.source) ?? false);
  // Only a helper module of an application (a `db.py` importing `flask.g`): one that reads the request itself holds views,
  // and its helpers serve them (walked from them).
  const app = application && a.syn.prefix === "py" && !/\brequest\b/.test(a.source);
  const st: EntryState = { library: candidate && !application, app, exported: null, entries: new Map(), handlers: new Map() };
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

/** True when `fn`'s parameters are library input: a public entry of a module that is no application module. */
export function isLibraryEntry(a: Analyzer, fn: TNode): boolean {
  const st = stateOf(a);
  if (!st.library && !st.app) return false;
  const id = fn.id();
  let v = st.entries.get(id);
  if (v === undefined) {
    if (st.app) v = pyEntry(fn) && appEntry(a, fn);
    else v = a.syn.prefix === "py" ? pyEntry(fn) : a.syn.prefix === "js" || a.syn.prefix === "ts" ? jsEntry(a, st, fn) : false;
    st.entries.set(id, v);
  }
  return v;
}

/**
 * Python: in an application module (it imports a web framework), the framework's handlers are the entry points, and a
 * helper the module calls is walked with its callers' values. In a module of helpers (it reads no request itself), an
 * undecorated public module-level function that nothing in the module names is called from other modules: its
 * parameters are its callers' input, as a library entry's are.
 */
function appEntry(a: Analyzer, fn: TNode): boolean {
  // Module-level only: a method's callers reach it through objects the module's framework makes and hands on.
  if (fn.kind() !== "function_definition" || fn.parent()?.kind() !== "module") return false;
  const name = fn.field("name")?.text() ?? "";
  if (!/^[A-Za-z]\w*$/.test(name)) return false;
  const code = withoutStrings(a.source);
  return (code.match(new RegExp(`(?<![\\w.])${name}\\b|\\.${name}\\b`, "g"))?.length ?? 0) === 1;
}
