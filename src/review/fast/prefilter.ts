// A text prefilter: most rules can only match when a file contains certain words (a pattern's
// identifiers appear verbatim, a regex's literal parts appear in the node text), so two regex scans
// per file decide which rules to run natively. Each rule's requirement is a conjunction of clauses,
// each a disjunction of terms: `w:<word>` (a whole word, case-sensitive), `t:<text>` (a
// case-insensitive substring), `c:<check>` (a check of the whole text, text-checks.ts, for
// patterns without words such as `$X = $X`) or `r:<regex>` (a rule's `metadata.prefilterRegex`, flags
// iu). The requirement is always implied by a match (a superset).

import { maySelfAssign } from "./text-checks.ts";
import { mayHoldJudgeableRegex } from "./regex-literals.ts";
import { escapeRegExp } from "../text.ts";
import { TermScan } from "./term-scan.ts";

type Obj = Record<string, unknown>;
/** Clauses that must all hold; each clause holds when one of its terms is present. */
export type Need = string[][];

const word = /[A-Za-z_][A-Za-z0-9_]*/g;
// Words of the scaffolding that pattern contexts wrap around the interesting code.
const wrapperWords = new Set(["func", "function", "class", "void", "def", "public", "static"]);
const isMetaVar = (p: string, m: RegExpMatchArray) => p[m.index! - 1] === "$" && /^[A-Z_][A-Z0-9_]*$/.test(m[0]);

/** `$X = $X`, `$O.$P = $O.$P`: any assignment, whose sides the `c:self-assignment` check compares (text-checks.ts). */
const selfAssignment = /^\s*(\$[A-Z_][A-Z0-9_]*(?:\.\$[A-Z_][A-Z0-9_]*)*)\s*=\s*\1\s*;?\s*$/;

/** Words of a plain pattern: each is a leaf the matched code must contain verbatim. */
function patternNeed(p: string): { clauses: Need; vars: string[] } {
  const clauses: Need = [];
  const vars: string[] = [];
  if (selfAssignment.test(p)) clauses.push(["c:self-assignment"]);
  for (const m of p.matchAll(word)) {
    // Only upper-case names after `$` are metavariables; `$where` or `$queryRaw` are literal code.
    if (isMetaVar(p, m)) {
      if (p[m.index! - 2] !== "$" && !m[0].startsWith("_")) vars.push(m[0]);
      continue;
    }
    if (wrapperWords.has(m[0]) || m[0].length < 2) continue;
    clauses.push([`w:${m[0]}`]);
  }
  return { clauses, vars };
}

/** A pattern context: only its longest non-scaffolding word is taken (the context may add others). */
function contextNeed(p: string): Need {
  let best = "";
  for (const m of p.matchAll(word)) {
    if (isMetaVar(p, m) || wrapperWords.has(m[0])) continue;
    if (m[0].length > best.length) best = m[0];
  }
  return best.length >= 2 ? [[`w:${best}`]] : [];
}

const special = new Set([..."\\^$.|?*+()[]{}"]);

/**
 * Literal parts of a regex the matched text must contain, as lower-case substrings: runs of plain
 * characters and groups of plain alternatives (`(a|b)`). Anything else only ends a run.
 */
export function regexNeed(src: string): Need {
  let re = src.replace(/^\(\?i\)/, "");
  // A top-level alternation: one clause of the branches' best terms, when every branch has one.
  const branches = splitTop(re);
  if (branches === null) return [];
  if (branches.length > 1) {
    const picks = branches.map((b) => best(regexNeed(b)));
    return picks.every((p) => p) ? [[...new Set(picks.flat() as string[])]] : [];
  }
  re = branches[0]!;
  const out: Need = [];
  // Atoms: a literal character, a group of literal alternatives, a group's own requirement, or an
  // unknown piece (null).
  const atoms: (string | string[] | { need: Need } | null)[] = [];
  for (let i = 0; i < re.length; i++) {
    const c = re[i]!;
    if (c === "\\") {
      const n = re[i + 1];
      i++;
      atoms.push(n !== undefined && !/[A-Za-z0-9]/.test(n) ? n : null);
    } else if (c === "(") {
      // The matching parenthesis, not the first one: nested groups must not end this one early.
      const close = groupEnd(re, i);
      if (close < 0) break;
      const inner = re.slice(i + 1, close);
      const body = inner.replace(/^\?:/, "");
      if (body.startsWith("?"))
        atoms.push(null); // lookaround, named group, flags: needs nothing
      else {
        const alts = body.split("|");
        atoms.push(alts.every((a) => /^[A-Za-z0-9_-]{2,}$/.test(a)) ? alts : { need: regexNeed(body) });
      }
      i = close;
    } else if (c === "[") {
      const close = re.indexOf("]", i + 2);
      atoms.push(null);
      if (close < 0) break;
      i = close;
    } else if (c === "?" || c === "*" || c === "+" || c === "{") {
      // A quantified atom may be absent or repeated: it is not a known literal.
      atoms[atoms.length - 1] = null;
      if (c === "{") {
        const close = re.indexOf("}", i);
        if (close < 0) break;
        i = close;
      }
    } else if (c === "^" || c === "$") atoms.push(null);
    else atoms.push(special.has(c) ? null : c);
  }
  let run = "";
  const endRun = () => {
    if (run.length >= 2) out.push([`t:${run.toLowerCase()}`]);
    run = "";
  };
  for (const a of atoms) {
    if (typeof a === "string") run += a;
    else {
      endRun();
      if (Array.isArray(a)) out.push(a.map((x) => `t:${x.toLowerCase()}`));
      else if (a) out.push(...a.need);
    }
  }
  endRun();
  return out;
}

/** Index of the `)` closing the group opened at `open`, skipping escapes and classes; -1 if none. */
function groupEnd(re: string, open: number): number {
  let depth = 0,
    inClass = false;
  for (let i = open; i < re.length; i++) {
    const c = re[i];
    if (c === "\\") {
      i++;
      continue;
    }
    if (inClass) {
      if (c === "]") inClass = false;
      continue;
    }
    if (c === "[") inClass = true;
    else if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return i;
  }
  return -1;
}

/** Splits a regex at top-level `|`; null when it cannot tell (unbalanced). */
function splitTop(re: string): string[] | null {
  const out: string[] = [];
  let depth = 0,
    start = 0,
    inClass = false;
  for (let i = 0; i < re.length; i++) {
    const c = re[i];
    if (c === "\\") {
      i++;
      continue;
    }
    if (inClass) {
      if (c === "]") inClass = false;
      continue;
    }
    if (c === "[") inClass = true;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "|" && depth === 0) {
      out.push(re.slice(start, i));
      start = i + 1;
    }
    if (depth < 0) return null;
  }
  if (depth !== 0 || inClass) return null;
  out.push(re.slice(start));
  return out;
}

/** The clause most likely to be selective: the one whose shortest term is longest. */
function best(clauses: Need): string[] | null {
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

/** `node`: only what the matched node's own text holds (no `inside`, no pattern context). */
interface Context {
  constraints?: Record<string, unknown>;
  utils?: Record<string, unknown>;
  node?: boolean;
}

/**
 * Clauses implied by a rule object. `top` marks objects matched against the reported node itself
 * (not under has/inside/matches): a metavariable their pattern binds brings its constraint along.
 */
function derive(rule: unknown, ctx: Context, depth: number, top: boolean): Need {
  const out: Need = [];
  if (!rule || typeof rule !== "object" || depth > 20) return out;
  const r = rule as Obj;
  // Keys of one rule object are a conjunction: every child's requirement holds.
  if (typeof r.pattern === "string") {
    const p = patternNeed(r.pattern);
    out.push(...p.clauses);
    if (top)
      for (const v of new Set(p.vars))
        if (ctx.constraints?.[v]) out.push(...derive(ctx.constraints[v], { utils: ctx.utils, node: ctx.node }, depth + 1, false));
  } else if (r.pattern && typeof (r.pattern as Obj).context === "string" && !ctx.node) out.push(...contextNeed((r.pattern as Obj).context as string));
  if (typeof r.regex === "string") out.push(...regexNeed(r.regex));
  if (Array.isArray(r.all)) for (const c of r.all) out.push(...derive(c, ctx, depth + 1, top));
  if (Array.isArray(r.any) && r.any.length) {
    const alts = r.any.map((c) => derive(c, ctx, depth + 1, top));
    // Clauses every alternative implies hold as they are; of the rest, one per alternative joins a disjunction.
    const key = (c: string[]) => [...new Set(c)].sort().join("\0");
    const common = alts[0]!.filter((c) => alts.every((a) => a.some((d) => key(d) === key(c))));
    const commonKeys = new Set(common.map(key));
    out.push(...common);
    const picks = alts.map((a) => best(a.filter((c) => !commonKeys.has(key(c)))));
    if (picks.every((p) => p)) out.push([...new Set(picks.flat() as string[])]);
  }
  if (r.has) out.push(...derive(r.has, ctx, depth + 1, false));
  if (r.inside && !ctx.node) out.push(...derive(r.inside, ctx, depth + 1, false));
  if (typeof r.matches === "string" && ctx.utils?.[r.matches]) out.push(...derive(ctx.utils[r.matches], ctx, depth + 1, false));
  return out;
}

/**
 * What a file must contain for the rule to possibly match: the rule's own words, those of the
 * constraints on metavariables a match binds, and any `metadata.prefilter` words.
 */
export function ruleNeed(
  rule: unknown,
  options: { constraints?: Record<string, unknown>; utils?: Record<string, unknown>; prefilter?: string[]; prefilterRegex?: string } = {},
): Need {
  const clauses = derive(rule, { constraints: options.constraints, utils: options.utils }, 0, true);
  if (options.prefilter?.length) clauses.push(options.prefilter.map((w) => `t:${w.toLowerCase()}`));
  if (options.prefilterRegex) clauses.push([`r:${options.prefilterRegex}`]);
  return distinct(clauses);
}

/**
 * What the text of a node the rule matches must itself contain: the rule's words but those of
 * `inside` (ancestors), pattern contexts and `metadata.prefilter`, which may lie outside the node.
 */
export function nodeNeed(rule: unknown, options: { constraints?: Record<string, unknown>; utils?: Record<string, unknown> } = {}): Need {
  return distinct(derive(rule, { constraints: options.constraints, utils: options.utils, node: true }, 0, true));
}

function distinct(clauses: Need): Need {
  const seen = new Set<string>();
  return clauses.filter((c) => {
    const key = [...new Set(c)].sort().join("\0");
    if (!c.length || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

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

/** True when every clause of the requirement has a term among those found. */
export function satisfied(need: Need, found: ReadonlySet<string>): boolean {
  for (const c of need) if (!c.some((t) => found.has(t))) return false;
  return true;
}
