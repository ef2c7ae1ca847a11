// Finding a requirement's terms in a text: one compiled scanner for the requirements of many rules,
// so a file is scanned once whatever the number of rules.
import { maySelfAssign } from "./text-checks.ts";
import { mayHoldJudgeableRegex } from "./regex-literals.ts";
import { escapeRegExp } from "../text.ts";
import { TermScan } from "./term-scan.ts";
import type { Need } from "./need.ts";
import { satisfied } from "./need.ts";

// One scanner per requirement, so a node's text is tested exactly as a file's is.
const scanners = new WeakMap<Need, TokenScanner>();

/** Whether a text holds the requirement, its terms found as TokenScanner finds them in a file. */
export function needMet(need: Need, text: string): boolean {
  let scanner = scanners.get(need);
  if (!scanner) scanners.set(need, (scanner = new TokenScanner([need])));
  return satisfied(need, scanner.scan(text));
}

/** Checks of the whole text (`c:<name>` terms): each answers true for every text its rule shape can match. */
const textChecks: Record<string, (text: string) => boolean> = { "self-assignment": maySelfAssign, "redos-literal": mayHoldJudgeableRegex };

/** One compiled scanner for the requirements of a set of rules. */
export class TokenScanner {
  /** Words and texts in one pass (term-scan.ts), when they fit it; else the two regexes below. */
  private readonly terms: TermScan | null;
  private readonly words: RegExp | null;
  private readonly texts: RegExp | null;
  /** For each text, the texts inside it: a match of the longer one also contains them. */
  private readonly inner = new Map<string, string[]>();
  private readonly checks: string[] = [];
  /** Each `r:` term, compiled, with the requirements that hold it. */
  private readonly regexes = new Map<string, { re: RegExp; needs: Need[] }>();

  constructor(needs: Need[]) {
    const words = new Set<string>();
    const texts = new Set<string>();
    const checks = new Set<string>();
    for (const n of needs)
      for (const c of n)
        for (const t of c) {
          if (t.startsWith("r:")) {
            const entry = this.regexes.get(t) ?? { re: new RegExp(t.slice(2), "iu"), needs: [] };
            entry.needs.push(n);
            this.regexes.set(t, entry);
          } else (t.startsWith("w:") ? words : t.startsWith("c:") ? checks : texts).add(t.slice(2));
        }
    this.checks = [...checks].filter((c) => textChecks[c]);
    for (const t of texts)
      this.inner.set(
        t,
        [...texts].filter((u) => u !== t && t.includes(u)),
      );
    const alt = (s: Set<string>) =>
      [...s]
        .sort((a, b) => b.length - a.length)
        .map(escapeRegExp)
        .join("|");
    this.terms = (words.size || texts.size) && TermScan.fits(words, texts) ? new TermScan(words, texts) : null;
    this.words = words.size && !this.terms ? new RegExp(`\\b(?:${alt(words)})\\b`, "g") : null;
    this.texts = texts.size && !this.terms ? new RegExp(alt(texts), "gi") : null;
  }

  /** The terms present in a text (`w:` words as written, `t:` texts lower-cased, `c:` checks passed). */
  scan(text: string): Set<string> {
    const found = new Set<string>();
    for (const c of this.checks) if (textChecks[c]!(text)) found.add(`c:${c}`);
    this.terms?.scan(text, found);
    if (this.words) for (const m of text.matchAll(this.words)) found.add(`w:${m[0]}`);
    const re = this.texts;
    if (re) {
      // Resuming one character after each match start finds overlapping texts too; a shorter text
      // starting at the same place is inside the longer one found there.
      re.lastIndex = 0;
      for (let m = re.exec(text); m; m = re.exec(text)) {
        re.lastIndex = m.index + 1;
        const t = m[0].toLowerCase();
        if (found.has(`t:${t}`)) continue;
        found.add(`t:${t}`);
        for (const u of this.inner.get(t) ?? []) found.add(`t:${u}`);
      }
    }
    // A regex is tried only where a requirement holding it has all its other clauses found.
    const others = (n: Need, term: string): boolean => n.every((c) => c.includes(term) || c.some((t) => t.startsWith("r:") || found.has(t)));
    for (const [term, { re, needs }] of this.regexes) if (needs.some((n) => others(n, term)) && re.test(text)) found.add(term);
    return found;
  }
}
