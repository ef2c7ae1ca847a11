// Placeholder until the taint engine lands: injection-class pattern findings pass through unchanged.
import type { SgRoot } from "@ast-grep/napi";
import type { Finding } from "../../types.ts";

export interface TaintInput {
  path: string;
  /** Engine language id: javascript, typescript, tsx, python, go, java, ruby, php, csharp, kotlin, rust. */
  language: string;
  root: SgRoot;
  source: string;
  /** Findings of pattern rules whose metadata carries `taint: <class>` in this file. */
  patternFindings: Finding[];
  /** True when the parser reported errors somewhere in the file. */
  parseErrors: boolean;
}

/** Returns the final injection-class findings of one file. */
export function refineWithTaint(input: TaintInput): Finding[] {
  return input.patternFindings;
}

/** Languages the taint engine analyses; others keep pattern findings as they are. */
export function taintLanguages(): ReadonlySet<string> {
  return new Set();
}
