// Which functions of a file may reach a candidate sink, read from its text: what a call into that file from
// another one may reach (driver/cross-file-names.ts contextPoints, library.ts).
import type { Syntax } from "../syntax/syntax-types.ts";
import { syntaxFor, ensureLanguages } from "../syntax/languages.ts";
import { prefilterFor } from "../fast/prefilter.ts";
import { escapeRegExp as esc } from "../../../text.ts";
import { fileRules } from "./file-rules.ts";

/** True when a file's text holds a candidate sink a function called from another file may reach. */
export function mayHoldSink(language: string, source: string): boolean {
  const syn = syntaxFor(language);
  if (!syn) return false;
  ensureLanguages();
  return calleeSinks(syn, source).length > 0;
}

/** Candidate sinks, but `return`: a return is a sink only in a view (returnFrom), and a callee is none. */
function calleeSinks(syn: Syntax, source: string): number[] {
  return prefilterFor(fileRules(syn, source))
    .sinkOffsets(source)
    .filter((o) => !source.startsWith("return", o));
}

/**
 * reaching() of a context file that may hold a sink, else []: asked for every file it is context of
 * (a helper class is context of hundreds), so remembered for the last files asked.
 */
export function reachingOf(language: string, source: string): string[] {
  // Keyed by the text itself, per language: a key built by concatenation was a new string, copied
  // and hashed whole at every ask.
  let seen = reachingSeen.get(language);
  if (!seen) reachingSeen.set(language, (seen = new Map()));
  let fns = seen.get(source);
  if (!fns) {
    fns = mayHoldSink(language, source) ? reaching(language, source) : [];
    reachingChars += source.length;
    // The keys hold the files' text: past a few MB, start again.
    if (reachingChars > 8 << 20) {
      reachingSeen.clear();
      reachingSeen.set(language, (seen = new Map()));
      reachingChars = source.length;
    }
    seen.set(source, fns);
  }
  return fns;
}
const reachingSeen = new Map<string, Map<string, string[]>>();
let reachingChars = 0;

const javaMethod = /\b([a-z_$][\w$]*)\s*\([^()]*\)\s*(?:throws\s+[\w$.,\s]+)?\{/g;
const pyDef = /^[ \t]*(?:async[ \t]+)?def[ \t]+([A-Za-z_]\w*)/gm;
// `function f(`, `f = function`, `const f = async x =>`, and `f: (x) => {` (a property; not a parameter's type
// `done: () => void`). The name is captured after the lookahead.
const arrowOrFunction = String.raw`(?:async\s*)?(?:function\b|(?:\([^()]*\)|[\w$]+)\s*=>`;
const jsFunction = new RegExp(
  String.raw`(?:\bfunction\s*\*?\s*|(?<![\w$.])(?=[\w$]+\s*(?:=\s*${arrowOrFunction})|:\s*${arrowOrFunction}\s*\{))))([\w$]+)`,
  "g",
);
const keywords = new Set(["if", "for", "while", "switch", "catch", "synchronized", "return", "new"]);

/**
 * The functions of a file that may reach a candidate sink: those whose text (from their header to
 * the next function's) holds one, and those calling them by name, two levels up (as functions/sink-callers.ts).
 */
function reaching(language: string, source: string): string[] {
  const syn = syntaxFor(language);
  if (!syn) return [];
  const heads = [...source.matchAll(language === "java" ? javaMethod : language === "python" ? pyDef : jsFunction)].filter(
    (m) => m[1]!.length > 1 && !keywords.has(m[1]!),
  );
  const sinks = calleeSinks(syn, source);
  const names = new Set<string>();
  let k = 0;
  for (const off of sinks) {
    while (k + 1 < heads.length && heads[k + 1]!.index <= off) k++;
    if (heads[k] && heads[k]!.index <= off) names.add(heads[k]![1]!);
  }
  for (let round = 0; round < 2 && names.size; round++) {
    const re = new RegExp(`(?<![\\w$])(?:${[...names].map(esc).join("|")})\\s*\\(`);
    heads.forEach((h, i) => {
      if (!names.has(h[1]!) && re.test(source.slice(h.index + h[0].length, heads[i + 1]?.index ?? source.length))) names.add(h[1]!);
    });
  }
  return [...names];
}
