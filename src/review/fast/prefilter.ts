// A text prefilter: most rules can only match when a file contains certain words (a pattern's
// identifiers appear verbatim, a regex's literal parts appear in the node text), so two regex scans
// per file (token-scanner.ts) decide which rules to run natively. Here a rule object's requirement
// (need.ts: clauses of words, texts, checks and regexes) is derived from its patterns, its regexes
// (regex-need.ts) and its metadata. The requirement is always implied by a match (a superset).
import { regexNeed } from "./regex-need.ts";
import type { Need } from "./need.ts";
import { best } from "./need.ts";

type Obj = Record<string, unknown>;

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
