// What the kept files of a repository declare, by name: Java classes, Python modules, JavaScript and
// TypeScript modules (and tsconfig path aliases), so a name a file uses resolves to the one file declaring
// it (library.ts). Names are found by cheap text tests, not parses.
import { aliasMark, jsFamily, jsModuleNames } from "./engines/taint/syntax/js-modules.ts";
import { aliasTargets, readPathAliases } from "./ts-paths.ts";
import type { PathAliases } from "./ts-paths.ts";

/** Declarations of one name in more files than this: ambiguous, and no longer listed. */
const maxPerName = 4;

const javaDecl = /\b(?:class|interface|enum|record)\s+([A-Z_$][\w$]*)/g;

/**
 * `pkg/helpers/utils.py` -> `pkg.helpers.utils` and its suffixes; `pkg/__init__.py` -> `pkg`. Only
 * the trailing directories that can be package names count (`my-app/app/views.py`: `app.views`).
 */
export function pythonModuleNames(path: string): string[] {
  const parts = path.replace(/\.py$/, "").split("/");
  if (parts[parts.length - 1] === "__init__") parts.pop();
  let from = parts.length;
  while (from > 0 && /^[A-Za-z_]\w*$/.test(parts[from - 1]!)) from--;
  const valid = parts.slice(from);
  return valid.map((_, i) => valid.slice(i).join("."));
}

/** The engine language of a kept file's path (Java, Python, JavaScript or TypeScript). */
export const language = (path: string): string => {
  if (path.endsWith(".java")) return "java";
  const family = jsFamily(path);
  return family === "js" ? "javascript" : family === "ts" ? "typescript" : "python";
};

/** Text for name and sink tests (ASCII tokens: latin1 decodes fastest); the analysis decodes UTF-8. */
export const text = (c: Uint8Array): string => Buffer.from(c.buffer, c.byteOffset, c.byteLength).toString("latin1");

export class NameIndex {
  /** Name -> paths declaring it; past maxPerName the entry is `null` (ambiguous). */
  private readonly names = new Map<string, string[] | null>();
  /** Path aliases of the repository's tsconfig/jsconfig files (ts-paths.ts). */
  private readonly aliases: PathAliases[] = [];

  /** Reads a project config's path aliases. */
  addConfig(path: string, content: Uint8Array): void {
    const aliases = readPathAliases(path, Buffer.from(content).toString("utf8"));
    if (aliases) this.aliases.push(aliases);
  }

  /** Indexes what a kept file declares (`java:Helper`, `python:pkg.utils`, a JavaScript module's names). */
  add(path: string, content: Uint8Array): void {
    const declared = path.endsWith(".java")
      ? javaNames(content).map((n) => `java:${n}`)
      : jsFamily(path) !== null
        ? jsModuleNames(path)
        : pythonModuleNames(path).map((n) => `python:${n}`);
    for (const key of declared) {
      const list = this.names.get(key);
      if (list === null) continue;
      if (!list) this.names.set(key, [path]);
      else if (list.length >= maxPerName) this.names.set(key, null);
      else if (!list.includes(path)) list.push(path);
    }
  }

  /** The one file (other than `from`) that declares `name` (`java:Helper`, `python:helpers.utils`), else null. */
  resolve(name: string, from: string): string | null {
    if (name.startsWith(aliasMark)) return this.resolveAlias(name.slice(aliasMark.length), from);
    const list = this.names.get(name)?.filter((p) => p !== from);
    return list?.length === 1 ? list[0]! : null;
  }

  /** `ts:@/lib/users` from `src/app/page.ts`: the first of the alias's targets a kept file declares. */
  private resolveAlias(name: string, from: string): string | null {
    if (!this.aliases.length) return null;
    const colon = name.indexOf(":");
    const family = name.slice(0, colon);
    for (const target of aliasTargets(this.aliases, name.slice(colon + 1), from)) {
      const p = this.resolve(`${family}:${target}`, from);
      if (p) return p;
    }
    return null;
  }
}

function javaNames(content: Uint8Array): string[] {
  const out = new Set<string>();
  for (const m of text(content).matchAll(javaDecl)) out.add(m[1]!);
  return [...out];
}
