// Everything the engine does to one file: classify, decode, detect the language, parse once, run
// the pattern rules, refine injection findings with taint analysis, scan for secrets, then filter.
// Preparation is in prepare-file.ts, joined trees in join-files.ts, the taint seam in taint-refine.ts,
// the final filter in finish-findings.ts, the time budget in file-budget.ts; this file holds the
// review's per-language state and one file's run through the engines.
import { parse } from "@ast-grep/napi";
import type { SgRoot } from "@ast-grep/napi";
import type { Finding, SkippedFile, SourceFile } from "./types.ts";
import type { Rule } from "./rule-loader.ts";
import { ensureParsers, parserName } from "./languages.ts";
import type { Language } from "./languages.ts";
import { matchRules } from "./engines/patterns.ts";
import type { LanguagePack } from "./engines/patterns.ts";
import type { PackedOutcome } from "./fast/packed.ts";
import { dropLintSilenced } from "./lint-directives.ts";
import { dropInCompiled } from "./compiled-output.ts";
import { scanSecrets, secretRules } from "./engines/secrets.ts";
import { judgeRedos } from "./engines/redos.ts";
import { foldFindings } from "./fold.ts";
import { scanPrototypePollution } from "./engines/prototype-pollution.ts";
import { dropCounterWrites } from "./engines/prototype-pollution-keys.ts";
import { dropSuiteFindings } from "./suite-paths.ts";
import type { SecretRule } from "./engines/secrets.ts";
import { functionKinds, taintLanguages } from "./engines/taint/index.ts";
import { isSelected } from "./select.ts";
import type { Selection, SeverityOverride } from "./select.ts";
import { TreeReleaser } from "./fast/trees.ts";
import { ContextTrees } from "./engines/taint/driver/context-trees.ts";
import type { ContextSource } from "./engines/taint/driver/cross-file-context.ts";
import { prepareFile } from "./prepare-file.ts";
import type { Prepared } from "./prepare-file.ts";
import { matchJoined } from "./join-files.ts";
import { TaintRefiner } from "./taint-refine.ts";
import { finishFindings } from "./finish-findings.ts";
import { FileBudget } from "./file-budget.ts";
import { RulePacks } from "./rule-packs.ts";

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
  /** Library names (../library.ts) of calls into other files that stayed unknown with tainted data. */
  external?: string[];
}

/** A file to analyse; `context`: other files of the repository its calls may run (taint/driver/cross-file-context.ts). */
export interface AnalyzeItem {
  file: SourceFile;
  changed?: ReadonlyArray<readonly [number, number]> | undefined;
  context?: ContextSource[] | undefined;
}

export class FileAnalyzer {
  /**
   * Trees of analysed files are unreachable once analyze() returns (findings are plain data), but
   * their native memory is freed only after a collection and an event-loop turn: callers that
   * analyse many files await release() after each.
   */
  private readonly trees = new TreeReleaser();
  private readonly config: EngineConfig;
  /** The selected rules, compiled per language when a file of it comes. */
  private readonly packs: RulePacks;
  private readonly secrets: SecretRule[];
  private readonly taint: TaintRefiner;
  /**
   * Context files (taint/driver/cross-file-context.ts) parsed and summarised, shared by every file
   * this analyzer (one review) analyses: the same helpers are context of files in many batches.
   */
  private readonly contextTrees = new ContextTrees();
  /** Files matched on joined trees, the trees, and joined files handed back to be analysed alone. */
  readonly joined = { files: 0, trees: 0, alone: 0 };
  /** Files of a language with rules that were not parsed: no rule could match, taint had nothing to walk. */
  readonly treeless = { files: 0 };

  constructor(config: EngineConfig) {
    ensureParsers();
    this.config = config;
    this.packs = new RulePacks(config.rules.filter((r) => isSelected({ ...r, language: r.language }, ...config.selections)));
    this.taint = new TaintRefiner(config.selections);
    this.secrets = secretRules.filter((r) => isSelected({ id: r.id, tags: ["secret", "security"], cwe: [798] }, ...config.selections));
  }

  analyze(file: SourceFile, changed?: ReadonlyArray<readonly [number, number]>): FileOutcome {
    return this.analyzeMany([{ file, changed }])[0]!;
  }

  /**
   * Analyses files in order. Small files of a language whose rules allow it are matched together
   * on one joined tree (fast/packed.ts); every file's outcome is what it gets alone. Files
   * analysed with context are joined too: most Java files of a repository are, and each parsed
   * and matched alone cost a fifth of a servlet tree's review.
   */
  analyzeMany(items: ReadonlyArray<AnalyzeItem>): FileOutcome[] {
    const env = {
      maxBytes: this.config.maxBytes,
      taint: this.config.taint,
      packFor: (lang: Language) => this.packs.packFor(lang),
      taintClasses: (lang: Language, pack: LanguagePack) => this.taint.classesFor(lang, pack),
      treeless: this.treeless,
    };
    const prepared = items.map((it) => prepareFile(env, it.file, it.context));
    const matched = matchJoined(
      { unpackable: this.packs.unpackable, timeBudgetMs: this.config.timeBudgetMs, parsed: (n) => this.trees.parsed(n), joined: this.joined },
      prepared,
    );
    return prepared.map((p, i) => ("outcome" in p ? p.outcome : this.finishFile(p, matched.get(i), items[i]!.changed, items[i]!.context)));
  }

  /** analyzeMany, where an unexpected failure costs only the files it happens on (engine_error). */
  analyzeBatch(items: ReadonlyArray<AnalyzeItem>): FileOutcome[] {
    try {
      return this.analyzeMany(items);
    } catch {
      return items.map((item) => {
        const { file } = item;
        try {
          return this.analyzeMany([item])[0]!;
        } catch (e) {
          return {
            findings: [],
            skipped: { path: file.path, reason: "engine_error", detail: (e as Error).message.slice(0, 200) },
            lines: 0,
            bytes: file.content.length,
            failedRules: [],
          };
        }
      });
    }
  }

  /** Pattern matching (unless done on a joined tree), taint, secrets and the final filter. */
  private finishFile(
    p: Prepared,
    matched: PackedOutcome | undefined,
    changed?: ReadonlyArray<readonly [number, number]>,
    context?: ContextSource[],
  ): FileOutcome {
    const { path, bytes, text, lines, lang, pack, present, candidates } = p;
    const budget = new FileBudget(this.config.timeBudgetMs);
    let findings: Finding[] = [];
    let skipped: SkippedFile | undefined;
    const failedRules: string[] = [];
    const external = new Set<string>(p.names);
    if (lang && pack) {
      let root: SgRoot | undefined;
      const tree = (): SgRoot => {
        if (!root) {
          this.trees.parsed(bytes);
          root = parse(parserName(lang), text.source);
        }
        return root;
      };
      const out = matched ?? matchRules(pack, tree(), text, path, budget.deadline, present, candidates?.length ? functionKinds(lang) : undefined);
      failedRules.push(...out.failed);
      if (out.timedOut) skipped = { path, reason: "time_budget", detail: "rules stopped part way" };
      findings = out.findings;
      if (!out.timedOut && this.config.taint && taintLanguages().has(lang))
        findings = this.taint.refine(lang, pack, tree, text, path, out, candidates, p.unwalked, matched?.window, {
          context,
          contextPoints: p.xpoints ?? [],
          external,
          contextTrees: this.contextTrees,
          parsed: (n) => this.trees.parsed(n),
        });
      const judged = findings;
      findings = budget.judge((until) => judgeRedos(judged, text, this.packs.redosRules(pack), lang === "python", until, tree));
      const pollution = pack.rules.find((r) => r.check === "prototype-pollution");
      if (pollution && findings.some((f) => f.ruleId === pollution.id)) findings = dropCounterWrites(findings, tree(), pollution.id);
      if (pollution && p.polluting) {
        const lines = new Set(findings.filter((f) => f.ruleId === pollution.id).map((f) => f.location.startLine));
        findings.push(...scanPrototypePollution(tree(), text, path, pollution).filter((f) => !lines.has(f.location.startLine)));
      }
      findings = dropInCompiled(dropLintSilenced(findings, text, pack.rules), text, pack.rules);
    }
    if (!skipped && budget.spent()) skipped = { path, reason: "time_budget", detail: "secrets not scanned" };
    else if (this.secrets.length) findings.push(...scanSecrets(text, path, this.secrets));
    findings = dropSuiteFindings(findings, path, pack?.rules);
    findings = finishFindings(foldFindings(findings), lang, changed, this.config.selections, this.config.overrides);
    const outcome: FileOutcome = skipped ? { findings, skipped, lines, bytes, failedRules } : { findings, lines, bytes, failedRules };
    if (external.size) outcome.external = [...external];
    return outcome;
  }

  /** Lets the native trees and node handles of the files analysed so far be freed (see trees.ts). */
  release(): Promise<void> {
    return this.trees.release();
  }
}
