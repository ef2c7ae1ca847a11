// Per-language syntax tables: which tree-sitter node kinds play which role in the analysis. This is their registry;
// each language's table is its own module (javascript-syntax.ts, python-syntax.ts, go-syntax.ts, java-syntax.ts).
import { Lang } from "@ast-grep/napi";
import type { TNode } from "./node.ts";
import type { Param, Syntax } from "./syntax-types.ts";
import { ensureParsers } from "../../../languages.ts";
import { jsCommon } from "./javascript-syntax.ts";
import { pythonSyntax } from "./python-syntax.ts";
import { goSyntax } from "./go-syntax.ts";
import { javaSyntax } from "./java-syntax.ts";

/**
 * Registers the engine's dynamic grammars; safe to call many times. One helper (languages.ts) does it
 * for the whole engine: napi keeps only the first registration of a process.
 */
export function ensureLanguages(): void {
  ensureParsers();
}

const syntaxes: Record<string, Syntax> = {
  javascript: { ...jsCommon, ruleLanguage: "javascript", prefix: "js", parseLang: Lang.JavaScript },
  typescript: { ...jsCommon, ruleLanguage: "typescript", prefix: "ts", parseLang: Lang.TypeScript },
  tsx: { ...jsCommon, ruleLanguage: "typescript", prefix: "ts", parseLang: Lang.Tsx },
  python: pythonSyntax,
  go: goSyntax,
  java: javaSyntax,
};

// A function's parameters are asked for several times (whether its scope has a source, its walk,
// its description as a callee): read from the tree once per node.
for (const syn of Object.values(syntaxes)) {
  const read = syn.params;
  const known = new WeakMap<TNode, Param[]>();
  syn.params = (fn) => {
    let ps = known.get(fn);
    if (!ps) known.set(fn, (ps = read(fn)));
    return ps;
  };
}

export function syntaxFor(language: string): Syntax | undefined {
  return syntaxes[language];
}

export const supportedLanguages: ReadonlySet<string> = new Set(Object.keys(syntaxes));
