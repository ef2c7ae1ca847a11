// Calls into other files of the repository. A call that stays an unknown call with a tainted
// argument or receiver records the name it would resolve to elsewhere (Java: the receiver's class;
// Python: the module, from the file's imports). The review engine re-analyses such a file with the
// files declaring those names attached (../../library.ts); then the callee is found there by name
// and arity (evaluators/cross-file-calls.ts applies it).
import type { Analyzer } from "./analyzer.ts";
import type { Callee } from "../evaluators/calls.ts";
import type { Syntax } from "../syntax/syntax-types.ts";
import type { CompiledRules } from "../syntax/rule-specs.ts";
import { classOfReceiver, declaredClass } from "../functions/local-callees.ts";
import type { Def } from "../functions/file-defs.ts";
import { importNames } from "../syntax/python-imports.ts";
import { absoluteModule, declaredAll } from "./cross-file-names.ts";
import { defaultExportName, jsTargets } from "./cross-file-js.ts";
import { defaultExport, jsReExports, jsRelativeImports } from "../syntax/js-modules.ts";
import type { JsImport } from "../syntax/js-modules.ts";
import type { Shared } from "../evaluators/function-summaries.ts";
import { ContextTrees, parseContext, pickDefinition } from "./context-trees.ts";

/** A file of the repository given as context: the names (`java:Helper`, `python:pkg.mod`) it resolves. */
export interface ContextSource {
  path: string;
  source: string;
  names: string[];
}

/** Where a call would run: a library name, the class in it (Java: the same), the function. */
interface Target {
  key: string;
  cls: string | null;
  fn: string;
}

const javaQualified = /^(?:[a-z_]\w*\.)+([A-Z]\w*)$/;
const dotted = /^[A-Za-z_][\w.]*$/;
const parent = (q: string): string => q.slice(0, Math.max(0, q.lastIndexOf(".")));
const last = (q: string): string => q.slice(q.lastIndexOf(".") + 1);

export class External {
  /** Library names of calls that stayed unknown with tainted data (the file's analysis hands them on). */
  readonly recorded = new Set<string>();
  private readonly syn: Syntax;
  private readonly path: string;
  private readonly source: string;
  private readonly files: readonly ContextSource[];
  private readonly rulesOf: (source: string) => CompiledRules;
  /** Context files' trees and summaries by path: the caller may share them between files (ContextTrees). */
  private readonly loaded: ContextTrees;
  private imports: Map<string, string> | null = null;
  private jsImports: Map<string, JsImport> | null = null;
  /** JavaScript or TypeScript: calls resolve through the file's relative imports (driver/cross-file-js.ts). */
  private readonly script: boolean;
  private superclass: string | null | undefined;
  private readonly classes = new Map<string, { scope: string; cls: string | null }>();
  private readonly vars = new Map<string, string[]>();

  private readonly parsed: ((bytes: number) => void) | undefined;

  constructor(
    syn: Syntax,
    path: string,
    source: string,
    files: readonly ContextSource[],
    rulesOf: (source: string) => CompiledRules,
    parsed?: (bytes: number) => void,
    loaded?: ContextTrees,
  ) {
    this.parsed = parsed;
    this.loaded = loaded ?? new ContextTrees();
    this.syn = syn;
    this.script = syn.ruleLanguage === "javascript" || syn.ruleLanguage === "typescript";
    this.path = path;
    this.source = source;
    this.files = files;
    this.rulesOf = rulesOf;
  }

  /** The one superclass the file's classes extend (Python: the one base class named), else null. */
  private base(): string | null {
    if (this.superclass !== undefined) return this.superclass;
    const re = this.syn.ruleLanguage === "java" ? /\bclass\s+[\w$]+(?:<[^{]*?>)?\s+extends\s+([A-Z][\w$]*)/g : /^[ \t]*class\s+\w+\(\s*([A-Za-z_]\w*)\s*\)/gm;
    const found = new Set([...this.source.matchAll(re)].map((m) => m[1]!));
    this.superclass = found.size === 1 ? [...found][0]! : null;
    return this.superclass;
  }

  /**
   * The classes a receiver variable may hold. With context, the one it is declared with (by the
   * scope, else the file; remembered per scope); without (a first pass only records names), every
   * class the file declares or assigns a variable of that name with (remembered per name).
   */
  private declared(a: Analyzer, name: string): string[] {
    if (!this.files.length) {
      let all = this.vars.get(name);
      if (!all) this.vars.set(name, (all = declaredAll(this.source, name)));
      return all;
    }
    const scope = a.scopeText();
    const c = this.classes.get(name);
    if (c && c.scope === scope) return c.cls ? [c.cls] : [];
    const cls = declaredClass(name, scope, this.source);
    this.classes.set(name, { scope, cls });
    return cls ? [cls] : [];
  }

  /** The classes `self.<attr> = Cls(...)` assigns in the file. */
  private selfClasses(attr: string): string[] {
    let all = this.vars.get(`self.${attr}`);
    if (!all) {
      const re = new RegExp(`\\bself\\.${attr}\\s*(?::[^=\\n]*)?=\\s*([A-Z]\\w*)\\s*\\(`, "g");
      all = [...new Set([...this.source.matchAll(re)].map((m) => m[1]!))];
      this.vars.set(`self.${attr}`, all);
    }
    return all.length === 1 ? all : [];
  }

  /** An imported name's module path, made absolute for a relative import (`.utils` beside this file). */
  private imported(name: string): string | undefined {
    const q = (this.imports ??= importNames(this.source)).get(name);
    return q === undefined ? q : absoluteModule(q, this.path);
  }

  targets(a: Analyzer, callee: Callee): Target[] {
    const recv = callee.recv;
    const fn = last(callee.text);
    if (!fn || fn.startsWith("new ")) return [];
    if (this.script) return jsTargets((this.jsImports ??= jsRelativeImports(this.source, this.path)), callee);
    if (this.syn.ruleLanguage === "java") {
      // `m(x)`, `this.m(x)`: a method the class inherits from a class of another file.
      if (!recv || recv.kind() === "this") return this.base() ? [{ key: `java:${this.base()}`, cls: this.base(), fn }] : [];
      const rk = recv.kind();
      const cls = classOfReceiver(recv, this.syn);
      if (cls !== null && typeof cls !== "string") return [];
      let classes: string[] = cls ? [cls] : [];
      if (!cls && rk === "field_access") {
        const q = javaQualified.exec(recv.text())?.[1];
        classes = q ? [q] : recv.field("object")?.kind() === "this" ? this.declared(a, recv.field("field")?.text() ?? "") : [];
      } else if (!cls && rk === "identifier") classes = this.declared(a, recv.text());
      return classes.map((c) => ({ key: `java:${c}`, cls: c, fn }));
    }
    if (!recv) {
      const q = callee.fn?.kind() === "identifier" ? this.imported(callee.text) : undefined;
      return q?.includes(".") ? [{ key: `python:${parent(q)}`, cls: null, fn: last(q) }] : [];
    }
    const rk = recv.kind();
    const out: Target[] = [];
    const asClass = (q: string | undefined): void => {
      if (q?.includes(".")) out.push({ key: `python:${parent(q)}`, cls: last(q), fn });
    };
    if (rk === "identifier") {
      const name = recv.text();
      if (name === "self") {
        const base = this.base();
        if (base) asClass(this.imported(base));
        return out;
      }
      const q = this.imported(name);
      if (q) {
        out.push({ key: `python:${q}`, cls: null, fn });
        asClass(q);
      } else {
        for (const cls of this.declared(a, name)) asClass(this.imported(cls));
      }
    } else if (rk === "attribute") {
      const text = recv.text();
      if (!dotted.test(text)) return [];
      // `self.repo.find(x)` with `self.repo = Repo(db)` in the class.
      const attr = /^self\.(\w+)$/.exec(text)?.[1];
      if (attr) {
        for (const cls of this.selfClasses(attr)) asClass(this.imported(cls));
        return out;
      }
      const head = text.slice(0, text.indexOf("."));
      const q = this.imported(head);
      out.push({ key: `python:${q ? q + text.slice(head.length) : text}`, cls: null, fn });
    } else {
      const cls = classOfReceiver(recv, this.syn);
      if (typeof cls === "string") asClass(this.imported(cls));
    }
    return out;
  }

  /**
   * The one definition a target names in the context, with that file's summaries' state. A JavaScript
   * module that declares no such function but re-exports it (`export { run } from "./shell"`) is followed.
   */
  lookup(t: Target, argc: number, hops = 2): { shared: Shared; def: Def; file: ContextSource; fn: string } | null {
    const file = this.files.find((f) => f.names.includes(t.key));
    const shared = file ? this.load(file) : null;
    if (!file || !shared) return null;
    const own = this.defIn(t, argc, file, shared);
    if (own || !this.script || hops === 0 || t.fn === defaultExport) return own ? { shared, def: own, file, fn: t.fn } : null;
    for (const r of jsReExports(file.source, file.path)) {
      const fn = r.names === "all" ? t.fn : r.names.get(t.fn);
      const found = fn ? this.lookup({ key: r.module, cls: null, fn }, argc, hops - 1) : null;
      if (found) return found;
    }
    return null;
  }

  private defIn(t: Target, argc: number, file: ContextSource, shared: Shared): Def | null {
    // A named default export by its name; an anonymous one is indexed as `default` (file-defs.ts exportedName).
    const fn = this.script && t.fn === defaultExport ? (defaultExportName(file.source) ?? defaultExport) : t.fn;
    return pickDefinition(this.syn, shared, t.cls, fn, argc);
  }

  /** Context files loaded by this analysis (a file's calls ask for the same few again and again). */
  private readonly mine = new Map<ContextSource, Shared | null>();

  /** A context file parsed once per analysis, with its own rules (Python: its own import names). */
  private load(file: ContextSource): Shared | null {
    let s = this.mine.get(file);
    if (s === undefined) this.mine.set(file, (s = this.loadShared(file)));
    return s;
  }

  private loadShared(file: ContextSource): Shared | null {
    const key = `${this.syn.parseLang}:${file.path}:${file.source.length}`;
    let s = this.loaded.get(key) as Shared | null | undefined;
    if (s !== undefined) return s;
    this.parsed?.(file.source.length);
    s = parseContext(this.syn, file.source, this.rulesOf);
    this.loaded.set(key, s, file.source.length);
    return s;
  }
}
