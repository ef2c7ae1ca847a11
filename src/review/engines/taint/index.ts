// The taint engine's seam: the review engine calls refineWithTaint once per parsed file
// (driver/refine-file.ts analyses it), and asks first whether a file has anything to walk.
import type { Finding } from "../../types.ts";
import { ensureLanguages, supportedLanguages, syntaxFor } from "./syntax/languages.ts";
import { prefilterFor } from "./fast/prefilter.ts";
import { funcKinds } from "./fast/function-spans.ts";
import { batchRules } from "./driver/batch-rules.ts";
import { refineFile } from "./driver/refine-file.ts";
import type { TaintInput } from "./driver/refine-file.ts";

/**
 * The offsets of the file's candidate sinks when its text holds anything a source could be (a
 * superset, framework parameters included), else null. Without a source and a candidate sink, and
 * without pattern findings, taint walks nothing and has nothing to report.
 */
export function taintCandidates(language: string, source: string): number[] | null {
  const syn = syntaxFor(language);
  if (!syn) return null;
  ensureLanguages();
  const pre = prefilterFor(batchRules(syn, source));
  return pre.candidates(source);
}

/**
 * Whether taint may walk a file for its candidates (taintCandidates, with any context points): false
 * when none is a sink the walk could reach (fast/dotted-assigns.ts). A pattern finding still brings the
 * file to the analysis, with every candidate.
 */
export function taintWalkable(language: string, source: string, candidates: readonly number[]): boolean {
  const syn = syntaxFor(language);
  return !!syn && prefilterFor(batchRules(syn, source)).walkable(source, candidates);
}

/** The node kinds of the functions the analysis lists in a file (fast/function-spans.ts). */
export function functionKinds(language: string): ReadonlySet<string> {
  const syn = syntaxFor(language);
  return syn ? funcKinds(syn) : new Set();
}

/**
 * Returns the final injection-class findings of one file. A failure inside the analysis (a tree shape
 * it does not expect) must not cost the review its other findings: pattern findings are kept at low
 * confidence instead.
 */
export function refineWithTaint(input: TaintInput): Finding[] {
  try {
    return refineFile(input);
  } catch {
    return input.patternFindings.map((f) => ({ ...f, confidence: "low" as const }));
  }
}

/** Languages the taint engine analyses; others keep pattern findings as they are. */
export function taintLanguages(): ReadonlySet<string> {
  return supportedLanguages;
}
