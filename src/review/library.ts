// The repository's declarations for cross-file taint summaries: while files stream through a review,
// the text of Java, Python, JavaScript and TypeScript files is kept (up to a total cap) and indexed by
// what it declares (library-names.ts). After the stream, a kept Java or Python file is analysed with
// the files its text names attached (contextBefore); a file analysed without context whose analysis
// met calls into another file is analysed again with those files (again). JavaScript and TypeScript
// files are analysed in the stream and only ever again: their helpers are found by the modules they
// are imported from.
import { contextPoints, textMark, textNames } from "./engines/taint/driver/cross-file-names.ts";
import { mayHoldSink } from "./engines/taint/driver/sink-reaching.ts";
import type { BatchItem } from "./fast/worker.ts";
import { jsFamily, jsReExports } from "./engines/taint/syntax/js-modules.ts";
import { isProjectConfig } from "./ts-paths.ts";
import { language, NameIndex, text } from "./library-names.ts";

/**
 * Total bytes of file text kept, Java and Python apart from JavaScript and TypeScript (a Java tree's
 * bundled scripts never crowd out its classes); past it, files are no longer kept (their names do not resolve).
 */
const libraryCap = { classes: 32 << 20, scripts: 16 << 20 } as const;
/** Context files per re-analysed file, and the largest file kept as context. */
const contextLimits = { files: 8, bytes: 2 << 20 } as const;

export interface ContextFile {
  path: string;
  content: Uint8Array;
  names: string[];
}

const javaExtends = /\bclass\s+[\w$]+(?:<[^{]*?>)?\s+extends\s+([A-Z][\w$]*)/g;

export class Library {
  private readonly files = new Map<string, Uint8Array>();
  /** What the kept files declare, and the repository's path aliases. */
  private readonly index = new NameIndex();
  private readonly bytes = { classes: 0, scripts: 0 };
  /** Whether a kept file holds a candidate sink, asked once. */
  private readonly sinks = new Map<string, boolean>();
  /** Files not kept because the cap was reached. */
  dropped = 0;

  /**
   * Keeps a Java, Python, JavaScript or TypeScript file's text and indexes its names; other files are
   * ignored. True when the file is to be analysed after the stream (a Java or Python file kept).
   */
  add(path: string, content: Uint8Array): boolean {
    if (isProjectConfig(path) && content.byteLength <= contextLimits.bytes) {
      this.index.addConfig(path, content);
      return false;
    }
    const java = path.endsWith(".java");
    const js = !java && jsFamily(path) !== null;
    if (!java && !js && !path.endsWith(".py")) return false;
    const kind = js ? "scripts" : "classes";
    if (content.byteLength > contextLimits.bytes || this.bytes[kind] + content.byteLength > libraryCap[kind]) {
      this.dropped++;
      return false;
    }
    // A view of a larger buffer (a pool slab) would keep it alive: such content is copied.
    this.files.set(path, content.byteOffset || content.buffer.byteLength !== content.byteLength ? new Uint8Array(content) : content);
    this.bytes[kind] += content.byteLength;
    // Kept even when it declares nothing another file can name: it may be analysed again itself.
    this.index.add(path, content);
    return !js;
  }

  /** A kept file's content. */
  content(path: string): Uint8Array | undefined {
    return this.files.get(path);
  }

  /**
   * Context for a kept file before its analysis, once the library holds the whole repository: the
   * files declaring the names its text uses (textNames, and a Java superclass), those holding a
   * candidate sink first, then the others (their summaries may clean a value on its way to a sink:
   * `Files.read(base, Params.safe(name))`), at most contextLimits.files.
   */
  contextBefore(path: string): ContextFile[] {
    const content = this.files.get(path);
    if (!content) return [];
    const lang = language(path);
    const source = text(content);
    const names = textNames(lang, path, source).map((n) => n.slice(textMark.length));
    if (lang === "java") for (const m of source.matchAll(javaExtends)) names.push(`java:${m[1]}`);
    const byPath = new Map<string, ContextFile>();
    for (const name of names) {
      const p = this.resolve(name, path);
      if (!p) continue;
      const known = byPath.get(p);
      if (known) known.names.push(name);
      else byPath.set(p, { path: p, content: this.files.get(p)!, names: [name] });
    }
    const all = [...byPath.values()];
    return [...all.filter((c) => this.holdsSink(c.path)), ...all.filter((c) => !this.holdsSink(c.path))].slice(0, contextLimits.files);
  }

  /** Whether a kept file may hold a candidate sink; a JavaScript barrel, when a module it re-exports from does. */
  private holdsSink(path: string, hops = 2): boolean {
    let v = this.sinks.get(path);
    if (v === undefined) {
      const c = this.files.get(path)!;
      v = mayHoldSink(language(path), text(c)) || (hops > 0 && this.reExportedFiles(path).some((r) => this.holdsSink(r.path, hops - 1)));
      this.sinks.set(path, v);
    }
    return v;
  }

  /**
   * The kept files a JavaScript or TypeScript file re-exports from (`export { run } from "./shell"`, `export * from`),
   * each with the module name the file gives it (a relative path or an alias: what a lookup through it asks for).
   */
  private reExportedFiles(path: string): { name: string; path: string }[] {
    if (!jsFamily(path)) return [];
    let list = this.reExports.get(path);
    if (!list) {
      list = [];
      for (const r of jsReExports(text(this.files.get(path)!), path)) {
        const p = this.resolve(r.module, path);
        if (p) list.push({ name: r.module, path: p });
      }
      this.reExports.set(path, list);
    }
    return list;
  }

  /** reExportedFiles by path, asked once (a barrel is context of many files). */
  private readonly reExports = new Map<string, { name: string; path: string }[]>();

  /**
   * A barrel in a context passes its functions on from other modules: those modules (two hops at most) come
   * as context too, under the names the barrel gives them (as contextFor names a file by the name that resolved
   * it), so a call through `./utils` finds `run` where `./utils/shell` declares it.
   */
  private withReExported(byPath: Map<string, ContextFile>, from: string): void {
    let hop = [...byPath.values()];
    for (let n = 0; n < 2 && hop.length; n++) {
      const next: ContextFile[] = [];
      for (const c of hop)
        for (const { name, path: p } of this.reExportedFiles(c.path)) {
          const known = byPath.get(p);
          if (known) {
            if (!known.names.includes(name)) known.names.push(name);
          } else if (p !== from && byPath.size < contextLimits.files) {
            const added = { path: p, content: this.files.get(p)!, names: [name] };
            byPath.set(p, added);
            next.push(added);
          }
        }
      hop = next;
    }
  }

  /** Files to analyse again and the names their first analysis recorded (interned: many files share them). */
  private readonly pending: { path: string; names: string[]; sinksOnly: boolean; changed?: Array<[number, number]> }[] = [];
  private readonly interned = new Map<string, string>();

  /**
   * `tainted`: the first analysis reported taint findings. Summaries only make a call's value
   * cleaner than an unknown call's, so without findings to lose, a file is analysed again only for
   * the sinks inside other files: only files holding a candidate sink are then its context.
   */
  recorded(path: string, names: readonly string[], tainted: boolean, changed?: Array<[number, number]>): void {
    const list = names.slice(0, 256).map((n) => this.interned.get(n) ?? (this.interned.set(n, n), n));
    this.pending.push({ path, names: list, sinksOnly: !tainted, ...(changed ? { changed } : {}) });
  }

  /** The second pass: each recorded file (kept here, not past the cap) whose names resolve, with its context. */
  *again(): Generator<BatchItem> {
    for (const { path, names, sinksOnly, changed } of this.pending) {
      const content = this.files.get(path);
      const context = content ? this.contextFor(path, names, sinksOnly) : [];
      // For sinks elsewhere only: the file must call a function of those files by name (without
      // such files, the other files' summaries could only clean values no sink receives).
      if (
        sinksOnly &&
        (!context.length ||
          !contextPoints(
            language(path),
            text(content!),
            context.map((c) => ({ ...c, source: text(c.content) })),
            path,
          ).length)
      )
        continue;
      // Analysed again anyway: the files of its other unknown calls come too, as their summaries
      // may clean a value on its way to those sinks (`Files.read(base, Params.safe(name))`).
      if (sinksOnly) this.widen(path, names, context);
      if (context.length) yield { path, content: content!, context, ...(changed ? { changed } : {}) };
    }
  }

  /** Adds the files of the names the analysis recorded (not those read from text) to a context, up to its limit. */
  private widen(path: string, recorded: readonly string[], context: ContextFile[]): void {
    for (const name of recorded) {
      if (context.length >= contextLimits.files) return;
      if (name.startsWith(textMark)) continue;
      const p = this.resolve(name, path);
      if (p && !context.some((c) => c.path === p)) context.push({ path: p, content: this.files.get(p)!, names: [name] });
    }
  }

  /** The one file (other than `from`) that declares `name` (`java:Helper`, `python:helpers.utils`), else null. */
  resolve(name: string, from: string): string | null {
    return this.index.resolve(name, from);
  }

  /**
   * Context for a file from the names its analysis recorded: at most contextLimits.files files.
   * A name read from the text (marked) counts only where its file holds a candidate sink.
   */
  contextFor(path: string, recorded: readonly string[], sinksOnly = false): ContextFile[] {
    const byPath = new Map<string, ContextFile>();
    const ordered = [...recorded.filter((n) => !n.startsWith(textMark)), ...recorded.filter((n) => n.startsWith(textMark))];
    for (const mark of ordered) {
      const name = mark.startsWith(textMark) ? mark.slice(textMark.length) : mark;
      const p = this.resolve(name, path);
      if (!p || ((sinksOnly || name !== mark) && !byPath.has(p) && !this.holdsSink(p))) continue;
      const known = byPath.get(p);
      if (known) known.names.push(name);
      else if (byPath.size < contextLimits.files) byPath.set(p, { path: p, content: this.files.get(p)!, names: [name] });
    }
    this.withReExported(byPath, path);
    return [...byPath.values()];
  }
}
