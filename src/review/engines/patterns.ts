// Runs a language's YAML rules over one parsed file: the text prefilter picks the rules that can
// match, then each runs natively on the one tree.
import type { SgNode, SgRoot } from "@ast-grep/napi";
import type { Finding } from "../types.ts";
import type { Rule } from "../rule-loader.ts";
import type { Language } from "../languages.ts";
import { parserName, ruleLanguagesFor } from "../languages.ts";
import { parse } from "@ast-grep/napi";
import { satisfied, TokenScanner } from "../prefilter.ts";
import { fingerprint } from "../fingerprint.ts";
import { FileText } from "../text.ts";

export interface LanguagePack {
  rules: Rule[];
  scanner: TokenScanner;
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
    packs.set(lang, { rules: rs, scanner: new TokenScanner(rs.map((r) => r.need)) });
  }
  return packs;
}

function applyFix(template: string, node: SgNode): string {
  return template.replace(/\$\$\$([A-Z_][A-Z0-9_]*)|\$([A-Z_][A-Z0-9_]*)/g, (whole, multi: string, single: string) => {
    if (multi) return node.getMultipleMatches(multi).map((n) => n.text()).join("").trim() || "";
    return node.getMatch(single)?.text() ?? whole;
  });
}

export interface MatchOutcome {
  findings: Finding[];
  /** Rule ids that threw at match time (reported once per run). */
  failed: string[];
  timedOut: boolean;
}

export function matchRules(pack: LanguagePack, root: SgRoot, text: FileText, path: string, deadline: number): MatchOutcome {
  const present = pack.scanner.scan(text.source);
  const findings: Finding[] = [];
  const failed: string[] = [];
  const seen = new Map<string, number>();
  const top = root.root();
  for (const rule of pack.rules) {
    if (!satisfied(rule.need, present)) continue;
    if (Date.now() > deadline) return { findings, failed, timedOut: true };
    let nodes: SgNode[];
    try {
      nodes = top.findAll(rule.config);
    } catch {
      failed.push(rule.id);
      continue;
    }
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
        ruleId: rule.id, title: rule.title, description: rule.description, severity: rule.severity,
        cwe: rule.cwe, confidence: rule.confidence,
        tags: rule.taint ? [...rule.tags, `taint:${rule.taint}`] : rule.tags,
        location: text.location(path, r.start.line, r.start.column, r.end.line, r.end.column),
        relatedLocations: [], fingerprint: fingerprint(rule.id, path, matched, n ? String(n) : ""), engine: "pattern",
      };
      if (rule.fix !== undefined) f.fix = { description: `Replace with the suggested code`, replacement: applyFix(rule.fix, node) };
      findings.push(f);
    }
  }
  return { findings, failed, timedOut: false };
}
