// Convenience for tests, the corpus evaluation and the benchmark: parse a source and refine it.
import { parse } from "@ast-grep/napi";
import type { Lang } from "@ast-grep/napi";
import type { Finding } from "../../types.ts";
import { refineWithTaint } from "./index.ts";
import { ensureLanguages, syntaxFor } from "./syntax/languages.ts";
import { ReviewError } from "../../errors.ts";

export function parseFor(language: string, source: string): ReturnType<typeof parse> {
  ensureLanguages();
  const syn = syntaxFor(language);
  if (!syn) throw new ReviewError("invalid_input", `Taint analysis does not support ${language}`);
  return parse(syn.parseLang as Lang, source);
}

export function analyzeSource(language: string, path: string, source: string, patternFindings: Finding[] = []): Finding[] {
  const root = parseFor(language, source);
  const parseErrors = root.root().find({ rule: { kind: "ERROR" } }) !== null;
  return refineWithTaint({ path, language, root, source, patternFindings, parseErrors });
}
