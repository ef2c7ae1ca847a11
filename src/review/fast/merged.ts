// One tree walk for many rules. Every findAll walks the whole tree, so a file with ten live rules
// was walked ten times (on joined trees of small files the walks, not the compiling, cost the most).
// Rules without a fix or utilities run as one `any` query without their constraints, which finds
// every node any of them could match; each node found is then checked against the whole rule
// (constraints included) with `matches`, only for rules whose root node kind it has. A rule's nodes
// come out in the same order as from its own findAll.
import { parse } from "@ast-grep/napi";
import type { NapiConfig, SgNode } from "@ast-grep/napi";
import type { Rule } from "../rule-loader.ts";
import type { Language } from "../languages.ts";
import { parserName } from "../languages.ts";

/** What one rule needs to run in the merged query: its root kinds (null: any kind may match). */
export interface MergeInfo {
  kinds: ReadonlySet<string> | null;
}

const loneMetavariable = /^\$\$?\$?[A-Z_][A-Z0-9_]*$/;

/**
 * The kinds a rule's matched node can have, from its `kind`, its patterns (a pattern matches only
 * nodes of its own root kind, which ast-grep reports by matching the pattern against its own text)
 * and how `all` / `any` combine them. Null when the rule does not pin the kind down.
 */
function rootKinds(rule: unknown, lang: Language): Set<string> | null {
  if (!rule || typeof rule !== "object") return null;
  const r = rule as Record<string, unknown>;
  const sets: Set<string>[] = [];
  if (typeof r.kind === "string") sets.push(new Set([r.kind]));
  if (typeof r.pattern === "string" && !loneMetavariable.test(r.pattern.trim())) {
    const own = parse(parserName(lang), r.pattern)
      .root()
      .find({ rule: { pattern: r.pattern } } as NapiConfig);
    if (own && own.kind() !== parse(parserName(lang), "").root().kind()) sets.push(new Set([String(own.kind())]));
  } else if (r.pattern && typeof r.pattern === "object" && typeof (r.pattern as { selector?: unknown }).selector === "string") {
    sets.push(new Set([(r.pattern as { selector: string }).selector]));
  }
  if (Array.isArray(r.all))
    for (const x of r.all) {
      const s = rootKinds(x, lang);
      if (s) sets.push(s);
    }
  if (Array.isArray(r.any)) {
    const each = r.any.map((x) => rootKinds(x, lang));
    if (each.length && each.every((s) => s)) sets.push(new Set(each.flatMap((s) => [...s!])));
  }
  if (!sets.length) return null;
  return new Set([...sets[0]!].filter((k) => sets.every((s) => s.has(k))));
}

/** Rules with a fix read their metavariables from findAll's nodes, and utilities are per rule. */
export function mergeInfo(rule: Rule, lang: Language): MergeInfo | null {
  const c = rule.config as { utils?: unknown; transform?: unknown; rewriters?: unknown };
  if (rule.fix !== undefined || c.utils || c.transform || c.rewriters) return null;
  try {
    return { kinds: rootKinds((rule.config as { rule: unknown }).rule, lang) };
  } catch {
    return { kinds: null };
  }
}

/**
 * How many candidate nodes a merged rule checks one by one before running its own query instead.
 * Each check compiles the rule (about 60 µs); its own query compiles it once and walks the whole
 * tree, about as long as a compilation per 4,000 characters.
 */
const maxChecks = (chars: number): number => Math.max(3, Math.floor(chars / 4_000));

/**
 * Per merged rule: whether every node of its kinds the walk found is its match. So it is when it has
 * no constraints (the walk ran its whole rule) and no other rule may match a node of its kinds.
 */
function exclusive(merged: { config: NapiConfig; merge: MergeInfo | null }[]): boolean[] {
  const rules = new Map<string, number>();
  for (const j of merged) {
    if (!j.merge!.kinds) return merged.map(() => false);
    for (const k of j.merge!.kinds) rules.set(k, (rules.get(k) ?? 0) + 1);
  }
  return merged.map((j) => !(j.config as { constraints?: unknown }).constraints && [...j.merge!.kinds!].every((k) => rules.get(k) === 1));
}

/** A rule to run: its index, the config it runs with, how it merges, and a cheap test of a candidate. */
export interface RuleJob {
  index: number;
  config: NapiConfig;
  merge: MergeInfo | null;
  /**
   * False for a node the rule surely does not match (its text lacks what the rule needs): checked
   * before the rule itself, whose every check compiles it.
   */
  plausible?: (node: SgNode) => boolean;
}

export interface RuleRun {
  /** Per rule index: the nodes it matched, in tree order. */
  nodes: Map<number, SgNode[]>;
  failed: number[];
  timedOut: boolean;
  /** The nodes of the `extra` kinds, in tree order, when the merged walk listed them; else null. */
  extra: SgNode[] | null;
  /** The tree's ERROR nodes when asked for and the merged walk found them (else null: search apart). */
  errors: SgNode[] | null;
}

/**
 * Runs the given rules (by index, each with the config it should run with) on one tree of `chars`
 * characters: mergeable ones in one query, the others one by one. `deadline` is checked between
 * queries. `extra`: node kinds the merged walk also lists (the functions taint analysis needs),
 * saving that query its own walk of the tree. `errors`: the walk also collects ERROR nodes (a joined
 * tree's syntax errors), which a search of their own would find with one more walk.
 */
export function runRules(top: SgNode, chars: number, jobs: RuleJob[], deadline: number, extra?: ReadonlySet<string>, errors = false): RuleRun {
  const out: RuleRun = { nodes: new Map(), failed: [], timedOut: false, extra: null, errors: null };
  if (Date.now() > deadline) return { ...out, timedOut: true };
  // A rule that may match a node of an extra kind runs alone: listed for the extra kinds, every
  // such node would be its candidate, checked one by one.
  const takesExtra = (j: { merge: MergeInfo | null }): boolean => !!extra && (!j.merge!.kinds || [...extra].some((k) => j.merge!.kinds!.has(k)));
  const merged = jobs.filter((j) => j.merge && !takesExtra(j));
  let alone = jobs.filter((j) => !merged.includes(j));
  const listExtra = !!extra?.size && merged.length >= 1;
  // One rule and the error search walk the tree once together rather than once each.
  if (merged.length >= 2 || listExtra || (errors && merged.length === 1)) {
    try {
      const alts = merged.map((j) => (j.config as { rule: unknown }).rule);
      if (listExtra) alts.push(...[...extra!].map((kind) => ({ kind })));
      if (errors) alts.push({ kind: "ERROR" });
      const found = top.findAll({ rule: { any: alts } } as NapiConfig);
      const candidates = merged.map((): SgNode[] => []);
      const listed: SgNode[] = [];
      const errorNodes: SgNode[] = [];
      for (const node of found) {
        const k = String(node.kind());
        if (listExtra && extra!.has(k)) {
          listed.push(node);
          continue;
        }
        // An ERROR node is still a candidate of the rules that may match any kind.
        if (errors && k === "ERROR") errorNodes.push(node);
        merged.forEach((j, i) => {
          if (!j.merge!.kinds || j.merge!.kinds.has(k)) candidates[i]!.push(node);
        });
      }
      if (listExtra) out.extra = listed;
      if (errors) out.errors = errorNodes;
      const sure = exclusive(merged);
      // Checking a node compiles the rule as a query would: past maxChecks candidates, the rule's
      // own query (one compile, one walk) costs less than checking each.
      merged.forEach((j, i) => {
        if (sure[i]) {
          if (candidates[i]!.length) out.nodes.set(j.index, candidates[i]!);
          return;
        }
        // Candidates whose text lacks the rule's words cannot match: often none are left to check.
        const list = j.plausible ? candidates[i]!.filter(j.plausible) : candidates[i]!;
        if (list.length > maxChecks(chars)) alone.push(j);
        else {
          const hits = list.filter((n) => n.matches(j.config));
          if (hits.length) out.nodes.set(j.index, hits);
        }
      });
    } catch {
      // One rule the query or a check refuses: run each on its own, so only that one fails.
      alone = jobs;
      out.nodes.clear();
      out.extra = out.errors = null;
    }
  } else alone = jobs;
  for (const j of alone) {
    if (Date.now() > deadline) return { ...out, timedOut: true };
    try {
      const nodes = top.findAll(j.config);
      if (nodes.length) out.nodes.set(j.index, nodes);
    } catch {
      out.failed.push(j.index);
    }
  }
  return out;
}
