// The taint engine's seam: the review engine calls refineWithTaint once per parsed file.
import { kind } from "@ast-grep/napi";
import type { SgNode, SgRoot } from "@ast-grep/napi";
import { TNode } from "./syntax/node.ts";
import type { Finding } from "../../types.ts";
import { Analyzer } from "./driver/analyzer.ts";
import type { SinkHit } from "./driver/hits.ts";
import { fromLibrary } from "./evaluators/entry-points.ts";
import type { Syntax } from "./syntax/languages.ts";
import type { CompiledRules } from "./syntax/rules.ts";
import { ensureLanguages, supportedLanguages, syntaxFor } from "./syntax/languages.ts";
import { prefilterFor } from "./fast/prefilter.ts";
import { ScopeFinder, SpanScopeFinder } from "./fast/scope-finders.ts";
import { callAt, errorCheck, fileSpans, funcKinds, spansOf } from "./fast/function-spans.ts";
import type { Span } from "./fast/function-spans.ts";
import { Relevance } from "./fast/relevance.ts";
import { hitToFinding, patternClass } from "./driver/report.ts";
import { classBit } from "./syntax/classes.ts";
import { calleeOf } from "./evaluators/calls.ts";
import { builtFromValues } from "./driver/unsourced.ts";
import { callersContract, pythonCallersArgv } from "./driver/library-contract.ts";
import { receiverIsValue } from "./driver/receivers.ts";
import { calleeIsParameter } from "./evaluators/callee-bindings.ts";
import { rawRequestLog } from "./driver/raw-request.ts";
import { windowRoot, windowSpans } from "./fast/joined-window.ts";
import { callersOf } from "./functions/sink-callers.ts";
import { enableSummaries } from "./evaluators/function-summaries.ts";
import { helperCallTest, sourceHelpers } from "./functions/source-helpers.ts";
import type { TaintWindow } from "./fast/joined-window.ts";
import { External } from "./driver/cross-file-context.ts";
import { contextPoints, fileRules } from "./driver/cross-file-names.ts";
import type { ContextSource, ContextTrees } from "./driver/cross-file-context.ts";

export interface TaintInput {
  path: string;
  /** Engine language id: javascript, typescript, tsx, python, go, java, ruby, php, csharp, kotlin, rust. */
  language: string;
  /**
   * The file's tree, or a function that parses it: the review engine matches pattern rules on a
   * tree shared by several small files and parses a file on its own only when taint needs it.
   */
  root: SgRoot | (() => SgRoot);
  source: string;
  /** Findings of pattern rules whose metadata carries `taint: <class>` in this file. */
  patternFindings: Finding[];
  /** The node each pattern finding's rule matched (same index), in `root` or the window's tree. */
  patternNodes?: (SgNode | undefined)[];
  /** False when the file surely has no syntax error; else a scope's errors are searched for in it. */
  parseErrors: boolean;
  /** The file's part of a tree joined with other files (fast/joined-window.ts), analysed instead of `root`. */
  window?: TaintWindow;
  /** The file's functions (`functionKinds`) in tree order, when the pattern rules' walk listed them. */
  funcs?: SgNode[] | null;
  /** taintCandidates() of the file when the caller already asked. */
  candidates?: number[] | null;
  /** Java, Python: other files of the repository whose functions calls may run (driver/cross-file-context.ts). */
  context?: ContextSource[];
  /** Filled with the library names of calls into other files that stayed unknown with tainted data. */
  external?: Set<string>;
  /** Told the size of each context file parsed (the caller frees trees by parsed bytes). */
  parsed?: (bytes: number) => void;
  /** contextPoints() of the file when the caller already asked. */
  contextPoints?: number[];
  /** Context files parsed and summarised, shared by the files analysed one after another. */
  contextTrees?: ContextTrees;
}

/**
 * The offsets of the file's candidate sinks when its text holds anything a source could be (a
 * superset, framework parameters included), else null. Without a source and a candidate sink, and
 * without pattern findings, taint walks nothing and has nothing to report.
 */
export function taintCandidates(language: string, source: string): number[] | null {
  const syn = syntaxFor(language);
  if (!syn) return null;
  ensureLanguages();
  const pre = prefilterFor(batchRules(syn, source));
  return pre.candidates(source);
}

/**
 * Whether taint may walk a file for its candidates (taintCandidates, with any context points): false
 * when none is a sink the walk could reach (fast/dotted-assigns.ts). A pattern finding still brings the
 * file to the analysis, with every candidate.
 */
export function taintWalkable(language: string, source: string, candidates: readonly number[]): boolean {
  const syn = syntaxFor(language);
  return !!syn && prefilterFor(batchRules(syn, source)).walkable(source, candidates);
}

/**
 * fileRules, remembered for the files of one batch: the engine asks taintCandidates of every file of a
 * batch before it refines the first, so the one file fileRules itself remembers is never the one asked
 * again. Held up to about a batch's worth of text (batches.ts reviewBatch: 128 files, 512 KiB); only for
 * the languages whose rules depend on the file's imports (the others' are shared as they are).
 */
const recentRules = new Map<string, { language: string; rules: CompiledRules }>();
let recentChars = 0;
const recentMax = { files: 160, chars: 1 << 20 };
const importAware = new Set(["python", "javascript", "typescript"]);

function batchRules(syn: Syntax, source: string): CompiledRules {
  if (!importAware.has(syn.ruleLanguage) || source.length > recentMax.chars) return fileRules(syn, source);
  const known = recentRules.get(source);
  if (known?.language === syn.ruleLanguage) return known.rules;
  const rules = fileRules(syn, source);
  if (known) recentChars -= source.length;
  recentRules.delete(source);
  while (recentRules.size && (recentRules.size >= recentMax.files || recentChars + source.length > recentMax.chars)) {
    const oldest = recentRules.keys().next().value!;
    recentRules.delete(oldest);
    recentChars -= oldest.length;
  }
  recentRules.set(source, { language: syn.ruleLanguage, rules });
  recentChars += source.length;
  return rules;
}

/** The node kinds of the functions the analysis lists in a file (fast/function-spans.ts). */
export function functionKinds(language: string): ReadonlySet<string> {
  const syn = syntaxFor(language);
  return syn ? funcKinds(syn) : new Set();
}

/** Below this many characters, listing a file's functions costs less than descending to each candidate. */
const smallFile = 32_768;

/**
 * Returns the final injection-class findings of one file. A failure inside the analysis (a tree shape
 * it does not expect) must not cost the review its other findings: pattern findings are kept at low
 * confidence instead.
 */
export function refineWithTaint(input: TaintInput): Finding[] {
  try {
    return refine(input);
  } catch {
    return input.patternFindings.map((f) => ({ ...f, confidence: "low" as const }));
  }
}

function refine(input: TaintInput): Finding[] {
  const syn = syntaxFor(input.language);
  if (!syn) return input.patternFindings;
  ensureLanguages();
  const rules = batchRules(syn, input.source);
  const pre = prefilterFor(rules);
  // Without pattern findings a file needs both a source and a candidate sink; the source test
  // runs first: most files have none, and it reads the text about three times as fast.
  const known = input.candidates;
  const found = known === undefined && !input.patternFindings.length ? pre.candidates(input.source) : known;
  if (!input.patternFindings.length && found === null) return [];
  // The engine asks taintWalkable itself (prepare-file.ts); asked here for callers that give no candidates.
  const bare = known === undefined && !input.patternFindings.length && !input.contextPoints?.length && !input.context?.length;
  if (bare && found!.length && !pre.walkable(input.source, found!)) return [];
  let offsets = found ?? pre.sinkOffsets(input.source);
  // Calls of another file's functions that may reach a sink there are points too (driver/cross-file-names.ts).
  const xPoints = input.contextPoints ?? (input.context?.length ? contextPoints(syn.ruleLanguage, input.source, input.context, input.path) : []);
  if (xPoints.length) offsets = [...new Set([...offsets, ...xPoints])].sort((x, y) => x - y);
  if (!input.patternFindings.length && !offsets.length) return [];
  const win = input.window;
  const root = win ? windowRoot(win, input.source) : new TNode((typeof input.root === "function" ? input.root() : input.root).root());
  const analyzer = new Analyzer(syn, rules, input.source, root);
  analyzer.path = input.path;
  // Scopes by node id, each with its start offset: outer scopes run first and analyse nested ones in place.
  const scopes = new Map<number, { node: TNode; start: number }>();
  const addScope = (n: TNode): void => {
    const id = n.id();
    if (!scopes.has(id)) scopes.set(id, { node: n, start: n.range().start.index });
  };
  // Functions listed by the rules' walk, or many candidates, a small file or pattern findings to
  // place: list the functions with one native query; few candidates in a large file: descend from
  // the root for each.
  // One wrapper per function of a window, whichever list holds it (fast/joined-window.ts).
  const wrapped = new Map<number, TNode>();
  const spans = win
    ? windowSpans(win, root, syn, [...offsets.map((o): [number, number] => [o, o + 1]), ...findingLines(input)], wrapped)
    : input.funcs
      ? spansOf(input.funcs.map((n) => new TNode(n)))
      : input.patternFindings.length || offsets.length > 12 || input.source.length < smallFile
        ? fileSpans(root, syn)
        : null;
  const finder = spans ? new SpanScopeFinder(root, spans.funcs) : new ScopeFinder(root, syn);
  for (const off of offsets) {
    addScope(finder.scopeAt(off));
    const outer = finder.enclosingScope();
    if (outer) addScope(outer);
  }
  // A window lists only the functions around its points: callers and callees are looked for among all the file's.
  let allFuncs = spans?.funcs;
  let whole: Span[] | undefined;
  const fileFuncs = (): Span[] => (allFuncs = whole ??= win ? win.tree.spans(syn, win.shift.index, win.end, win.shift, wrapped) : spans!.funcs);
  const crossFile = (input.external || input.context?.length) && (syn.ruleLanguage === "java" || syn.ruleLanguage === "python");
  const ext = crossFile
    ? new External(syn, input.path, input.source, input.context ?? [], (src) => fileRules(syn, src), input.parsed, input.contextTrees)
    : null;
  // Functions that read a source themselves make their callers' statements and scopes worth a walk.
  const helpers = spans && pre.sources && pre.hasSource(input.source) ? sourceHelpers(input.source, fileFuncs, pre.sources) : null;
  const helperCalls = helperCallTest(helpers);
  enableSummaries(analyzer, root, spans ? () => fileFuncs().map((s) => s.node) : null, ext, helpers);
  const pfCalls = input.patternFindings.map((f, i) => {
    // From the node the rule matched when the engine gives it: a short descent instead of one from the root.
    const matched = input.patternNodes?.[i];
    const from = matched ? new TNode(matched, win?.shift ?? null) : root;
    const at = matched ? from.range().start : { line: f.location.startLine - 1, column: f.location.startColumn - 1 };
    const call = spans ? callAt(from, syn, at.line, at.column, input.source) : null;
    if (!call) return null;
    const key = call.id();
    analyzer.watch.set(key, { taint: null });
    const r = call.range();
    const s = (finder as SpanScopeFinder).scopeOfRange(r.start.index, r.end.index);
    addScope(s);
    return { key, scope: s, call };
  });
  // Functions calling a function that holds a candidate sink reach it through its summary.
  const viaHelpers = spans
    ? callersOf(
        input.source,
        fileFuncs,
        spans.funcs.filter((s) => scopes.has(s.node.id())),
      )
    : null;
  for (const s of viaHelpers?.scopes ?? []) addScope(s.node);
  const callsHelper = new Set((viaHelpers?.scopes ?? []).map((s) => s.node.id()));
  // With every function's position known, text checks can skip statements that cannot matter.
  if (spans) {
    const watched = pfCalls.flatMap((p) => (p ? [p.call.range().start.index] : []));
    analyzer.rel = new Relevance(
      input.source,
      rules,
      syn,
      allFuncs!.map((s) => s.start),
      [...watched, ...viaHelpers!.points, ...xPoints],
      helperCalls,
    );
  }
  const order = [...scopes.entries()].sort((x, y) => x[1].start - y[1].start);
  for (const [id] of order) analyzer.pending.add(id);
  for (const [id, { node: scope }] of order) {
    if (!analyzer.pending.delete(id)) continue;
    // A scope with no framework parameter and no source text cannot carry taint: skip the walk.
    // The scope's text is cut from the source (its range is known): no native copy of it.
    const text = (): string => {
      const r = scope.range();
      return input.source.slice(r.start.index, r.end.index);
    };
    const t = scope === root ? input.source : text();
    if (pre.hasSource(t) || (helperCalls?.test(t) ?? false) || analyzer.hasParamSource(scope, callsHelper.has(id))) {
      analyzer.analyzeScope(scope);
    }
  }

  if (ext && input.external) for (const n of ext.recorded) input.external.add(n);
  const counts = new Map<string, number>();
  const hits: SinkHit[] = [...analyzer.hits];
  const hitCalls = new Set(hits.map((h) => h.node.id()));
  const kept: Finding[] = [];
  const scopeHasErrors = spans ? errorCheck(input.parseErrors, kind(syn.parseLang, "ERROR")) : () => false;
  input.patternFindings.forEach((f, i) => {
    const pc = pfCalls[i];
    const incomplete = !pc || analyzer.incomplete || scopeHasErrors(pc.scope);
    if (incomplete) {
      kept.push({ ...f, confidence: "low" });
      return;
    }
    if (hitCalls.has(pc.key)) return;
    const w = analyzer.watch.get(pc.key);
    const cls = patternClass(f);
    if (!w?.taint) {
      // No source is known in a function the walk never entered: a string built from values it does
      // not fix stays, at low confidence (driver/unsourced.ts); where the walk judged the values, it is dropped.
      // Tests, fixtures, examples, benchmarks and scripts (the library's `unlessPath`) are no interface anyone
      // calls: without a source there, nobody feeds the sink.
      if (
        !analyzer.walked.has(pc.scope.id()) &&
        !(rules.library?.unlessPath?.test(input.path) ?? false) &&
        builtFromValues(analyzer, pc.call, sliceOf(input.source, pc.scope))
      )
        kept.push({ ...f, confidence: "low" });
      return;
    }
    if (!cls) {
      kept.push(f);
      return;
    }
    // The taint rules list this call as a sink of the class: their verdict on its arguments stands
    // (a tainted sandbox passed to vm.runInNewContext with constant code is no code injection).
    if (listedSink(analyzer, pc.call, cls)) return;
    if (w.taint.mask & classBit(cls)) return;
    // Library input is already a guess about callers: it reaches only the sinks the taint rules list,
    // not whatever call a pattern matched (`DATE_TIME.exec(isoDate)` is no child_process).
    if (fromLibrary(analyzer, w.taint)) return;
    if (cls === "command-injection" && (receiverIsValue(pc.call, input.source) || calleeIsParameter(pc.call))) return;
    hits.push({ node: pc.call, className: cls, taint: w.taint });
    hitCalls.add(pc.key);
  });
  const js = syn.prefix === "js" || syn.prefix === "ts";
  const reported = js
    ? hits.filter((h) => !((fromLibrary(analyzer, h.taint) && callersContract(h)) || rawRequestLog(h)))
    : syn.prefix === "py"
      ? hits.filter((h) => !(fromLibrary(analyzer, h.taint) && pythonCallersArgv(h)))
      : hits;
  return [...reported.map((h) => hitToFinding(input.path, syn.prefix, h, counts)), ...kept];
}

function sliceOf(source: string, n: TNode): string {
  const r = n.range();
  return source.slice(r.start.index, r.end.index);
}

/** The call is an unconditional sink of `cls` in the taint rules, so its unreported arguments were judged clean. */
function listedSink(a: Analyzer, call: TNode, cls: string): boolean {
  const isNew = a.syn.roles[call.kind()] === "new";
  const specs = a.rules.sinks.lookup(calleeOf(a, call, isNew).text);
  return !!specs?.some((s) => s.className === cls && !s.when && !s.fileContains.length);
}

/** The [start, end) offsets of the lines where pattern findings start. */
function findingLines(input: TaintInput): [number, number][] {
  if (!input.patternFindings.length) return [];
  const starts = [0];
  for (let i = input.source.indexOf("\n"); i >= 0; i = input.source.indexOf("\n", i + 1)) starts.push(i + 1);
  return input.patternFindings.map((f) => {
    const l = f.location.startLine - 1;
    return [starts[l] ?? input.source.length, starts[l + 1] ?? input.source.length];
  });
}

/** Languages the taint engine analyses; others keep pattern findings as they are. */
export function taintLanguages(): ReadonlySet<string> {
  return supportedLanguages;
}
