// What splits a path into the parts a set-by-path walk descends through (prototype-pollution-key-names.ts): `.split(".")`
// and the helpers named for it, and the parts a path compiler splits once for the setter it returns.
import type { SgNode } from "@ast-grep/napi";
import { nativeRegex } from "../text.ts";

export const functionKinds = new Set(["function_declaration", "function_expression", "arrow_function", "method_definition", "generator_function_declaration"]);

/**
 * What cuts a path string into its parts: `.split(".")`, or a helper named for it (`split(p, { sep: "." })`,
 * `splitPath(p)`, `toPath(p)`, `getPathSegments(p)`, `dotSplit(p)`, a config store's `common.path(key, sep)`): set-by-path
 * utilities rarely call `.split` inline.
 */
const pathSplitter = String.raw`^(?:split(?:Path|Keys?)?|[\w$]*Split|(?:to|cast|parse|stringTo|normalize)Path|[\w$]*Path(?:Segments|Parts|Keys)|path)$`;
export const splitterName = new RegExp(pathSplitter);
/** Text that every name pathSplitter accepts contains: a function without it calls no splitter. */
export const mayCallSplitter = /[sS]plit|(?:to|cast|parse|normalize)Path|Path(?:Segments|Parts|Keys)|\.path\s*\(/;
const nativeSplitter = nativeRegex(pathSplitter);
export const splitCall = {
  kind: "call_expression",
  has: {
    field: "function",
    any: [
      { kind: "identifier", regex: nativeSplitter },
      { kind: "member_expression", has: { field: "property", regex: nativeSplitter } },
    ],
  },
};

/** Characters of a function that compiles paths into setters; a larger one is a module's wrapper. */
const compilerSize = 4000;

/**
 * Parts a path compiler splits once and the function it returns walks (`const parts = normalizePath(path); return
 * function setter(data, value) { … data[parts[i]] … }`): names the function around `fn` binds to a splitter's result,
 * used in `fn` and not bound there again.
 */
export function closureSplits(fn: SgNode, body: string): string[] {
  const out: string[] = [];
  const { start, end } = fn.range();
  let outer = fn.parent();
  while (outer && !functionKinds.has(String(outer.kind()))) outer = outer.parent();
  // The compiler around it, not a module wrapper holding the whole file (read once per function written through).
  const span = outer ? outer.range().end.index - outer.range().start.index : Infinity;
  if (outer && span <= compilerSize && mayCallSplitter.test(outer.text()))
    for (const d of outer.findAll({ rule: { kind: "variable_declarator", has: { field: "value", stopBy: "end", ...splitCall } } })) {
      const name = d.field("name");
      const at = d.range().start.index;
      if (name?.kind() !== "identifier" || (at >= start.index && at < end.index)) continue;
      const word = new RegExp(`(?<![\\w$.])${name.text().replace(/\$/g, "\\$")}(?![\\w$])`);
      const rebound = new RegExp(`\\b(?:const|let|var)\\s+${name.text().replace(/\$/g, "\\$")}(?![\\w$])`);
      if (word.test(body) && !rebound.test(body)) out.push(name.text());
    }
  return out;
}
