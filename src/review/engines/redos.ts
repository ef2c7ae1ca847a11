// ReDoS: a rule marked `check: redos` finds regular expressions that can meet input (a literal
// tested against data, assigned for later use, or compiled by RegExp/re.compile); recheck judges
// each pattern, and only the super-linear ones stay. The judgement is recheck's own (automaton and
// fuzz checkers, pure-JS backend in-thread), bounded per pattern and cached by pattern and flags.
import { createRequire } from "node:module";
import type { Finding } from "../types.ts";
import type { FileText } from "../text.ts";
import type { SgNode, SgRoot } from "@ast-grep/napi";
import { VerdictStore } from "./redos-cache.ts";
import { meetsNoInput, nodeAt } from "./redos-reach.ts";
import { FileConstants, foldedRegExp } from "./redos-fold.ts";
import { CpuNet } from "./redos-net.ts";
import { judgeBounds, judgeable, shortenLiterals, shrinkCounts } from "./redos-shape.ts";
import { globalAlternatives, withoutBackrefs } from "./redos-forms.ts";
import { compiledUse, patternOf } from "./redos-pattern.ts";
import { suitePath } from "../suite-paths.ts";

/** recheck's verdict on one pattern: what a finding says, or null when it is linear or unknown. */
export type Verdict = { complexity: string; quadratic: boolean; attack?: string } | null;

interface RecheckResult {
  status: "safe" | "vulnerable" | "unknown";
  complexity?: { type: string; degree?: number; summary?: string };
  attack?: { pattern?: string };
  error?: { kind?: string };
}
type CheckSync = (source: string, flags: string, params?: Record<string, unknown>) => RecheckResult;

/**
 * A safety net on the CPU time recheck may spend on one pattern, not a judgement: the patterns it may
 * see are bounded by shape (redos-shape.ts). Within those bounds the slowest patterns of the bench
 * corpus's `node_modules` (698 patterns) took 2.6 s of CPU, a quarter of this net; the median took
 * 12 ms. The net counts this thread's CPU, not wall time (redos-net.ts), so a verdict depends on the
 * pattern, not on the machine's load: only a pattern that used the whole net is recorded as timed out
 * (and settles as not judged in the verdict cache). A file's patterns together get twice its time
 * budget, stretched on the wall by the share of a CPU the thread gets (file-budget.ts).
 */
const safetyNetMs = 10_000;
/** `CRS_REDOS_PATTERN_MS` changes the net (CPU milliseconds per pattern). */
const limitMs = (): number => Number(process.env.CRS_REDOS_PATTERN_MS) || safetyNetMs;
/** For fast/regex-literals.ts (which literals would be judged) and its test. */
export { judgeable } from "./redos-shape.ts";
export { patternOf } from "./redos-pattern.ts";
const cache = new Map<string, Verdict>();
/** Verdicts recheck reached in earlier processes (redos-cache.ts). */
let stored: VerdictStore | null = null;
/** For tests: where verdicts persist (null: in memory only); clears this process's verdicts too. */
export function useVerdictStore(store: VerdictStore | null): void {
  stored = store;
  cache.clear();
}
let checkSync: CheckSync | null = null;
let net = new CpuNet();
/** For tests: the CPU net (and its clocks) patterns are judged under. */
export function useCpuNet(n: CpuNet): void {
  net = n;
}
/** The share of a CPU this thread has been getting while judging (1 unloaded; redos-net.ts). */
export const judgingShare = (): number => net.share();

function recheck(): CheckSync {
  if (!checkSync) {
    // The in-thread pure-JS backend: no worker, no native binary or JVM started per review.
    process.env.RECHECK_SYNC_BACKEND = "pure";
    checkSync = (createRequire(import.meta.url)("recheck") as { checkSync: CheckSync }).checkSync;
    // The first check compiles the analyser's code (about 100 ms of CPU): not on a pattern's time, but
    // a first measure of this thread's share of the CPU, before its first slow pattern.
    net.measure(() => checkSync!("^(a+)+$", "", { checker: "automaton" }));
  }
  return checkSync;
}

/**
 * recheck's verdict on a JavaScript pattern with its flags (cached by both). `budgetMs`: the wall time
 * left of the file's judging budget; an unknown verdict reached short of the CPU net is not cached.
 */
export function judgePattern(source: string, flags: string, budgetMs = Infinity): Verdict {
  const key = `${flags}/${source}`;
  if (cache.has(key)) return cache.get(key)!;
  if (budgetMs <= 0) return null;
  // A global pattern's alternatives, each judged as one search would meet it (redos-forms.ts).
  const alts = globalAlternatives(source, flags);
  if (alts) {
    const start = Date.now();
    const one = flags.replace("g", "");
    const verdicts = alts.map((alt) => judgePattern(alt, one, budgetMs - (Date.now() - start)));
    const worst = verdicts.find((v) => v && !v.quadratic) ?? verdicts.find((v) => v) ?? null;
    cache.set(key, worst);
    return worst;
  }
  let verdict: Verdict = null;
  if (judgeable(source)) {
    stored ??= new VerdictStore();
    const storeKey = VerdictStore.key(source, flags, judgeBounds);
    const known = stored.get(storeKey);
    if (known !== undefined) {
      cache.set(key, known);
      return known;
    }
    let timedOut = false;
    try {
      const check = recheck();
      const judged = shrinkCounts(source);
      const shortened = shortenLiterals(withoutBackrefs(judged));
      const jsFlags = flags.replace(/[^dgimsuyv]/g, "");
      // Only a time-out may be the machine's load; "unsupported" (lookarounds, back-references) is recheck's answer.
      const { result: r, outcome } = net.run(
        key,
        limitMs(),
        budgetMs,
        (timeout) => check(shortened, jsFlags, { timeout, checker: "automaton" }),
        (res) => res.status === "unknown" && res.error?.kind !== "unsupported",
      );
      if (outcome === "starved" || outcome === "held") return null;
      timedOut = outcome === "timeout";
      if (r?.status === "vulnerable" && r.complexity) {
        const c = r.complexity;
        verdict = {
          complexity: c.type === "polynomial" && c.degree ? `polynomial (degree ${c.degree})` : c.type,
          quadratic: c.type === "polynomial" && (c.degree ?? 2) <= 2,
          // An input for a pattern with its counts cut (shrinkCounts) may not fit the pattern itself.
          ...(r.attack?.pattern && judged === source ? { attack: r.attack.pattern } : {}),
        };
      }
    } catch {
      verdict = null; // a pattern recheck cannot parse is not judged
    }
    stored.set(storeKey, verdict, timedOut);
  }
  if (cache.size > 5000) cache.clear();
  cache.set(key, verdict);
  return verdict;
}

/** The text a finding's primary location covers. */
function matchedText(text: FileText, f: Finding): string {
  const { startLine, startColumn, endLine, endColumn } = f.location;
  if (startLine === endLine) return text.line(startLine).slice(startColumn - 1, endColumn - 1);
  const lines = [text.line(startLine).slice(startColumn - 1)];
  for (let l = startLine + 1; l < endLine; l++) lines.push(text.line(l));
  lines.push(text.line(endLine).slice(0, endColumn - 1));
  return lines.join("\n");
}

/** A length bound: 100 or more, or a named limit. */
const bound = String.raw`(?:\d{3,}|[\w$.]*(?:MAX|max|Max|LIMIT|limit|Limit|LEN|Len)[\w$.]*)`;

/**
 * A check that refuses input past a length (`if (s.length > MAX_LEN) return …`, `throw`, also one
 * alternative of several: `if (typeof s !== "string" || s.length > 254) return false`), or a cut to a
 * length (`s.slice(0, MAX_LENGTH)`): the fix for polynomial patterns the rule itself gives. With it in
 * the file, quadratic patterns there cost at most the bound squared; exponential ones are still reported.
 */
const lengthBound = new RegExp(
  String.raw`\bif\s*\(\s*(?:[^;{}]*?\|\|\s*)?[\w$.[\]'"]+\.length\s*>=?\s*${bound}\s*(?:\|\|[^;{}]*?)?\)\s*(?:\{[^}]*?\b(?:return|throw)\b|return\b|throw\b)|` +
    String.raw`\.(?:slice|substring|substr)\(\s*0\s*,\s*${bound}\s*\)|` +
    String.raw`\bif\s+len\([\w.]+\)\s*>=?\s*(?:\d{3,}|[\w.]*(?:MAX|max|LIMIT|limit|LEN|len)[\w.]*)\s*:\s*(?:\n\s*)?(?:return|raise)\b`,
);

/**
 * A pattern that finds a template's tags (`{{ … }}`, `<% … %>`, `{% … %}`) reads a template: the
 * application's own source, written by its developers, not a string a request sends. A quadratic one
 * costs at most the template's length squared; an exponential one is still reported.
 */
const templateTag = /\\\{\\\{|\\\}\\\}|\{\{|\}\}|<%|%>|\\?\{%|%\\?\}/;

/** `new RegExp(req.query.p)`: the rule's alternative for a pattern that is itself request data. */
const inputPattern = /^\s*(?:new\s+)?RegExp\s*\(\s*req\./;

/**
 * The pattern a `new RegExp(…)` finding builds from the file's constants (redos-fold.ts); "unknown" when
 * it builds one of other values; null when the match is no such call.
 */
function built(root: SgNode, f: Finding, constants: () => FileConstants): { source: string; flags: string } | "unknown" | null {
  const call = nodeAt(root, f);
  if (call?.kind() !== "new_expression") return null;
  return foldedRegExp(call, constants()) ?? "unknown";
}

/** How a judged finding's description names its pattern (fold-copies.ts reads it back where a snippet is cut). */
export const patternLead = "The pattern is ";

/**
 * Findings of rules in `checked` whose matched pattern is linear (or unknown to recheck) are
 * dropped; vulnerable ones say how and with what input. A match without a literal pattern
 * (`new RegExp(req.query.p)`: the pattern itself is input) stays as the rule reported it.
 */
export function judgeRedos(
  findings: Finding[],
  text: FileText,
  checked: ReadonlySet<string>,
  python: boolean,
  deadline = Infinity,
  tree?: () => SgRoot,
): Finding[] {
  if (!checked.size || !findings.some((f) => checked.has(f.ruleId))) return findings;
  // A test suite keeps no security finding (analyze-file.ts): judging its patterns would be thrown away.
  if (suitePath.test(findings[0]!.location.path)) return findings.filter((f) => !checked.has(f.ruleId));
  const bounded = lengthBound.test(text.source);
  let fileConstants: FileConstants | undefined;
  const constants = (): FileConstants => (fileConstants ??= new FileConstants(tree!().root()));
  const out: Finding[] = [];
  for (const f of findings) {
    if (!checked.has(f.ruleId)) {
      out.push(f);
      continue;
    }
    const matched = matchedText(text, f);
    const literal = patternOf(matched, python);
    const pattern = literal ?? (tree && !python && !inputPattern.test(matched) ? built(tree().root(), f, constants) : null);
    if (!pattern || pattern === "unknown") {
      // A pattern built of what the file cannot fix is not judged; request data as the pattern stays as reported.
      if (!pattern) out.push(f);
      continue;
    }
    const use = python ? compiledUse(text.line(f.location.startLine), text.source) : null;
    if (use) pattern.source = use === "match" ? `^(?:${pattern.source})` : `^(?:${pattern.source})$`;
    const verdict = judgePattern(pattern.source, pattern.flags, deadline - Date.now());
    if (!verdict || (verdict.quadratic && (bounded || templateTag.test(pattern.source)))) continue;
    // JavaScript: a pattern applied to a string the program makes itself meets no input (redos-reach.ts).
    if (tree && !python && meetsNoInput(tree(), f)) continue;
    const attack = verdict.attack ? ` An input such as \`${verdict.attack.slice(0, 120)}\` shows it.` : "";
    // Quadratic patterns are common and hurt only with long input: reported, at low confidence.
    out.push({
      ...f,
      ...(verdict.quadratic ? { confidence: "low" as const } : {}),
      description:
        `${f.description}\n\n${patternLead}\`/${pattern.source}/${pattern.flags}\`: ` +
        `its matching time is ${verdict.complexity} in the input's length.${attack}`,
    });
  }
  return out;
}
