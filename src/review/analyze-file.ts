// Everything the engine does to one file: classify, decode, detect the language, parse once, run
// the pattern rules, refine injection findings with taint analysis, scan for secrets, then filter.
import { kind, parse } from "@ast-grep/napi";
import type { Finding, SkippedFile, SourceFile } from "./types.ts";
import type { Rule } from "./rule-loader.ts";
import { detectLanguage, ensureParsers, languages, parserName } from "./languages.ts";
import type { Language } from "./languages.ts";
import { buildPacks, matchRules } from "./engines/patterns.ts";
import type { LanguagePack } from "./engines/patterns.ts";
import { scanSecrets, secretRules } from "./engines/secrets.ts";
import type { SecretRule } from "./engines/secrets.ts";
import { refineWithTaint, taintLanguages } from "./engines/taint/index.ts";
import { skipByContent, skipByPath } from "./skip.ts";
import { FileText } from "./text.ts";
import { adjustSeverity, isSelected } from "./select.ts";
import type { Selection, SeverityOverride } from "./select.ts";
import { syntaxFor } from "./engines/taint/langs.ts";
import { classInfo, taintClasses } from "./engines/taint/classes.ts";
import { TreeReleaser } from "./trees.ts";

/** Plain data (structured-clonable) that configures the per-file analysis, in-thread or in a worker. */
export interface EngineConfig {
  rules: Rule[];
  selections: Selection[];
  overrides: SeverityOverride[];
  taint: boolean;
  maxBytes: number;
  timeBudgetMs: number;
}

export interface FileOutcome {
  findings: Finding[];
  skipped?: SkippedFile;
  lines: number;
  bytes: number;
  failedRules: string[];
}

export class FileAnalyzer {
  /**
   * Trees of analysed files are unreachable once analyze() returns (findings are plain data), but
   * their native memory is freed only after a collection and an event-loop turn: callers that
   * analyse many files await release() after each.
   */
  private readonly trees = new TreeReleaser();
  private readonly config: EngineConfig;
  private readonly packs: Map<Language, LanguagePack>;
  private readonly secrets: SecretRule[];
  private readonly taintClasses = new Map<Language, Set<string>>();

  constructor(config: EngineConfig) {
    ensureParsers();
    this.config = config;
    const selected = config.rules.filter((r) => isSelected({ ...r, language: r.language }, ...config.selections));
    this.packs = buildPacks(selected, languages);
    this.secrets = secretRules.filter((r) => isSelected({ id: r.id, tags: ["secret", "security"], cwe: [798] }, ...config.selections));
  }

  analyze(file: SourceFile, changed?: ReadonlyArray<readonly [number, number]>): FileOutcome {
    const bytes = file.content.length;
    const reason = skipByPath(file.path) ?? skipByContent(file.content, this.config.maxBytes);
    if (reason) return { findings: [], skipped: { path: file.path, reason }, lines: 0, bytes, failedRules: [] };
    const text = new FileText(file.content.toString("utf8"));
    let lines = 0;
    for (let i = text.source.indexOf("\n"); i >= 0; i = text.source.indexOf("\n", i + 1)) lines++;
    if (bytes && !text.source.endsWith("\n")) lines++;
    const deadline = Date.now() + this.config.timeBudgetMs;
    const lang = detectLanguage(file.path, text.source.slice(0, 200));
    let findings: Finding[] = [];
    let skipped: SkippedFile | undefined;
    const failedRules: string[] = [];
    const pack = lang ? this.packs.get(lang) : undefined;
    if (lang && pack && pack.rules.length + (this.config.taint && taintLanguages().has(lang) ? 1 : 0) > 0) {
      this.trees.parsed(bytes);
      const root = parse(parserName(lang), text.source);
      const out = matchRules(pack, root, text, file.path, deadline);
      failedRules.push(...out.failed);
      if (out.timedOut) skipped = { path: file.path, reason: "time_budget", detail: "rules stopped part way" };
      findings = out.findings;
      if (!out.timedOut && this.config.taint && taintLanguages().has(lang)) findings = this.refine(lang, pack, root, text, file.path, findings);
    }
    if (!skipped && Date.now() > deadline) skipped = { path: file.path, reason: "time_budget", detail: "secrets not scanned" };
    else if (this.secrets.length) findings.push(...scanSecrets(text, file.path, this.secrets));
    findings = this.finish(findings, lang, changed);
    return skipped ? { findings, skipped, lines, bytes, failedRules } : { findings, lines, bytes, failedRules };
  }

  /** Lets the native trees and node handles of the files analysed so far be freed (see trees.ts). */
  release(): Promise<void> {
    return this.trees.release();
  }

  /**
   * Taint classes whose findings are selected in a language: those with a selected pattern rule of
   * that class (how `--only injection` keeps them), and those a taint finding's own id, tags and CWE
   * select (every class when nothing narrows the selection, including classes without a pattern
   * rule such as trust-boundary).
   */
  private taintClassesFor(lang: Language, pack: LanguagePack): Set<string> {
    let set = this.taintClasses.get(lang);
    if (set) return set;
    set = new Set(pack.rules.map((r) => r.taint).filter((c): c is string => !!c));
    const prefix = syntaxFor(lang)?.prefix;
    if (prefix) {
      for (const c of taintClasses) {
        const subject = { id: `${prefix}.taint.${c}`, tags: ["security", "taint", c], cwe: classInfo[c].cwe, language: lang };
        if (isSelected(subject, ...this.config.selections)) set.add(c);
      }
    }
    this.taintClasses.set(lang, set);
    return set;
  }

  private refine(lang: Language, pack: LanguagePack, root: ReturnType<typeof parse>, text: FileText, path: string, findings: Finding[]): Finding[] {
    const classes = this.taintClassesFor(lang, pack);
    if (!classes.size) return findings;
    const taintRuleIds = new Set(pack.rules.filter((r) => r.taint).map((r) => r.id));
    const patternFindings = findings.filter((f) => taintRuleIds.has(f.ruleId));
    const rest = findings.filter((f) => !taintRuleIds.has(f.ruleId));
    // A kind id is matched without compiling a rule (a `{ kind: "ERROR" }` config costs ~5x more).
    const parseErrors = () => root.root().find(kind(parserName(lang), "ERROR")) !== null;
    const refined = refineWithTaint({ path, language: lang, root, source: text.source, patternFindings, parseErrors });
    const kept = refined.filter((f) => f.engine !== "taint" || f.tags.some((t) => classes.has(t.replace(/^taint:/, ""))));
    return [...rest, ...kept];
  }

  private finish(findings: Finding[], lang: Language | null, changed?: ReadonlyArray<readonly [number, number]>): Finding[] {
    const out: Finding[] = [];
    for (const f of findings) {
      if (changed && !changed.some(([a, b]) => f.location.startLine <= b && f.location.endLine >= a)) continue;
      const subject = { id: f.ruleId, tags: f.tags, cwe: f.cwe, language: lang ?? undefined };
      if (f.engine === "taint" && !isSelected(subject, ...this.config.selections.map((s) => ({ exclude: s.exclude })))) continue;
      const severity = adjustSeverity(f.severity, subject, this.config.overrides);
      out.push(severity === f.severity ? f : { ...f, severity });
    }
    return out;
  }
}
