// A function picked from a table by a computed key and called later under its own name (`const handler =
// handlers[action]; … handler(req, res)`): the pick is a `computedCalls` sink (evaluators/call-sinks.ts) the
// text shows, as a candidate for the prefilter and a point for relevance.
import { escapeRegExp } from "../../../text.ts";

const pick = /\b(?:const|let|var)\s+([\w$]+)\s*=\s*[\w$]+(?:\s*\.\s*[\w$]+)*\s*\[/g;

/** Offsets of the `[` of each such pick whose name the rest of the text calls (`name(`, `name.call(`, `name.apply(`). */
export function pickedCallOffsets(source: string): number[] {
  const out: number[] = [];
  pick.lastIndex = 0;
  for (let m = pick.exec(source); m; m = pick.exec(source)) {
    const end = m.index + m[0].length;
    const called = new RegExp(`(?<![\\w$.])${escapeRegExp(m[1]!)}\\s*(?:\\(|\\.\\s*(?:call|apply)\\s*\\()`);
    if (called.test(source.slice(end))) out.push(end - 1);
  }
  return out;
}
