// The repository's own JavaScript and TypeScript modules, for cross-file summaries (driver/cross-file-context.ts):
// the names a file is imported by (`lib/utils/sanitize.js` is `js:lib/utils/sanitize`, an `index.js` also its
// directory), and the names a file binds to another file's module or exports through a relative `require` or
// `import` (`const sanitize_1 = require("../utils/sanitize")`, `import { clean as c } from "./clean.js"`).
// JavaScript and TypeScript files are apart (`js:`, `ts:`): a file's context is parsed with its own grammar.
import { posix } from "node:path";
import { importBindings } from "./js-imports.ts";

/**
 * The function name a call of a module's default export looks up: driver/cross-file-js.ts defaultExportName gives
 * the real one; an anonymous default export (`module.exports = function (x)`) is indexed by it (functions/file-defs.ts).
 */
export const defaultExport = "default";

const extension = /\.(?:[cm]?[jt]sx?)$/;

/** `js` or `ts` for a JavaScript or TypeScript file (declarations aside), else null. */
export function jsFamily(path: string): "js" | "ts" | null {
  if (/\.d\.[cm]?ts$/.test(path)) return null;
  if (/\.(?:[cm]?js|jsx)$/.test(path)) return "js";
  return /\.(?:[cm]?ts|tsx)$/.test(path) ? "ts" : null;
}

/** The names other files import a module by: its path without extension, and its directory for an index file. */
export function jsModuleNames(path: string): string[] {
  const family = jsFamily(path);
  if (!family) return [];
  const bare = path.replace(extension, "");
  const out = [`${family}:${bare}`];
  if (/(?:^|\/)index$/.test(bare) && bare.includes("/")) out.push(`${family}:${bare.slice(0, bare.lastIndexOf("/"))}`);
  return out;
}

/** The name of a module imported by a path alias (`@/lib/users`): the library resolves it by the project's tsconfig paths. */
export const aliasMark = "alias:";

/**
 * The module name a specifier in `from` names: a relative one as a path (`../utils/sanitize` from `lib/a/b.js`),
 * one with a path inside (`@/lib/users`, `~/utils/shell`) as a possible alias (`alias:ts:@/lib/users`), else null.
 */
export function jsModuleOf(spec: string, from: string): string | null {
  const family = jsFamily(from);
  if (!family) return null;
  if (!/^\.\.?(?:\/|$)/.test(spec)) return /^[@~#\w][\w.@~#-]*\/[\w./@-]+$/.test(spec) && !spec.startsWith("node:") ? `${aliasMark}${family}:${spec}` : null;
  const joined = posix
    .normalize(posix.join(posix.dirname(from), spec))
    .replace(extension, "")
    .replace(/\/$/, "");
  return joined.startsWith("..") ? null : `${family}:${joined}`;
}

/** What a local name is bound to: another module (`name` null: the module itself) or one of its exports. */
export interface JsImport {
  module: string;
  name: string | null;
}

/** Local names bound by the file's relative requires and imports. */
export function jsRelativeImports(text: string, path: string): Map<string, JsImport> {
  const out = new Map<string, JsImport>();
  if (!/(?:require\s*\(|from)\s*['"`](?:\.\.?|[@~#\w][\w.@~#-]*)\//.test(text)) return out;
  for (const b of importBindings(text)) {
    const module = jsModuleOf(b.spec, path);
    // `import u from`: the module's default export; `import * as u`, `const u = require(…)`: the module itself.
    if (module) out.set(b.local, { module, name: b.member ?? (b.viaDefault ? defaultExport : null) });
  }
  return out;
}

/** A module a file passes on exports of: its names (exported name to the module's own), or all of them (`export *`). */
export interface JsReExport {
  module: string;
  names: ReadonlyMap<string, string> | "all";
}

const reExportNamed = /\bexport\s*\{([^{}]*)\}\s*from\s*(['"`])([^'"`\n]+)\2/g;
const reExportAll = /\bexport\s*\*\s*from\s*(['"`])([^'"`\n]+)\1/g;

/**
 * What a module re-exports from relative modules: `export { run, clean as sanitize } from "./shell"` and
 * `export * from "./shell"` (a barrel `index.ts`). `export * as ns` and type-only lists pass on no function.
 */
export function jsReExports(source: string, path: string): JsReExport[] {
  const out: JsReExport[] = [];
  if (!source.includes("export")) return out;
  for (const m of source.matchAll(reExportNamed)) {
    const module = jsModuleOf(m[3]!, path);
    if (!module) continue;
    const names = new Map<string, string>();
    for (const part of m[1]!.split(",")) {
      const [own, as] = part
        .trim()
        .replace(/^type\s+/, "")
        .split(/\s+as\s+/)
        .map((s) => s.trim());
      if (own && /^[\w$]+$/.test(own)) names.set(as && /^[\w$]+$/.test(as) ? as : own, own);
    }
    if (names.size) out.push({ module, names });
  }
  for (const m of source.matchAll(reExportAll)) {
    const module = jsModuleOf(m[2]!, path);
    if (module) out.push({ module, names: "all" });
  }
  if (source.includes("require")) compiledReExports(source, path, out);
  return out;
}

const exportStar = /\b__exportStar\s*\(\s*require\s*\(\s*(['"`])([^'"`\n]+)\1\s*\)\s*,\s*exports\s*\)/g;
const exportGetter = new RegExp(
  String.raw`\bObject\.defineProperty\(\s*exports\s*,\s*(['"])([\w$]+)\1\s*,\s*\{\s*enumerable:\s*true\s*,\s*` +
    String.raw`get:\s*function\s*\(\)\s*\{\s*return\s+([\w$]+)\.([\w$]+);?\s*\}\s*\}\s*\)`,
  "g",
);

/**
 * The same in TypeScript's CommonJS output: `__exportStar(require("./shell"), exports)` and
 * `Object.defineProperty(exports, "pack", { enumerable: true, get: function () { return shell_1.archive; } })`.
 */
function compiledReExports(source: string, path: string, out: JsReExport[]): void {
  for (const m of source.matchAll(exportStar)) {
    const module = jsModuleOf(m[2]!, path);
    if (module) out.push({ module, names: "all" });
  }
  if (!source.includes("defineProperty")) return;
  const byModule = new Map<string, Map<string, string>>();
  let bound: Map<string, JsImport> | null = null;
  for (const m of source.matchAll(exportGetter)) {
    const via = (bound ??= jsRelativeImports(source, path)).get(m[3]!);
    if (!via || via.name !== null) continue;
    const names = byModule.get(via.module) ?? new Map<string, string>();
    names.set(m[2]!, m[4]!);
    byModule.set(via.module, names);
  }
  for (const [module, names] of byModule) out.push({ module, names });
}
