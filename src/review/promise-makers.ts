// Promises that cannot reject, across the repository: a `.then()` chain left floating on one of them
// loses nothing. Callback libraries wrap each API as `function f() { return new Promise((resolve) =>
// { … }) }` (an executor without `reject`) and chain `f().then(…)` in other files, so the chain's
// head is judged with the files that declare it. As with a chain on `Promise.resolve(…)`
// (the rule's own exception), only the callbacks' own throws could reject, and those crash as a
// queued task's would. Files are kept only when their text holds such an executor; they are parsed
// after the stream, and only when a floating-promise finding names something they may declare.
import { parse, type SgNode } from "@ast-grep/napi";
import { languageByExtension } from "./language-ids.ts";
import { declarationFile, parserName } from "./languages.ts";
import type { Finding } from "./types.ts";
import { enclosing, functionKinds, type Head, headInSnippet, headInTree } from "./promise-heads.ts";
import { namedKids } from "./syntax-nodes.ts";

const ruleId = "js.floating-promise";
/** Kept text in all; past it, files are no longer kept (their promises count as unknown). */
const keptCap = 16 << 20;
const maxFileBytes = 1 << 20;
/** `new Promise(` with an executor of one parameter (or none): text test before keeping a file. */
const resolveOnlyText = /\bnew\s+Promise\s*\(\s*(?:(?:async\s+)?function\s*[\w$]*\s*\(\s*[\w$]*\s*\)|\(\s*[\w$]*\s*\)\s*=>|[\w$]+\s*=>)/;
/**
 * Functions a file declares, by text: `function f(`, `f = function`, `f: async (…) =>` (`f(…) {` methods aside). A name
 * starts after no word character, so a long word is passed over once, not tried from each of its characters.
 */
const declaredText = /\bfunction\s*\*?\s*([\w$]+)\s*\(|(?<![\w$])([\w$]+)\s*[:=]\s*(?:async\s+)?(?:function\b|(?:\([^()]*\)|[\w$]+)\s*=>)/g;
/** Names declared in files not kept, at most this many (a hostile tree cannot grow memory through them). */
const maxElsewhere = 200_000;

/** `new Promise(executor)` whose executor takes no `reject`. */
function resolveOnly(n: SgNode | null | undefined): boolean {
  if (n?.kind() !== "new_expression" || n.field("constructor")?.text() !== "Promise") return false;
  const args = namedKids(n.field("arguments"));
  const fn = args[0];
  if (args.length !== 1 || !fn || !functionKinds.has(String(fn.kind()))) return false;
  const list = fn.field("parameters");
  return list ? namedKids(list).length <= 1 : !!fn.field("parameter");
}

/** The name a function is known by: declared, a method, or what it is assigned to. */
function nameOf(fn: SgNode): string | null {
  const own = fn.field("name");
  if (own) return own.text();
  const p = fn.parent();
  if (p?.kind() === "variable_declarator") return p.field("name")?.text() ?? null;
  if (p?.kind() === "pair")
    return (
      p
        .field("key")
        ?.text()
        .replace(/^["']|["']$/g, "") ?? null
    );
  if (p?.kind() === "assignment_expression") return p.field("left")?.text().replace(/^.*\./s, "") ?? null;
  return null;
}

/** Whether every value the function returns is a promise without `reject` (async functions may reject). */
function neverRejects(fn: SgNode): boolean {
  if (/^async\b/.test(fn.text())) return false;
  const body = fn.field("body");
  if (!body) return false;
  if (body.kind() !== "statement_block") return resolveOnly(body.kind() === "parenthesized_expression" ? body.child(1) : body);
  const returns = body.findAll({ rule: { kind: "return_statement" } }).filter((r) => enclosing(r)?.id() === fn.id());
  return returns.length > 0 && returns.every((r) => resolveOnly(namedKids(r)[0]));
}

export class PromiseMakers {
  private readonly files = new Map<string, string>();
  /** Other files whose chains may start on `Promise.all`. */
  private readonly others = new Map<string, string>();
  private bytes = 0;
  /** Functions declared in files not kept: a chain on one of these names is not judged. */
  private readonly elsewhere = new Set<string>();

  /** Keeps a JavaScript or TypeScript file whose text may build a promise without `reject`. */
  add(path: string, content: Uint8Array): void {
    const lang = languageByExtension(path);
    // A declaration file (.d.ts) declares the types of functions written elsewhere, not functions.
    if (!lang || !["javascript", "typescript", "tsx"].includes(lang) || declarationFile.test(path) || content.byteLength > maxFileBytes) return;
    const text = Buffer.from(content.buffer, content.byteOffset, content.byteLength).toString("utf8");
    const room = this.bytes + content.byteLength <= keptCap;
    if (resolveOnlyText.test(text) && room) this.files.set(path, text);
    else {
      for (const m of text.matchAll(declaredText)) if (this.elsewhere.size < maxElsewhere) this.elsewhere.add(m[1] ?? m[2]!);
      // A chain on `Promise.all(list)` is judged by the list's elements: its file's tree is needed.
      if (!room || !/\bPromise\s*\.\s*all\s*\(/.test(text)) return;
      this.others.set(path, text);
    }
    this.bytes += content.byteLength;
  }

  /** The findings without floating-promise ones whose chain starts on a promise that cannot reject. */
  settle(findings: Finding[]): Finding[] {
    const floating = findings.filter((f) => f.ruleId === ruleId);
    if (!floating.length) return findings;
    const roots = new Map<string, SgNode>();
    const rootOf = (path: string): SgNode => {
      let root = roots.get(path);
      if (!root) roots.set(path, (root = parse(parserName(languageByExtension(path)!), (this.files.get(path) ?? this.others.get(path))!).root()));
      return root;
    };
    const heads = new Map<Finding, Head>();
    for (const f of floating) {
      const kept = this.files.has(f.location.path) || this.others.has(f.location.path);
      const head = kept ? headInTree(rootOf(f.location.path), f) : headInSnippet(f.location.snippet ?? "");
      if (head) heads.set(f, head);
    }
    if (!heads.size) return findings;
    const { calls, values } = this.declared(new Set([...heads.values()].flatMap((h) => [...h.calls, ...(h.value ? [h.value] : [])])), rootOf);
    const settled = (h: Head) => (h.value ? values.get(h.value) === true : h.calls.length > 0) && h.calls.every((n) => calls.get(n) === true);
    return findings.filter((f) => !heads.has(f) || !settled(heads.get(f)!));
  }

  /**
   * For each wanted name: whether every function (calls) or variable and property (values) of that
   * name in the kept files is a promise that cannot reject. One declaration otherwise makes it false.
   */
  private declared(wanted: Set<string>, rootOf: (path: string) => SgNode): { calls: Map<string, boolean>; values: Map<string, boolean> } {
    const calls = new Map<string, boolean>();
    const values = new Map<string, boolean>();
    const note = (to: Map<string, boolean>, name: string | null, ok: boolean) => {
      if (name && wanted.has(name)) to.set(name, (to.get(name) ?? true) && ok);
    };
    for (const name of wanted) if (this.elsewhere.has(name)) calls.set(name, false);
    for (const [path, text] of this.files) {
      if (![...wanted].some((w) => text.includes(w.replace(/^\./, "")))) continue;
      const root = rootOf(path);
      for (const fn of root.findAll({ rule: { any: [...functionKinds].map((kind) => ({ kind })) } })) {
        const name = nameOf(fn);
        if (name && wanted.has(name)) note(calls, name, neverRejects(fn));
      }
      // `this.promise = new Promise(function (resolve) { … })`, `const ready = new Promise(…)`: every
      // value given that name must be one; properties (`.promise`) and variables apart.
      for (const at of root.findAll({ rule: { any: [{ kind: "variable_declarator" }, { kind: "assignment_expression" }] } })) {
        const decl = at.kind() === "variable_declarator";
        const target = at.field(decl ? "name" : "left");
        const name = target?.kind() === "member_expression" ? `.${target.text().replace(/^.*\./s, "")}` : target?.text();
        if (name) note(values, name, resolveOnly(at.field(decl ? "value" : "right")));
      }
    }
    return { calls, values };
  }
}
