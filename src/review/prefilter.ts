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
    if (p[m.index - 1] === "$" || wrapperWords.has(m[0])) continue;
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

  constructor(tokenLists: (string[] | null)[]) {
    const all = new Set<string>();
    for (const l of tokenLists) if (l) for (const t of l) all.add(t);
    this.re = all.size ? new RegExp(`\\b(?:${[...all].sort((a, b) => b.length - a.length).map(escape).join("|")})\\b`, "g") : null;
  }

  /** The tokens present in a text. */
  scan(text: string): Set<string> {
    const found = new Set<string>();
    if (!this.re) return found;
    this.re.lastIndex = 0;
    for (const m of text.matchAll(this.re)) found.add(m[0]);
    return found;
  }
}
