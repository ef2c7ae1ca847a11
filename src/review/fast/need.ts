// A prefilter requirement: what a text must contain for a rule (or a node it matches) to be possible.
// It is a conjunction of clauses, each a disjunction of terms: `w:<word>` (a whole word,
// case-sensitive), `t:<text>` (a case-insensitive substring), `c:<check>` (a check of the whole text,
// text-checks.ts) or `r:<regex>` (a rule's `metadata.prefilterRegex`, flags iu).

/** Clauses that must all hold; each clause holds when one of its terms is present. */
export type Need = string[][];

/** True when every clause of the requirement has a term among those found. */
export function satisfied(need: Need, found: ReadonlySet<string>): boolean {
  for (const c of need) if (!c.some((t) => found.has(t))) return false;
  return true;
}

/** The clause most likely to be selective: the one whose shortest term is longest. */
export function best(clauses: Need): string[] | null {
  let pick: string[] | null = null;
  let score = -1;
  for (const c of clauses) {
    const s = Math.min(...c.map((t) => t.length)) - c.length * 0.01;
    if (s > score) {
      score = s;
      pick = c;
    }
  }
  return pick;
}
