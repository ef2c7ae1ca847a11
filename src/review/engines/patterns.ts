// Runs a language's YAML rules over one parsed file: the text prefilter picks the rules that can
// match, then each runs natively on the one tree.
import type { NapiConfig, SgNode, SgRoot } from "@ast-grep/napi";
import type { Finding } from "../types.ts";
import type { Rule } from "../rule-loader.ts";
import type { Language } from "../languages.ts";
import { parserName, ruleLanguagesFor } from "../languages.ts";
import { parse } from "@ast-grep/napi";
import { nodeNeed, ruleNeed } from "../fast/prefilter.ts";
import { needMet, TokenScanner } from "../fast/token-scanner.ts";
import { satisfied } from "../fast/need.ts";
import type { Need } from "../fast/need.ts";
import { fingerprint } from "../fingerprint.ts";
import type { FileText } from "../text.ts";
import { lookupOf } from "../config-values.ts";
import { mergeInfo, runRules } from "../fast/merged.ts";
import type { MergeInfo, RuleJob } from "../fast/merged.ts";

export interface LanguagePack {
  rules: Rule[];
  /** Per rule (same index): its top-level `any` alternatives as rules of their own, or null. */
  parts: (RulePart[] | null)[];
  scanner: TokenScanner;
  /** Per rule (same index): how it joins the one-walk query (merged.ts), or null to run alone. */
  merge: (MergeInfo | null)[];
  /** Per rule (same index): what the text of a node it matches holds (prefilter.ts nodeNeed). */
  nodeNeeds: Need[];
}

/** One alternative of a rule whose top level is `any`, with what a file needs for it to match. */
export interface RulePart {
  alt: unknown;
  /** The constraints on metavariables this alternative names. */
  constraints: Record<string, unknown> | undefined;
  need: Need;
}

/**
 * ast-grep compiles a rule on every findAll (its patterns parsed, its regexes built): on small files
 * that costs more than the matching, most for rules listing many sink patterns. A rule whose top
 * level is only `any` is split into its alternatives, each with its own text requirement, so a file
 * pays for the alternatives its text allows (one query of those, in the rule's own order).
 */
function splitAny(rule: Rule, empty: SgNode): RulePart[] | null {
  const top = rule.config.rule as Record<string, unknown>;
  const alts = top.any;
  if (!Array.isArray(alts) || alts.length < 2 || Object.keys(top).length !== 1) return null;
  // Metavariables a utility binds are not visible here (see below): such rules stay whole.
  if (JSON.stringify(alts).includes('"matches"')) return null;
  const { constraints, utils } = rule.config as { constraints?: Record<string, unknown>; utils?: Record<string, unknown> };
  const parts: RulePart[] = [];
  for (const alt of alts) {
    // ast-grep refuses constraints on a metavariable the rule does not name; within `any` such a
    // constraint never applied to this alternative (an unbound variable is not checked).
    const names = JSON.stringify(alt);
    const own = constraints && Object.fromEntries(Object.entries(constraints).filter(([v]) => new RegExp(`\\$\\$?\\$?${v}\\b`).test(names)));
    try {
      empty.findAll({ ...rule.config, rule: alt, ...(constraints ? { constraints: own } : {}) } as NapiConfig);
    } catch {
      return null;
    }
    // A node one alternative matches meets the whole rule's requirement too.
    parts.push({ alt, constraints: own, need: [...rule.need, ...ruleNeed(alt, { constraints, utils }), ...checkNeed(rule, alt)] });
  }
  return parts.some((p) => p.need.length > rule.need.length) ? parts : null;
}

/**
 * What a file needs for a match of this alternative to survive the rule's check: a JavaScript regex
 * literal the ReDoS judge keeps is one it may judge (fast/regex-literals.ts); a match it does not
 * judge is dropped (engines/redos.ts judgeRedos).
 */
function checkNeed(rule: Rule, alt: unknown): Need {
  const regexOnly = (alt as { kind?: unknown }).kind === "regex" && (rule.language === "javascript" || rule.language === "typescript");
  return rule.check === "redos" && regexOnly ? [["c:redos-literal"]] : [];
}

export function buildPacks(rules: Rule[], langs: readonly Language[]): Map<Language, LanguagePack> {
  const packs = new Map<Language, LanguagePack>();
  for (const lang of langs) {
    const applicable = ruleLanguagesFor(lang);
    // A rule shared across grammars (JavaScript rules on TypeScript) may name a kind one lacks.
    const empty = parse(parserName(lang), "").root();
    const rs = rules.filter((r) => {
      if (!applicable.includes(r.language)) return false;
      if (r.language === lang) return true;
      try {
        empty.findAll(r.config);
        return true;
      } catch {
        return false;
      }
    });
    const parts = rs.map((r) => splitAny(r, empty));
    const scanner = new TokenScanner([...rs.map((r) => r.need), ...parts.flatMap((p) => p?.map((x) => x.need) ?? [])]);
    const nodeNeeds = rs.map((r) => {
      const c = r.config as { rule: unknown; constraints?: Record<string, unknown>; utils?: Record<string, unknown> };
      return nodeNeed(c.rule, { constraints: c.constraints, utils: c.utils });
    });
    packs.set(lang, { rules: rs, parts, scanner, merge: rs.map((r) => mergeInfo(r, lang)), nodeNeeds });
  }
  return packs;
}

function applyFix(template: string, node: SgNode): string {
  return template.replace(/\$\$\$([A-Z_][A-Z0-9_]*)|\$([A-Z_][A-Z0-9_]*)/g, (whole, multi: string, single: string) => {
    if (multi)
      return (
        node
          .getMultipleMatches(multi)
          .map((n) => n.text())
          .join("")
          .trim() || ""
      );
    return node.getMatch(single)?.text() ?? whole;
  });
}

/** Whether any rule of the pack may match a text with these prefilter terms (ruleJobs would run one). */
export function mayMatch(pack: LanguagePack, present: ReadonlySet<string>): boolean {
  return pack.rules.some((r, i) => satisfied(r.need, present) && configFor(r, pack.parts[i]!, present) !== null);
}

/** The rule as a query of the alternatives the file's text allows (the whole rule when all do). */
function configFor(rule: Rule, parts: RulePart[] | null, present: ReadonlySet<string>): NapiConfig | null {
  if (!parts) return rule.config;
  const live = parts.filter((p) => satisfied(p.need, present));
  if (live.length === parts.length) return rule.config;
  if (!live.length) return null;
  const constraints = rule.config.constraints ? (Object.assign({}, ...live.map((p) => p.constraints)) as Record<string, unknown>) : undefined;
  const alt = live.length === 1 ? live[0]!.alt : { any: live.map((p) => p.alt) };
  return { ...rule.config, rule: alt, ...(constraints ? { constraints } : {}) } as NapiConfig;
}

export interface MatchOutcome {
  findings: Finding[];
  /** The node each finding of a taint-class rule matched (taint analysis starts there). */
  nodes: Map<Finding, SgNode>;
  /** Rule ids that threw at match time (reported once per run). */
  failed: string[];
  timedOut: boolean;
  /** The nodes of the `extra` kinds asked for, in tree order, when the rule walk listed them. */
  extra: SgNode[] | null;
}

/** `present`: the pack scanner's terms in the text; `extra`: node kinds to list on the rules' walk (runRules). */
export function matchRules(
  pack: LanguagePack,
  root: SgRoot,
  text: FileText,
  path: string,
  deadline: number,
  present: ReadonlySet<string>,
  extra?: ReadonlySet<string>,
): MatchOutcome {
  const run = runRules(
    root.root(),
    text.source.length,
    ruleJobs(
      pack,
      pack.rules.map((r) => satisfied(r.need, present)),
      present,
    ),
    deadline,
    extra,
  );
  const findings: Finding[] = [];
  const seen = new Map<string, number>();
  const matched = new Map<Finding, SgNode>();
  for (const [i, nodes] of [...run.nodes].sort((a, b) => a[0] - b[0])) findings.push(...collectFindings(pack.rules[i]!, nodes, text, path, seen, 0, matched));
  return { findings, nodes: matched, failed: run.failed.map((i) => pack.rules[i]!.id), timedOut: run.timedOut, extra: run.extra };
}

/** The live rules (by index) with the config each runs with, given the text's terms. */
export function ruleJobs(pack: LanguagePack, live: readonly boolean[], present: ReadonlySet<string>): RuleJob[] {
  const jobs: RuleJob[] = [];
  pack.rules.forEach((rule, i) => {
    if (!live[i]) return;
    const config = configFor(rule, pack.parts[i]!, present);
    const need = pack.nodeNeeds[i]!;
    if (config) jobs.push({ index: i, config, merge: pack.merge[i]!, ...(need.length ? { plausible: (n: SgNode) => needMet(need, n.text()) } : {}) });
  });
  return jobs;
}

/**
 * A rule's matches in one file as findings, a node once however many alternatives matched it.
 * `seen` counts equal matched code per rule in the file (the fingerprint's occurrence number);
 * `firstLine` is the file's first line in the tree (0 unless files were joined, see packed.ts).
 * `taintNodes` receives the node of each finding of a taint-class rule.
 */
export function collectFindings(
  rule: Rule,
  nodes: SgNode[],
  text: FileText,
  path: string,
  seen: Map<string, number>,
  firstLine: number,
  taintNodes: Map<Finding, SgNode>,
): Finding[] {
  const out: Finding[] = [];
  const ranges = new Set<string>();
  for (const node of nodes) {
    const r = node.range();
    const key = `${r.start.index}:${r.end.index}`;
    if (ranges.has(key)) continue;
    ranges.add(key);
    const matched = node.text();
    const norm = `${rule.id}\0${matched.replace(/\s+/g, "")}`;
    const n = seen.get(norm) ?? 0;
    seen.set(norm, n + 1);
    const f: Finding = {
      ruleId: rule.id,
      title: rule.title,
      description: rule.description,
      severity: rule.severity,
      cwe: rule.cwe,
      confidence: rule.confidence,
      tags: rule.taint ? [...rule.tags, `taint:${rule.taint}`] : rule.tags,
      location: text.location(path, r.start.line - firstLine, r.start.column, r.end.line - firstLine, r.end.column),
      relatedLocations: [],
      fingerprint: fingerprint(rule.id, path, matched, n ? String(n) : ""),
      engine: "pattern",
    };
    if (rule.lookup) {
      const key = node.getMatch(rule.lookup.key)?.text();
      if (key !== undefined) {
        // Captured a configuration key: judged with the tree's configuration files, or not at all.
        const lookup = lookupOf(key, rule.lookup.fallback ? node.getMatch(rule.lookup.fallback)?.text() : undefined, rule.lookup.value);
        if (!lookup) continue;
        f.lookup = lookup;
      }
    }
    if (rule.fix !== undefined) f.fix = { description: `Replace with the suggested code`, replacement: applyFix(rule.fix, node) };
    if (rule.taint) taintNodes.set(f, node);
    out.push(f);
  }
  return out;
}
