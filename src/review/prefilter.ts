// A text prefilter: most rules can only match when a file contains a certain word (a pattern's
// identifiers must appear verbatim), so one regex scan per file decides which rules to run natively.

type Obj = Record<string, unknown>;
const word = /[A-Za-z_][A-Za-z0-9_]*/g;
// Words of the scaffolding that pattern contexts wrap around the interesting code.
const wrapperWords = new Set(["func", "function", "class", "void", "def", "public", "static"]);

function patternToken(p: string): string[] | null {
  let best = "";
  for (const m of p.matchAll(word)) {
    // Metavariables ($X, $$$ARGS) match anything.
    // Only upper-case names after `$` are metavariables; `$where` or `$queryRaw` are literal code.
    if ((p[m.index - 1] === "$" && /^[A-Z_][A-Z0-9_]*$/.test(m[0])) || wrapperWords.has(m[0])) continue;
    if (m[0].length > best.length) best = m[0];
  }
  return best.length >= 2 ? [best] : null;
}

/** Words of which a file must contain at least one for the rule to possibly match; null = unknown. */
export function requiredTokens(rule: unknown, utils?: Record<string, unknown>, depth = 0): string[] | null {
  if (!rule || typeof rule !== "object" || depth > 20) return null;
  const r = rule as Obj;
  // Keys of one rule object are a conjunction: any one child's requirement is enough.
  const parts: (string[] | null)[] = [];
  if (typeof r.pattern === "string") parts.push(patternToken(r.pattern));
  else if (r.pattern && typeof (r.pattern as Obj).context === "string") parts.push(patternToken((r.pattern as Obj).context as string));
  if (Array.isArray(r.all)) for (const c of r.all) parts.push(requiredTokens(c, utils, depth + 1));
  if (Array.isArray(r.any)) {
    const alts = r.any.map((c) => requiredTokens(c, utils, depth + 1));
    parts.push(alts.length && alts.every((a) => a) ? [...new Set(alts.flat() as string[])] : null);
  }
  if (r.has) parts.push(requiredTokens(r.has, utils, depth + 1));
  if (r.inside) parts.push(requiredTokens(r.inside, utils, depth + 1));
  if (typeof r.matches === "string" && utils?.[r.matches]) parts.push(requiredTokens(utils[r.matches], utils, depth + 1));
  const known = parts.filter((p): p is string[] => p !== null);
  if (!known.length) return null;
  return known.reduce((a, b) => (b.length < a.length ? b : a));
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** One compiled scanner for a set of token lists. */
export class TokenScanner {
  private readonly re: RegExp | null;
  /** For each token, the tokens inside it: a match of the longer one also contains them. */
  private readonly inner = new Map<string, string[]>();

  constructor(tokenLists: (string[] | null)[]) {
    const all = new Set<string>();
    for (const l of tokenLists) if (l) for (const t of l) all.add(t.toLowerCase());
    // Case-insensitive substring search: a superset of what the rules can match, cheap to run.
    for (const t of all) this.inner.set(t, [...all].filter((u) => u !== t && t.includes(u)));
    this.re = all.size ? new RegExp([...all].sort((a, b) => b.length - a.length).map(escape).join("|"), "gi") : null;
  }

  /** The tokens present in a text, lower-cased. */
  scan(text: string): Set<string> {
    const found = new Set<string>();
    if (!this.re) return found;
    this.re.lastIndex = 0;
    for (const m of text.matchAll(this.re)) {
      const t = m[0].toLowerCase();
      if (found.has(t)) continue;
      found.add(t);
      for (const u of this.inner.get(t) ?? []) found.add(u);
    }
    return found;
  }
}
