// A text check for `check: redos` rules in JavaScript and TypeScript (engines/redos.ts): their
// matches are kept only when the pattern they hold is one the ReDoS judge would look at, so a file
// whose regex literals are all too plain for that (and that never names `RegExp`) cannot get a
// finding from them. Their words (`})`, `+(`...) are in nearly every file: without this check,
// nearly every file was parsed for this one rule.
import { judgeable } from "../engines/redos.ts";

/**
 * A regex literal from its opening slash, read as the grammar (and engines/redos.ts patternOf)
 * reads one: escapes and classes, where a slash does not end it, up to a slash on the same line.
 */
const literalAt = /\/((?:[^/\\\n[]|\\.|\[(?:[^\]\\\n]|\\.)*\])+)\//y;

/**
 * Whether the text may hold a regex literal whose pattern the ReDoS judge would look at. Every
 * slash is tried as a literal's start (a division or a comment only makes a candidate more), but
 * `//` and `/*`, which open comments, never start one.
 */
export function mayHoldJudgeableRegex(text: string): boolean {
  for (let i = text.indexOf("/"); i >= 0; i = text.indexOf("/", i + 1)) {
    const next = text.charCodeAt(i + 1);
    if (next === 47 || next === 42) continue;
    literalAt.lastIndex = i;
    const m = literalAt.exec(text);
    if (m && judgeable(m[1]!)) return true;
  }
  return false;
}
