// The review engine's public API: files in, findings out. Knows no database; the server feeds it
// files from git, `crs review` from a working tree.
import { availableParallelism } from "node:os";
import type { Finding, RuleProblem, SkippedFile, SourceFile } from "./types.ts";
import { loadRules } from "./rule-loader.ts";
import type { RuleSet } from "./rule-loader.ts";
import type { EngineConfig, FileOutcome } from "./analyze-file.ts";
import { parseFocusFrontMatter } from "./focus.ts";
import { sourceEntries } from "./files.ts";
import type { ReviewPool } from "./fast/pool.ts";
import { scopeMatcher } from "./billable.ts";
import type { BatchItem } from "./fast/worker.ts";
import { ConfigValues } from "./config-values.ts";
import { Library } from "./library.ts";
import { applyRepoConfig, tuneFindings, type RepoConfig } from "./repo-config.ts";
import { markSuppressed, suppressionComments, withSuppressedLines, type SuppressionComment } from "./suppressions.ts";
import { foldCopies } from "./fold-copies.ts";
import { PromiseMakers } from "./promise-makers.ts";
import { Batches } from "./batches.ts";

export { loadRules } from "./rule-loader.ts";
export type { RuleSet } from "./rule-loader.ts";
export { toSarif } from "./sarif.ts";
export { parseFocusFrontMatter } from "./focus.ts";
export { ReviewError } from "./errors.ts";
export { ReviewPool } from "./fast/pool.ts";
export { parseRepoConfig, repoConfigPath, repoConfigMaxBytes, applyRepoConfig } from "./repo-config.ts";
export type { RepoConfig } from "./repo-config.ts";
export { defaultMaxFileBytes, scopeMatcher } from "./billable.ts";
export { reviewBatch } from "./batches.ts";

export interface ReviewProgress {
  files: number;
  lines: number;
  bytes: number;
  skipped: number;
  findings: number;
}

export interface ReviewOptions {
  /** A directory to walk, or a stream of repository-relative files (e.g. from `git cat-file`). */
  files: AsyncIterable<SourceFile> | string;
  /** Change review: only these files, and only findings overlapping these 1-based inclusive line ranges. */
  changedLines?: Map<string, Array<[number, number]>>;
  /** Rule selectors: id, id glob (`js.*`), tag, `cwe-89`, language. */
  only?: string[];
  exclude?: string[];
  /** Markdown focus documents; their front matter selects rules and adjusts severities. */
  focusDocuments?: string[];
  /** Path globs (picomatch) limiting the files reviewed. */
  scope?: string[];
  customRulesDirs?: string[];
  /** Rules already loaded (skips loading; customRulesDirs is then ignored). */
  rules?: RuleSet;
  /** Worker threads; 1 (default) analyses in this thread. 0 means all cores. Ignored when `pool` is given. */
  threads?: number;
  /**
   * A long-lived pool of workers to analyse in (reused across reviews, closed by its owner); without
   * one, threads > 1 starts a pool for this review and closes it at the end.
   */
  pool?: ReviewPool;
  /** Taint refinement of injection findings; false = pattern rules only. Default true. */
  taint?: boolean;
  /** Files larger than this are skipped as too_large. Default 1 MiB. */
  maxFileBytes?: number;
  /** Per-file analysis budget in milliseconds. Default 10 000. */
  timeBudgetMs?: number;
  onProgress?: (p: ReviewProgress) => void;
  /** The repository's `.crs.yml` (already parsed): paths skipped, rules on/off, severities. */
  repoConfig?: RepoConfig;
}

export interface ReviewResult {
  findings: Finding[];
  skipped: SkippedFile[];
  ruleProblems: RuleProblem[];
  stats: { files: number; lines: number; bytes: number; ms: number };
}

export async function reviewFiles(options: ReviewOptions): Promise<ReviewResult> {
  const started = Date.now();
  const ruleSet = options.rules ?? (await loadRules({ customRulesDirs: options.customRulesDirs }));
  const focuses = (options.focusDocuments ?? []).map(parseFocusFrontMatter);
  const maxBytes = options.maxFileBytes ?? 1 << 20;
  const config: EngineConfig = {
    rules: ruleSet.rules,
    selections: [{ only: options.only, exclude: options.exclude }, ...focuses.map((f) => ({ only: f.only, exclude: f.exclude }))],
    overrides: focuses.flatMap((f) => f.severity),
    taint: options.taint !== false,
    maxBytes,
    timeBudgetMs: options.timeBudgetMs ?? 10_000,
  };
  // Several focus documents each with `only` widen the selection together rather than intersect.
  const onlyLists = focuses.map((f) => f.only ?? []).filter((l) => l.length);
  if (onlyLists.length > 1) config.selections = [config.selections[0]!, { only: onlyLists.flat() }, ...focuses.map((f) => ({ exclude: f.exclude }))];
  const scopeMatch = scopeMatcher(options.scope);
  const changed = options.changedLines;
  const tuning = options.repoConfig ? applyRepoConfig(options.repoConfig) : null;
  const configSkipped = new Set<string>();
  const byConfig = tuning && options.repoConfig!.skip.length ? (p: string) => p.endsWith("/") || tuning.reviewed(p) || (configSkipped.add(p), false) : null;
  const inScope =
    scopeMatch || changed || byConfig
      ? (p: string) => (p.endsWith("/") || !changed || changed.has(p)) && (!scopeMatch || scopeMatch(p.replace(/\/$/, ""))) && (!byConfig || byConfig(p))
      : null;
  const comments = new Map<string, SuppressionComment[]>();

  const result: ReviewResult = { findings: [], skipped: [], ruleProblems: [...ruleSet.problems], stats: { files: 0, lines: 0, bytes: 0, ms: 0 } };
  const failed = new Set<string>();
  const configValues = new ConfigValues();
  const promiseMakers = new PromiseMakers();
  let lastProgress = 0;
  // Cross-file summaries: files whose calls into other files stayed unknown with tainted data are
  // analysed again, after the stream, with the files the library says declare them (library.ts).
  const library = config.taint ? new Library() : null;
  const deferred: { path: string; changed?: Array<[number, number]> }[] = [];
  const collect = (o: FileOutcome, item: BatchItem) => {
    // A file analysed with its context is not analysed again (its context came from its whole text).
    if (o.external && !o.skipped && !item.context?.length)
      library?.recorded(
        item.path,
        o.external,
        o.findings.some((f) => f.engine === "taint"),
        item.changed,
      );
    result.findings.push(...o.findings);
    if (o.skipped) result.skipped.push(o.skipped);
    if (!o.skipped || o.skipped.reason === "time_budget") {
      result.stats.files++;
      result.stats.lines += o.lines;
    }
    result.stats.bytes += o.bytes;
    for (const id of o.failedRules) failed.add(id);
    const now = Date.now();
    if (options.onProgress && now - lastProgress > 200) {
      lastProgress = now;
      const s = result.stats;
      options.onProgress({ files: s.files, lines: s.lines, bytes: s.bytes, skipped: result.skipped.length, findings: result.findings.length });
    }
  };
  const threads = options.threads === 0 ? availableParallelism() : Math.max(1, options.threads ?? 1);
  const batches = new Batches(config, threads, options.pool, collect);
  try {
    for await (const e of sourceEntries(options.files, maxBytes, inScope)) {
      if (!("content" in e)) {
        if (configSkipped.has(e.path)) continue;
        if (e.skip !== "out_of_scope" || options.scope?.length)
          result.skipped.push({ path: e.path, reason: e.skip, ...(e.detail ? { detail: e.detail } : {}) });
        continue;
      }
      configValues.add(e.path, e.content);
      promiseMakers.add(e.path, e.content);
      const marks = suppressionComments(e.content);
      if (marks) comments.set(e.path, marks);
      // A change that adds a crs-ignore comment silences the line below it too: that line is
      // reviewed as changed, so the suppression shows in the change's results.
      const lines = marks && changed?.get(e.path) ? withSuppressedLines(changed.get(e.path)!, marks) : changed?.get(e.path);
      // Java and Python files the library keeps are analysed after the stream, with the files their
      // text names as context (library.ts): once, instead of once alone and again with context.
      if (library?.add(e.path, e.content)) deferred.push({ path: e.path, ...(lines ? { changed: lines } : {}) });
      else await batches.add({ path: e.path, content: e.content, ...(lines ? { changed: lines } : {}) });
    }
    for (const d of deferred) {
      const context = library!.contextBefore(d.path);
      await batches.add({ ...d, content: library!.content(d.path)!, ...(context.length ? { context } : {}) });
    }
    await batches.drain();
    // The second pass replaces a file's findings; a file it could not finish keeps the first ones.
    const redone = new Map<string, Finding[]>();
    batches.onOutcome = (o, item) => {
      if (!o.skipped) redone.set(item.path, o.findings);
    };
    for (const item of library?.again() ?? []) await batches.add(item);
    await batches.drain();
    if (redone.size) result.findings = [...result.findings.filter((f) => !redone.has(f.location.path)), ...[...redone.values()].flat()];
  } finally {
    await batches.close();
  }
  for (const id of failed) {
    const r = ruleSet.rules.find((x) => x.id === id);
    result.ruleProblems.push({ file: r?.source.file ?? id, line: r?.source.line, reason: `${id}: failed while matching; skipped` });
  }
  result.findings = markSuppressed(foldCopies(promiseMakers.settle(configValues.resolve(result.findings))), comments, changed);
  if (tuning) result.findings = tuneFindings(result.findings, tuning);
  for (const path of configSkipped) result.skipped.push({ path, reason: "out_of_scope", detail: ".crs.yml skip" });
  result.findings.sort(
    (a, b) =>
      a.location.path.localeCompare(b.location.path) ||
      a.location.startLine - b.location.startLine ||
      a.location.startColumn - b.location.startColumn ||
      a.ruleId.localeCompare(b.ruleId),
  );
  result.stats.ms = Date.now() - started;
  return result;
}
