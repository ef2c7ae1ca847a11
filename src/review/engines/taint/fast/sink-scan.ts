// Candidate sink offsets exactly as one global regex of every sink pattern finds them (leftmost
// match, the first alternative that matches there, then on from its end), in about a third of the
// time. The combined regex tries its ~140 alternatives at every character of every file; here a
// regex of the words a match can start with finds the few places worth trying, and only the
// alternatives starting with that character are tried there, in their original order.
//
// Every alternative starts with a literal after zero-width checks: a word (a lookbehind or \b
// makes it begin a word), `.` then a word (suffix callees), or another token (`.$where`, `$.html`).
// So a match can only start where such a word begins, at such a dot, or where such a token and the
// one after it stand: the candidates.
import { escapeRegExp as esc } from "../../../text.ts";

export interface Alternative {
  /** Regex source of the alternative. */
  pattern: string;
  /** The literal tokens it starts with, unescaped (at least one). */
  literal: string[];
}

const word = (s: string | undefined): string | null => s?.match(/^\w+/)?.[0] ?? null;

export function sinkScanner(alts: readonly Alternative[]): (source: string) => number[] {
  const groups = new Map<string, string[]>();
  const words = new Set<string>();
  const dotWords = new Set<string>();
  // Other starts, with the token after the first where there is one (`.$where`, `$.html`): a lone
  // `.` or `$` would make every dot or template literal in a file a candidate.
  const others = new Set<string>();
  let anyDot = false;
  for (const a of alts) {
    const first = a.literal[0]!;
    const c = first[0]!;
    let g = groups.get(c);
    if (!g) groups.set(c, (g = []));
    g.push(a.pattern);
    const w = word(first);
    const next = a.literal[1];
    if (w) words.add(w);
    else if (c === ".") {
      if (word(next)) dotWords.add(word(next)!);
      else if (next) others.add(`\\.\\s*${esc(next)}`);
      else anyDot = true;
    } else others.add(next ? `${esc(first)}\\s*${esc(next)}` : esc(first));
  }
  const cands: string[] = [];
  // Words start and end with a word character: \b on both sides is "not inside a longer word".
  if (words.size) cands.push(`\\b(?:${[...words].map(esc).join("|")})\\b`);
  if (anyDot) cands.push("\\.");
  else if (dotWords.size) cands.push(`\\.\\s*(?:${[...dotWords].map(esc).join("|")})\\b`);
  cands.push(...others);
  if (!cands.length) return () => [];
  const candidates = new RegExp(cands.join("|"), "g");
  const sticky = new Map([...groups].map(([c, ps]) => [c, new RegExp(ps.join("|"), "y")]));
  return (source) => {
    const out: number[] = [];
    candidates.lastIndex = 0;
    for (let m = candidates.exec(source); m; m = candidates.exec(source)) {
      const at = m.index;
      const re = sticky.get(source[at]!)!;
      re.lastIndex = at;
      const hit = re.exec(source);
      if (!hit) {
        // A candidate match may cover later candidates: look again from the next character.
        candidates.lastIndex = at + 1;
        continue;
      }
      out.push(at + (hit[0].length - hit[0].trimStart().length));
      candidates.lastIndex = at + hit[0].length;
    }
    return out;
  };
}
