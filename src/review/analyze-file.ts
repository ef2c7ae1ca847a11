// Everything the engine does to one file: classify, decode, detect the language, parse once, run
// the pattern rules, refine injection findings with taint analysis, scan for secrets, then filter.
import { parse } from "@ast-grep/napi";
import type { SgRoot } from "@ast-grep/napi";
import type { Finding, SkippedFile, SourceFile } from "./types.ts";
import type { Rule } from "./rule-loader.ts";
import { detectLanguage, ensureParsers, languages, parserName } from "./languages.ts";
import type { Language } from "./languages.ts";
import { buildPacks, matchRules, mayMatch } from "./engines/patterns.ts";
import type { LanguagePack, MatchOutcome } from "./engines/patterns.ts";
import { liveRules, matchPacked, packableChars, packSafe, runsOf } from "./fast/packed.ts";
import type { PackedOutcome } from "./fast/packed.ts";
import { scanSecrets, secretRules } from "./engines/secrets.ts";
import { judgeRedos } from "./engines/redos.ts";
import { foldFindings } from "./fold.ts";
import { mayPollute, scanPrototypePollution } from "./engines/prototype-pollution.ts";
import { dropCounterWrites } from "./engines/prototype-pollution-keys.ts";
import { suitePath } from "./suite-paths.ts";
import type { SecretRule } from "./engines/secrets.ts";
import { functionKinds, refineWithTaint, taintCandidates, taintLanguages, taintWalkable } from "./engines/taint/index.ts";
import type { TaintWindow } from "./engines/taint/fast/joined-window.ts";
import { skipByContent, skipByPath } from "./skip.ts";
import { FileText } from "./text.ts";
import { adjustSeverity, isSelected } from "./select.ts";
import type { Selection, SeverityOverride } from "./select.ts";
import { syntaxFor } from "./engines/taint/syntax/languages.ts";
import { classInfo, classTags, taintClasses } from "./engines/taint/syntax/classes.ts";
import { TreeReleaser } from "./fast/trees.ts";
import { ContextTrees } from "./engines/taint/driver/cross-file-context.ts";
import type { ContextSource } from "./engines/taint/driver/cross-file-context.ts";
import { contextPoints, textNames } from "./engines/taint/driver/cross-file-names.ts";

/** Plain data (structured-clonable) that configures the per-file analysis, in-thread or in a worker. */
export interface EngineConfig {
  rules: Rule[];
  selections: Selection[];
  overrides: SeverityOverride[];
  taint: boolean;
  maxBytes: number;
  timeBudgetMs: number;
}

/** A file ready for analysis: decoded, its language detected; `pack` unset when nothing parses it. */
interface Prepared {
  path: string;
  bytes: number;
  text: FileText;
  lines: number;
  lang: Language | null;
  pack: LanguagePack | undefined;
  /** The pack's prefilter terms in the text (prefilter.ts TokenScanner), empty without a pack. */
  present: ReadonlySet<string>;
  /**
   * Candidate sinks of a file that may hold a source (taint/index.ts taintCandidates), else null.
   * When there are any, taint will walk the file: the rules' walk lists its functions.
   */
  candidates: number[] | null;
  /**
   * The candidates when taint has nothing to walk for them (taintWalkable): `candidates` is then empty,
   * and these are handed to taint only with pattern findings to judge, as they were before the check.
   */
  unwalked?: number[];
  /** The prototype-pollution check may report in its text (mayPollute): its tree is read whatever the rules say. */
  polluting: boolean;
  /** Java, Python: library names its text uses (taint/driver/cross-file-names.ts textNames), when it may hold a source. */
  names?: string[];
  /** With context: the calls of its functions (in candidates too). */
  xpoints?: number[];
}

/** A file that may join others: its language, its rules and the prefilter terms of its text. */
type Joinable = Prepared & { lang: Language; pack: LanguagePack };

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
  /** The selected rules, and their packs by language, built for a language when a file of it comes. */
  private readonly selected: Rule[];
  private readonly packs = new Map<Language, LanguagePack>();
  private readonly secrets: SecretRule[];
  private readonly taintClasses = new Map<Language, Set<string>>();
  /**
   * Context files (taint/driver/cross-file-context.ts) parsed and summarised, shared by every file
   * this analyzer (one review) analyses: the same helpers are context of files in many batches.
   */
  private readonly contextTrees = new ContextTrees();
  /** Files matched on joined trees, the trees, and joined files handed back to be analysed alone. */
  readonly joined = { files: 0, trees: 0, alone: 0 };
  /** Files of a language with rules that were not parsed: no rule could match, taint had nothing to walk. */
  readonly treeless = { files: 0 };
  /**
   * Per language, the indexes of rules that could see another file on a joined tree (packed.ts): a
   * file that one of them may match is analysed alone, the others of its language are joined.
   */
  private readonly unpackable = new Map<Language, number[]>();

  constructor(config: EngineConfig) {
    ensureParsers();
    this.config = config;
    this.selected = config.rules.filter((r) => isSelected({ ...r, language: r.language }, ...config.selections));
    this.secrets = secretRules.filter((r) => isSelected({ id: r.id, tags: ["secret", "security"], cwe: [798] }, ...config.selections));
  }

  /**
   * A language's pack, built on first use: compiling every language's rules cost more than
   * analysing a small repository, most of which use one or two languages.
   */
  private packFor(lang: Language): LanguagePack | undefined {
    let pack = this.packs.get(lang);
    if (pack || !languages.includes(lang)) return pack;
    pack = buildPacks(this.selected, [lang]).get(lang);
    if (!pack) return undefined;
    this.packs.set(lang, pack);
    const rootKind = String(parse(parserName(lang), "").root().kind());
    this.unpackable.set(
      lang,
      pack.rules.flatMap((r, i) => (packSafe([r.config], rootKind) ? [] : [i])),
    );
    return pack;
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
    const prepared = items.map((it) => this.prepare(it.file, it.context));
    const matched = new Map<number, PackedOutcome>();
    // Files alike in language and live rules, joined in runs (runsOf).
    const groups = new Map<string, { index: number; p: Joinable }[]>();
    prepared.forEach((p, index) => {
      if ("outcome" in p || !p.pack || !p.lang || p.text.source.length > packableChars) return;
      const live = liveRules(p.pack, p.present);
      if (this.unpackable.get(p.lang)?.some((i) => live[i] === "1")) return;
      const key = `${p.lang}:${live}`;
      const group = groups.get(key) ?? [];
      group.push({ index, p: { ...p, lang: p.lang, pack: p.pack } });
      groups.set(key, group);
    });
    for (const group of groups.values()) {
      for (const part of runsOf(group, (x) => x.p.text.source.length)) {
        if (part.length < 2) continue;
        const first = part[0]!.p;
        const extra = part.some((x) => x.p.candidates?.length) ? functionKinds(first.lang) : undefined;
        const outs = matchPacked(
          first.pack,
          first.lang,
          part.map((x) => x.p),
          Date.now() + this.config.timeBudgetMs,
          (n) => this.trees.parsed(n),
          extra,
        );
        this.joined.trees++;
        outs.forEach((o, k) => {
          if (o) matched.set(part[k]!.index, o);
          this.joined[o ? "files" : "alone"]++;
        });
      }
    }
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

  /** Classifies and decodes a file: its outcome when skipped, else what its analysis needs. */
  private prepare(file: SourceFile, context?: ContextSource[]): Prepared | { outcome: FileOutcome } {
    const bytes = file.content.length;
    const reason = skipByPath(file.path) ?? skipByContent(file.content, this.config.maxBytes);
    if (reason) return { outcome: { findings: [], skipped: { path: file.path, reason }, lines: 0, bytes, failedRules: [] } };
    const text = new FileText(file.content.toString("utf8"));
    let lines = 0;
    for (let i = text.source.indexOf("\n"); i >= 0; i = text.source.indexOf("\n", i + 1)) lines++;
    if (bytes && !text.source.endsWith("\n")) lines++;
    const lang = detectLanguage(file.path, text.source.slice(0, 200));
    const pack = lang ? this.packFor(lang) : undefined;
    const taint = !!(lang && pack && this.config.taint && taintLanguages().has(lang) && this.taintClassesFor(lang, pack).size);
    const present = pack ? pack.scanner.scan(text.source) : new Set<string>();
    let candidates = taint ? taintCandidates(lang!, text.source) : null;
    // Cross-file summaries: calls of the context's functions are candidates too; a first pass reads names.
    const xpoints = candidates && context?.length ? contextPoints(lang!, text.source, context, file.path) : [];
    if (xpoints.length) candidates = [...new Set([...candidates!, ...xpoints])].sort((x, y) => x - y);
    const unwalked = candidates?.length && !xpoints.length && !taintWalkable(lang!, text.source, candidates) ? candidates : undefined;
    if (unwalked) candidates = [];
    const names = candidates && !context ? textNames(lang!, file.path, text.source) : [];
    // A file is parsed only when a rule may match its text or taint may walk it: otherwise its
    // outcome (secrets aside) is empty, and the tree would cost a parse for nothing.
    // The prototype-pollution check reads the tree whatever its rule's own prefilter says.
    const polluting = !!pack?.rules.some((r) => r.check === "prototype-pollution") && mayPollute(text.source);
    const parsed = !!pack && (!!candidates?.length || mayMatch(pack, present) || polluting);
    if (pack && !parsed) this.treeless.files++;
    return {
      path: file.path,
      bytes,
      text,
      lines,
      lang,
      pack: parsed ? pack : undefined,
      present,
      candidates,
      polluting,
      ...(unwalked ? { unwalked } : {}),
      ...(names.length ? { names } : {}),
      ...(xpoints.length ? { xpoints } : {}),
    };
  }

  /** Pattern matching (unless done on a joined tree), taint, secrets and the final filter. */
  private finishFile(
    p: Prepared,
    matched: PackedOutcome | undefined,
    changed?: ReadonlyArray<readonly [number, number]>,
    context?: ContextSource[],
  ): FileOutcome {
    const { path, bytes, text, lines, lang, pack, present, candidates } = p;
    const deadline = Date.now() + this.config.timeBudgetMs;
    let findings: Finding[] = [];
    let skipped: SkippedFile | undefined;
    const failedRules: string[] = [];
    let judgeMs = 0;
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
      const out = matched ?? matchRules(pack, tree(), text, path, deadline, present, candidates?.length ? functionKinds(lang) : undefined);
      failedRules.push(...out.failed);
      if (out.timedOut) skipped = { path, reason: "time_budget", detail: "rules stopped part way" };
      findings = out.findings;
      if (!out.timedOut && this.config.taint && taintLanguages().has(lang))
        findings = this.refine(lang, pack, tree, text, path, out, candidates, p.unwalked, matched?.window, {
          context,
          contextPoints: p.xpoints ?? [],
          external,
          contextTrees: this.contextTrees,
          parsed: (n) => this.trees.parsed(n),
        });
      // The ReDoS judge has twice the file's budget, of its own: one pattern may use the analyser's whole
      // safety net (engines/redos.ts) and leave time for the others, and no pattern goes unjudged because
      // a slow match or a loaded machine used the file's budget first. Its time is not the secrets scan's.
      const judging = Date.now();
      findings = judgeRedos(findings, text, this.redosRules(pack), lang === "python", judging + 2 * this.config.timeBudgetMs, tree);
      judgeMs = Date.now() - judging;
      const pollution = pack.rules.find((r) => r.check === "prototype-pollution");
      if (pollution && findings.some((f) => f.ruleId === pollution.id)) findings = dropCounterWrites(findings, tree(), pollution.id);
      if (pollution && p.polluting) {
        const lines = new Set(findings.filter((f) => f.ruleId === pollution.id).map((f) => f.location.startLine));
        findings.push(...scanPrototypePollution(tree(), text, path, pollution).filter((f) => !lines.has(f.location.startLine)));
      }
    }
    if (!skipped && Date.now() - judgeMs > deadline) skipped = { path, reason: "time_budget", detail: "secrets not scanned" };
    else if (this.secrets.length) findings.push(...scanSecrets(text, path, this.secrets));
    // A suite's own weaknesses (a test client that trusts a self-signed server, an MD5 fixture) are not the
    // product's; its secrets may be real ones, and its correctness findings are bugs in the suite (suite-paths.ts).
    if (suitePath.test(path)) findings = findings.filter((f) => f.engine === "secrets" || !f.tags.includes("security"));
    findings = this.finish(foldFindings(findings), lang, changed);
    const outcome: FileOutcome = skipped ? { findings, skipped, lines, bytes, failedRules } : { findings, lines, bytes, failedRules };
    if (external.size) outcome.external = [...external];
    return outcome;
  }

  private readonly redosChecked = new Map<LanguagePack, Set<string>>();

  /** Ids of the pack's rules whose matches recheck judges (engines/redos.ts). */
  private redosRules(pack: LanguagePack): Set<string> {
    let ids = this.redosChecked.get(pack);
    if (!ids) this.redosChecked.set(pack, (ids = new Set(pack.rules.filter((r) => r.check === "redos").map((r) => r.id))));
    return ids;
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
        const subject = { id: `${prefix}.taint.${c}`, tags: classTags(c), cwe: classInfo[c].cwe, language: lang };
        if (isSelected(subject, ...this.config.selections)) set.add(c);
      }
    }
    this.taintClasses.set(lang, set);
    return set;
  }

  /** `window`: the file's part of the tree it was matched on with others (no syntax error in it). */
  private refine(
    lang: Language,
    pack: LanguagePack,
    root: () => SgRoot,
    text: FileText,
    path: string,
    { findings, nodes, extra }: MatchOutcome,
    candidates: number[] | null,
    unwalked: number[] | undefined,
    window: TaintWindow | undefined,
    cross: { context?: ContextSource[]; contextPoints: number[]; external: Set<string>; contextTrees?: ContextTrees; parsed: (n: number) => void },
  ): Finding[] {
    const classes = this.taintClassesFor(lang, pack);
    if (!classes.size) return findings;
    const taintRuleIds = new Set(pack.rules.filter((r) => r.taint).map((r) => r.id));
    const patternFindings = findings.filter((f) => taintRuleIds.has(f.ruleId));
    const rest = findings.filter((f) => !taintRuleIds.has(f.ruleId));
    // A test suite's handlers and helpers serve and run what the suite sends them: no injection there is
    // the product's (suite-paths.ts). Examples and scripts are still reviewed.
    if (suitePath.test(path)) return rest;
    // A joined file holds no syntax error (packed.ts hands such files back); a file of its own may.
    const parseErrors = !window;
    const patternNodes = patternFindings.map((f) => nodes.get(f));
    const refined = refineWithTaint({
      path,
      language: lang,
      root,
      source: text.source,
      patternFindings,
      patternNodes,
      parseErrors,
      window,
      funcs: extra,
      candidates: unwalked && patternFindings.length ? unwalked : candidates,
      ...cross,
    });
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
