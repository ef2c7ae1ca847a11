// Which small files may be matched as one tree (packed.ts): files alike in the rules their text lets
// run, in runs of bounded size, for packs whose every rule finds on a joined tree what it finds
// file by file.
import { satisfied } from "./need.ts";
import type { LanguagePack } from "../engines/patterns.ts";

/** Files up to this size are joined with others; larger ones already amortise rule compilation. */
export const packableChars = 32 * 1024;
/** A joined tree holds at most this much source. */
const packChars = 128 * 1024;

/**
 * Which of a pack's rules a file's text lets run. Only files alike in this are joined: a rule
 * matched on a joined tree walks all of it, which would cost more than the compiling it saves if
 * the prefilter had ruled the rule out for most of the files.
 */
export function liveRules(pack: LanguagePack, present: ReadonlySet<string>): string {
  let key = "";
  for (const r of pack.rules) key += satisfied(r.need, present) ? "1" : "0";
  return key;
}

/**
 * Whether every rule of a pack finds in a joined tree exactly what it finds file by file: a rule
 * that looks at siblings (`follows`, `precedes`), at a position among siblings outside a `has`
 * (where the node could be a top-level statement, whose siblings now include other files'), or at
 * the root node's kind could see another file.
 */
export function packSafe(configs: unknown[], rootKind: string): boolean {
  const walk = (v: unknown, inHas: boolean): boolean => {
    if (Array.isArray(v)) return v.every((x) => walk(x, inHas));
    if (!v || typeof v !== "object") return true;
    for (const [k, x] of Object.entries(v)) {
      if (k === "follows" || k === "precedes") return false;
      if (k === "nthChild" && !inHas) return false;
      if (k === "kind" && x === rootKind) return false;
      if (!walk(x, inHas || k === "has")) return false;
    }
    return true;
  };
  return configs.every((c) => walk(c, false));
}

/** Consecutive runs of items whose sizes add up to at most packChars (a larger item is a run alone). */
export function runsOf<T>(items: T[], size: (item: T) => number): T[][] {
  const runs: T[][] = [];
  let run: T[] = [],
    chars = 0;
  for (const item of items) {
    const n = size(item);
    if (run.length && chars + n > packChars) {
      runs.push(run);
      run = [];
      chars = 0;
    }
    run.push(item);
    chars += n;
  }
  if (run.length) runs.push(run);
  return runs;
}
