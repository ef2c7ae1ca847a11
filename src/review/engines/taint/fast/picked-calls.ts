// A function picked from a table by a computed key and called later under its own name (`const handler =
// handlers[action]; … handler(req, res)`): the pick is a `computedCalls` sink (evaluators/call-sinks.ts) the
// text shows, as a candidate for the prefilter and a point for relevance.
import { escapeRegExp } from "../../../text.ts";

/** What follows a function's name or member where it is called: `(`, `.call(`, `.apply(`. */
export const calledNext = "\\s*(?:\\(|\\.\\s*(?:call|apply)\\s*\\()";

const pick = /\b(?:const|let|var)\s+([\w$]+)\s*=\s*[\w$]+(?:\s*\.\s*[\w$]+)*\s*\[/g;

/** Offsets of the `[` of each such pick whose name the rest of the text calls (`name(`, `name.call(`, `name.apply(`). */
export function pickedCallOffsets(source: string): number[] {
  const picks: { name: string; at: number }[] = [];
  for (const m of source.matchAll(pick)) picks.push({ name: m[1]!, at: m.index + m[0].length - 1 });
  if (!picks.length) return [];
  // One pass for the calls of every picked name: the last call of each, to compare with where it was picked.
  const names = [...new Set(picks.map((p) => p.name))].map(escapeRegExp);
  const calls = new RegExp(`(?<![\\w$.])(${names.join("|")})${calledNext}`, "g");
  const last = new Map<string, number>();
  for (const m of source.matchAll(calls)) last.set(m[1]!, m.index);
  return picks.filter((p) => (last.get(p.name) ?? -1) > p.at).map((p) => p.at);
}
