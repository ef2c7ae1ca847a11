// Where a JavaScript or TypeScript call runs in another file of the repository (driver/cross-file-context.ts):
// `clean(x)` with `clean` imported from a relative module, `utils.clean(x)` with `utils` that module, and
// TypeScript's compiled form of the same, `(0, utils_1.clean)(x)` (evaluators/calls.ts reads it as `utils_1.clean`).
import type { Callee } from "../evaluators/calls.ts";
import type { JsImport } from "../syntax/js-modules.ts";
import { defaultExport } from "../syntax/js-modules.ts";

/** The module and function a call names through the file's relative imports; none when it names no such function. */
export function jsTargets(imports: ReadonlyMap<string, JsImport>, callee: Callee): { key: string; cls: null; fn: string }[] {
  if (!imports.size) return [];
  const recv = callee.recv;
  // `shell_1.default(x)`: the default export of a module bound by `__importDefault(require("./shell"))`.
  if ((!recv && callee.fn?.kind() === "identifier") || callee.text.endsWith(".default")) {
    const bound = imports.get(callee.text);
    // A module called itself (`const clean = require("./clean"); clean(x)`) runs its default export.
    return bound ? [{ key: bound.module, cls: null, fn: bound.name ?? defaultExport }] : [];
  }
  if (recv?.kind() === "identifier") return ofModule(imports.get(recv.text()), callee.text.slice(callee.text.lastIndexOf(".") + 1));
  return [];
}

/**
 * The name of the function a module exports as a whole (`module.exports = function clean(s)`, `module.exports = clean;`,
 * `export default function clean`, `export default clean;`), else null: an anonymous one is no summary.
 */
export function defaultExportName(source: string): string | null {
  const m = /(?:\bmodule\.exports|\bexports\.default|\bexport\s+default)\s*=?\s*(?:(?:async\s+)?function\s*\*?\s*([\w$]+)\s*\(|([\w$]+)\s*;?\s*$)/m.exec(
    source,
  );
  return m ? (m[1] ?? m[2] ?? null) : null;
}

function ofModule(bound: JsImport | undefined, fn: string): { key: string; cls: null; fn: string }[] {
  return bound && bound.name === null && /^[\w$]+$/.test(fn) ? [{ key: bound.module, cls: null, fn }] : [];
}
