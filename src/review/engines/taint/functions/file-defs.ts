// The functions of a file by name (FileDefs), as local-callees.ts resolves calls among them: each one's
// parameters and owner (the class or function around it), and the name a call knows it by (defName).
import type { TNode } from "../syntax/node.ts";
import type { Param, Syntax } from "../syntax/syntax-types.ts";
import { mentions } from "../fast/relevance.ts";
import { spanQuery } from "../fast/function-spans.ts";
import { defaultExport } from "../syntax/js-modules.ts";
import { type Holder, holderOf } from "./holders.ts";

export interface Def {
  node: TNode;
  params: Param[];
  /** The innermost class or function around the definition; null at the top level. */
  owner: TNode | null;
  ownerIsClass: boolean;
  /** The class's name; "" for an anonymous class or a function owner. */
  ownerName: string;
  /** For a method: the class or function around its class (inner classes share names across a file); null at the top level. */
  outer: TNode | null;
  /** Leading parameters the call does not pass (Python's self or cls). */
  skip: number;
  /** Takes a variable number of arguments (`...rest`, `*args`, `**kw`): not summarised. */
  variadic: boolean;
  /** JavaScript: the object holding it as a method (holderOf: a constructor's prototype, an object literal), else null. */
  holder: Holder | null;
}

const classKinds = new Set([
  "class_declaration",
  "enum_declaration",
  "interface_declaration",
  "record_declaration", // Java, JS
  "class_definition",
  "class",
  "abstract_class_declaration", // Python, JS, TS
]);

/** The file's functions by name, listed once and described only for names a call asks for. */
export class FileDefs {
  private readonly syn: Syntax;
  readonly source: string;
  private readonly root: TNode;
  private readonly list: (() => TNode[]) | null;
  private byName: Map<string, TNode[]> | null = null;
  private readonly defs = new Map<string, Def[]>();
  /** Another file's functions, called from outside it: one mention (the definition) is enough. */
  declarations = false;

  /** `list`: the file's functions when the caller can list them; else one query of the tree. */
  constructor(syn: Syntax, source: string, root: TNode, list: (() => TNode[]) | null) {
    this.syn = syn;
    this.source = source;
    this.root = root;
    this.list = list;
  }

  /** Functions named `name` in this file (a cheap text test first: a definition and a call make two mentions). */
  named(name: string): Def[] {
    let d = this.defs.get(name);
    if (d) return d;
    d = [];
    const first = this.source.indexOf(name);
    // An anonymous default export is indexed under a name its text need not hold (exportedName).
    const unwritten = this.declarations && name === defaultExport;
    if (unwritten || (first >= 0 && (this.declarations || this.source.indexOf(name, first + name.length) >= 0) && mentions(this.source, name))) {
      for (const node of this.index().get(name) ?? []) d.push(this.describe(node));
    }
    this.defs.set(name, d);
    return d;
  }

  private index(): Map<string, TNode[]> {
    if (this.byName) return this.byName;
    const len = this.source.length;
    // A window's root finds the functions of every file in its joined tree: keep this file's.
    const funcs = this.list
      ? this.list()
      : this.root.findAll(spanQuery(this.syn)).filter((f) => {
          const r = f.range();
          return r.start.index >= 0 && r.end.index <= len;
        });
    this.byName = new Map();
    for (const f of funcs) {
      // Another file's object methods (`const helpers = { local: … }`) are no names its importers can call: only what it exports.
      const own = this.declarations && holderOf(f) ? "" : defName(f, this.source);
      const name = own || (this.declarations ? exportedName(f) : "");
      if (!name) continue;
      const list = this.byName.get(name);
      if (list) list.push(f);
      else this.byName.set(name, [f]);
    }
    return this.byName;
  }

  private describe(node: TNode): Def {
    const [owner, ownerIsClass] = this.ownerOf(node);
    const outer = ownerIsClass ? this.ownerOf(owner!)[0] : null;
    const ownerName = ownerIsClass && owner!.kind() !== "object_creation_expression" ? (owner!.field("name")?.text() ?? "") : "";
    const params = this.syn.params(node);
    const first = params[0]?.name;
    const skip = ownerIsClass && this.syn.ruleLanguage === "python" && (first === "self" || first === "cls") ? 1 : 0;
    const list = node.field("parameters")?.text() ?? "";
    // Python's bare `*` (keyword-only parameters after it) and `/` take no arguments of their own: only `*args` and `**kw` gather.
    const variadic = list.includes("...") || (this.syn.ruleLanguage === "python" && /\*\s*[A-Za-z_]/.test(list));
    const holder = ownerIsClass || this.syn.ruleLanguage === "python" ? null : holderOf(node);
    return { node, params, owner, ownerIsClass, ownerName, outer, skip, variadic, holder };
  }

  /** The innermost class or function around a node, and whether it is a class. */
  private ownerOf(node: TNode): [TNode | null, boolean] {
    let prev = node;
    for (let p = node.parent(); p; prev = p, p = p.parent()) {
      const k = p.kind();
      // A Java anonymous class: `new T() { ... }` holds its methods in a class_body.
      if (classKinds.has(k) || (k === "object_creation_expression" && prev.kind() === "class_body")) return [p, true];
      if (this.syn.roles[k] === "func") return [p, false];
    }
    return [null, false];
  }
}

/**
 * A declaration's name read from its first characters (`def name`, `function name`, `func Name`,
 * `async name(` in a class): asking the tree for it is a native call per function, and callers
 * and helpers look at many. Other kinds, or any doubt, ask the tree.
 */
const headNames: Record<string, RegExp> = {
  function_definition: /^(?:async\s+)?def\s+([A-Za-z_]\w*)\s*[([]/,
  function_declaration: /^(?:async\s+)?function\s*\*?\s*([A-Za-z_$][\w$]*)\s*[(<]|^func\s+([A-Za-z_]\w*)\s*[([]/,
  generator_function_declaration: /^(?:async\s+)?function\s*\*\s*([A-Za-z_$][\w$]*)\s*[(<]/,
  method_definition: /^(?:static\s+)?(?:async\s+)?(?:(?:get|set)\s+)?\*?\s*([A-Za-z_$][\w$]*)\s*[(<]/,
  // Java: annotations (arguments without parentheses) and modifiers, type parameters, the return type, the name.
  // A Go method (`func (r T) M(`) never matches and asks the tree.
  method_declaration: new RegExp(
    String.raw`^(?:@[\w$.]+(?:\s*\([^()]*\))?\s+|(?:public|protected|private|static|final|abstract|synchronized|native|strictfp|default)\s+)*` +
      String.raw`(?:<[^()]*?>\s*)?[\w$.]+(?:\s*<[^()]*?>)?(?:\s*\[\s*\])*\s+([A-Za-z_$][\w$]*)\s*\(`,
  ),
};

/** Kinds that have no name of their own (or may lack one): named by a variable they are assigned to, if any. */
const unnamed = new Set(["arrow_function", "lambda", "func_literal", "lambda_expression", "function_expression", "function"]);
const ownName = /^(?:async\s+)?function\s*\*?\s*([A-Za-z_$][\w$]*)\s*[(<]/;

/** The last two characters before `at` that are not white space (the last one second): what a node's text follows. */
export function charsBefore(source: string, at: number): string {
  let i = at - 1;
  while (i >= 0 && /\s/.test(source[i]!)) i--;
  return source.slice(Math.max(0, i - 1), i + 1);
}

/** Whether the text before `at` ends with an assignment's `=` (not `==`, `!=`, `<=`, `>=`, `=>`), or with an object
 * entry's `:` (a prototype object's method, named by holders.ts). */
const afterAssignOrKey = (source: string, at: number): boolean => /(?:^|[^=!<>])=$|:$/.test(charsBefore(source, at));

/** The name a function is called by: its own, or the variable an arrow function or lambda is assigned to. */
export function defName(f: TNode, source?: string): string {
  if (source !== undefined) {
    const k = f.kind();
    const re = headNames[k];
    const at = f.range().start.index;
    if (re) {
      const m = re.exec(source.slice(at, at + 160));
      if (m) return m[1] ?? m[2]!;
    } else if (unnamed.has(k)) {
      const m = ownName.exec(source.slice(at, at + 160));
      if (m) return m[1]!;
      // Neither named nor assigned (`app.get("/", (req, res) => ...)`): no name. A prototype object's
      // entry (`X.prototype = { m: function () {} }`) is named below.
      if (!afterAssignOrKey(source, at)) return "";
    }
  }
  const n = f.field("name");
  if (n) return n.text();
  const p = f.parent();
  const k = p?.kind();
  if (k === "variable_declarator") return p!.field("name")?.text() ?? "";
  if (k === "assignment") return p!.field("left")?.kind() === "identifier" ? p!.field("left")!.text() : "";
  // A method of a constructor's prototype or of an object (`X.prototype.m = function`, `var X = { m: function }`).
  if ((k === "assignment_expression" || k === "pair") && holderOf(f)) {
    const key = k === "pair" ? p!.field("key") : p!.field("left")?.field("property");
    return key?.text().replace(/^["']|["']$/g, "") ?? "";
  }
  return "";
}

/**
 * The name a CommonJS module exports an unnamed function by (`exports.run = function (cmd)`,
 * `module.exports = { run: (cmd) => … }`): only for another file's functions (FileDefs.declarations),
 * where a call names the export; in the file itself such a name is no variable a call could mean.
 */
function exportedName(f: TNode): string {
  const p = f.parent();
  if (p?.kind() === "assignment_expression") {
    const left = p.field("left")?.text().replace(/\s+/g, "") ?? "";
    // `module.exports = function (name) {…}`: the module's default export, what a call of the module itself runs.
    return left === "module.exports" ? defaultExport : (/^(?:module\.)?exports\.([\w$]+)$/.exec(left)?.[1] ?? "");
  }
  // `export default function (name) {…}`, `export default (name) => …`.
  if (p?.kind() === "export_statement" && /^export\s+default\b/.test(p.text())) return defaultExport;
  if (p?.kind() !== "pair") return "";
  const target = p.parent()?.parent();
  if (target?.kind() !== "assignment_expression" || target.field("left")?.text().replace(/\s+/g, "") !== "module.exports") return "";
  return (
    p
      .field("key")
      ?.text()
      .replace(/^["']|["']$/g, "") ?? ""
  );
}
