// Library input kept by a constructor: `constructor(dir) { this.dir = dir }` (`__init__(self, repo)`:
// `self.repo = repo`) and then read by a public method, `pull() { exec("cd " + this.dir + …) }`. Whoever
// makes the object chose those values, as they choose a method's arguments.
import type { TNode } from "../syntax/node.ts";
import type { Analyzer } from "../driver/analyzer.ts";
import type { Taint, Value } from "../model/state.ts";
import { named } from "../syntax/syntax-types.ts";
import { sourceTaint, withField } from "../model/values.ts";
import { settingsMask } from "./entry-points.ts";
import { isLibraryEntry } from "./library-entries.ts";
import { carriesNoString } from "../syntax/param-types.ts";
import { classBit } from "../syntax/classes.ts";
import { prototypeBase } from "../functions/holders.ts";

/**
 * A path, query or filter kept at construction is the caller's configuration (a cache file, a checkout, the
 * query a `Query` object runs): the object uses it as given. A command line built from it still runs it in a shell.
 */
const keptForCaller = classBit("path-traversal") | classBit("sql-injection") | classBit("nosql-injection");

const identifier = (name: string): RegExp => new RegExp(`(?<![\\w$.])${name.replace(/\$/g, "\\$")}(?![\\w$])`);

/** Class bodies (by node id) to their constructor, per file (its root): each method of a class asks. */
const ctorsByFile = new WeakMap<TNode, Map<number, TNode | null>>();

function classConstructor(a: Analyzer, body: TNode, find: () => TNode | null): TNode | null {
  const root = a.fileRoot;
  if (!root) return find();
  let known = ctorsByFile.get(root);
  if (!known) ctorsByFile.set(root, (known = new Map()));
  const id = body.id();
  let c = known.get(id);
  if (c === undefined) known.set(id, (c = find()));
  return c;
}

/** The constructor of the class (or the constructor function) a method belongs to, else null. */
function constructorOf(a: Analyzer, fn: TNode, python: boolean): TNode | null {
  if (python) {
    const body = fn.parent()?.kind() === "decorated_definition" ? fn.parent()!.parent() : fn.parent();
    if (body?.kind() !== "block" || body.parent()?.kind() !== "class_definition") return null;
    return classConstructor(a, body, () => {
      for (const c of named(body)) {
        const d = c.kind() === "decorated_definition" ? c.field("definition") : c;
        if (d?.kind() === "function_definition" && d.field("name")?.text() === "__init__") return d;
      }
      return null;
    });
  }
  const body = fn.parent();
  if (fn.kind() === "method_definition" && body?.kind() === "class_body")
    return classConstructor(a, body, () => named(body).find((m) => m.kind() === "method_definition" && m.field("name")?.text() === "constructor") ?? null);
  // `Base.prototype.m = function`, `Base.prototype = { m: function }`: the constructor function `Base` of the file.
  const base = prototypeBase(fn);
  if (!base) return null;
  for (const c of a.topLevel(fn).filter((n) => n.isNamed())) {
    if (c.kind() === "function_declaration" && c.field("name")?.text() === base) return c;
    for (const d of c.kind() === "variable_declaration" || c.kind() === "lexical_declaration" ? named(c) : [])
      if (d.field("name")?.text() === base && /^function/.test(d.field("value")?.kind() ?? "")) return d.field("value");
  }
  return null;
}

/**
 * The receiver's value in a public method of an exported class walked as an entry: tainted as library input
 * in the fields its constructor sets from its own parameters (not of an excepted type); null when there are none.
 */
export function constructorFields(a: Analyzer, fn: TNode): Taint | null {
  // Asked of a scope before its walk (whether it may carry taint) and again as the walk enters it.
  const known = asked.get(fn);
  if (known?.a === a) return known.value;
  const value = keptFields(a, fn);
  asked.set(fn, { a, value });
  return value;
}

const asked = new WeakMap<TNode, { a: Analyzer; value: Taint | null }>();

function keptFields(a: Analyzer, fn: TNode): Taint | null {
  const lib = a.rules.library;
  const python = a.syn.prefix === "py";
  if (!lib || (!python && a.syn.prefix !== "js" && a.syn.prefix !== "ts")) return null;
  // A constructor's name is in the file's text (`__init__`, a `constructor` method, an `X.prototype`
  // assignment): without it, no lookup below can find one, and each asks the tree for every function.
  if (a.source && !(python ? a.source.includes("__init__") : a.source.includes("constructor") || a.source.includes(".prototype"))) return null;
  if (fn.field("name")?.text() === (python ? "__init__" : "constructor")) return null;
  const ctor = constructorOf(a, fn, python);
  if (!ctor || !isLibraryEntry(a, fn)) return null;
  const self = python ? "self" : "this";
  const params = a.syn.params(ctor).filter((p) => p.name && p.name !== "self" && !carriesNoString(lib.exceptTypes, p.type));
  if (!params.length) return null;
  let out: Taint | null = null;
  const keep = (from: (typeof params)[number], at: TNode, prop: string): void => {
    // A setting (`root`, `cwd`) is no input for the classes it names; one value holds every field, so it is
    // as tainted as its most tainted field.
    const mask = lib.spec.mask | keptForCaller | settingsMask(lib, from.name);
    const kept = withField(out, sourceTaint(from.node, lib.spec.id, lib.spec.confidence, "param", mask), at, prop);
    out = out ? { ...kept, mask: out.mask & mask } : kept;
  };
  // TypeScript's parameter properties (`constructor(private readonly remote: string)`) are fields set so.
  for (const p of params) if (/^(?:public|private|protected|readonly)\b/.test(p.node.text())) keep(p, p.node, p.name);
  // A local options object filled from a parameter (`options.root = opts.root`) and kept whole (`this.opts = options`)
  // keeps that parameter in the fields so filled; kept in another form (`this.opts = merge(options)`), in all of them.
  const filled = new Map<string, { from: (typeof params)[number]; fields: string[] }>();
  for (const stmt of named(ctor.field("body") ?? null)) {
    const assign = stmt.kind() === "expression_statement" ? named(stmt)[0] : null;
    if (assign?.kind() !== (python ? "assignment" : "assignment_expression")) continue;
    const left = assign.field("left");
    const right = assign.field("right");
    const obj = left?.field(a.syn.memberFields[0]);
    const prop = left?.field(a.syn.memberFields[1])?.text();
    if (!right || !prop || !obj) continue;
    const rightText = right.text();
    const local = [...filled].find(([n]) => identifier(n).test(rightText));
    const from = params.find((p) => identifier(p.name).test(rightText)) ?? local?.[1].from;
    if (!from) continue;
    if (obj.text() === self) {
      keep(from, assign, prop);
      if (local && rightText === local[0]) for (const f of local[1].fields) keep(from, assign, `${prop}.${f}`);
    } else if (a.syn.roles[obj.kind()] === "ident") {
      const entry = filled.get(obj.text()) ?? { from, fields: [] };
      entry.fields.push(prop);
      filled.set(obj.text(), entry);
    }
  }
  return out;
}

/**
 * The receiver of `this.m()` (`self.m()`) when it holds data in some fields only: the fields a public method's
 * constructor kept from its callers (keptFields above), which the method called may read. Library
 * input there is the caller's configuration of the object, as kept fields are: a path, query or filter it set
 * (`self.fname = path; self.create()`) is used as given.
 */
export function ownReceiver(a: Analyzer, recv: TNode | null): Value {
  const k = recv?.kind();
  const v = k === "this" ? a.selfValue : k === "identifier" && a.syn.prefix === "py" && recv!.text() === "self" ? (a.state.vars.get("self") ?? null) : null;
  if (!v?.fields) return null;
  if (v.step.sourceId !== a.rules.library?.spec.id) return v;
  const fieldMasks = v.fieldMasks && new Map([...v.fieldMasks].map(([f, m]) => [f, m | keptForCaller]));
  return { ...v, mask: v.mask | keptForCaller, ...(fieldMasks ? { fieldMasks } : {}) };
}
