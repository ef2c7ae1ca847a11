// One file's taint analysis: the scopes around its candidate sinks, pattern findings and calls into
// other files, found with the cheapest means the file allows (fast/), walked in order by the Analyzer;
// what the walk found becomes findings in pattern-verdicts.ts.
import { kind } from "@ast-grep/napi";
import type { SgNode, SgRoot } from "@ast-grep/napi";
import { TNode } from "../syntax/node.ts";
import type { Finding } from "../../../types.ts";
import { Analyzer } from "./analyzer.ts";
import { syntaxFor, ensureLanguages } from "../syntax/languages.ts";
import { prefilterFor } from "../fast/prefilter.ts";
import { SpanScopeFinder } from "../fast/scope-finders.ts";
import { callAt, errorCheck, fileSpans, spansOf } from "../fast/function-spans.ts";
import type { Span } from "../fast/function-spans.ts";
import { Relevance } from "../fast/relevance.ts";
import { windowRoot, windowSpans } from "../fast/joined-window.ts";
import type { TaintWindow } from "../fast/joined-window.ts";
import { callersOf } from "../functions/sink-callers.ts";
import { charsBefore } from "../functions/file-defs.ts";
import { enableSummaries } from "../evaluators/function-summaries.ts";
import { helperCallTest, sourceHelpers } from "../functions/source-helpers.ts";
import { External } from "./cross-file-context.ts";
import type { ContextSource } from "./cross-file-context.ts";
import type { ContextTrees } from "./context-trees.ts";
import { contextPoints } from "./cross-file-names.ts";
import { fileRules } from "./file-rules.ts";
import { batchRules } from "./batch-rules.ts";
import { patternVerdicts } from "./pattern-verdicts.ts";
import { pickedCallOffsets } from "../fast/picked-calls.ts";

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

/** Languages whose calls into other files of the repository are summarised there (library.ts keeps their files). */
const crossFileLanguages = new Set(["java", "python", "javascript", "typescript"]);

export function refineFile(input: TaintInput): Finding[] {
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
  // The file's functions: listed by the rules' walk, else with one native query. Every file lists them, whatever
  // its size or count of candidates: flows through its own helpers (callers of a function holding a sink,
  // functions reading a source themselves) are followed only with the list, and a finding must not depend
  // on how many other candidates the file holds.
  // One wrapper per function of a window, whichever list holds it (fast/joined-window.ts).
  const wrapped = new Map<number, TNode>();
  const spans = win
    ? windowSpans(win, root, syn, [...offsets.map((o): [number, number] => [o, o + 1]), ...findingLines(input)], wrapped)
    : input.funcs
      ? spansOf(input.funcs.map((n) => new TNode(n)))
      : fileSpans(root, syn);
  const finder = new SpanScopeFinder(root, spans.funcs);
  // Callback sources (an archive reader's entries) hand their data on a callback deeper (a stream's, a promise's):
  // with them, every function around a candidate sink is a scope; else the innermost and the one enclosing it.
  const deep = rules.callbacks !== null;
  for (const off of offsets) {
    addScope(finder.scopeAt(off));
    if (deep) for (const s of finder.outerScopes()) addScope(s);
    else {
      const outer = finder.enclosingScope();
      if (outer) addScope(outer);
      // A callback holding the sink's function (a promise's executor around a helper it calls) sees the variables of
      // the function around it, which hold the data: scopes go up past callbacks.
      if (outer && isCallback(input.source, outer))
        for (const s of finder.outerScopes().slice(1)) {
          addScope(s);
          if (!isCallback(input.source, s)) break;
        }
    }
  }
  // A window lists only the functions around its points: callers and callees are looked for among all the file's.
  let allFuncs = spans.funcs;
  let whole: Span[] | undefined;
  const fileFuncs = (): Span[] => (allFuncs = whole ??= win ? win.tree.spans(syn, win.shift.index, win.end, win.shift, wrapped) : spans.funcs);
  const crossFile = (input.external || input.context?.length) && crossFileLanguages.has(syn.ruleLanguage);
  const ext = crossFile
    ? new External(syn, input.path, input.source, input.context ?? [], (src) => fileRules(syn, src), input.parsed, input.contextTrees)
    : null;
  // Functions that read a source themselves make their callers' statements and scopes worth a walk.
  const helpers = pre.sources && pre.hasSource(input.source) ? sourceHelpers(input.source, fileFuncs, pre.sources) : null;
  const helperCalls = helperCallTest(helpers);
  enableSummaries(analyzer, root, () => fileFuncs().map((s) => s.node), ext, helpers);
  const pfCalls = input.patternFindings.map((f, i) => {
    // From the node the rule matched when the engine gives it: a short descent instead of one from the root.
    const matched = input.patternNodes?.[i];
    const from = matched ? new TNode(matched, win?.shift ?? null) : root;
    const at = matched ? from.range().start : { line: f.location.startLine - 1, column: f.location.startColumn - 1 };
    // The matched call itself when the rule matched one (`db().execute(q)`, not the `db()` its receiver starts with).
    const call = matched && syn.callKinds.some((k) => k.kind === from.kind()) ? from : callAt(from, syn, at.line, at.column, input.source);
    if (!call) return null;
    const key = call.id();
    analyzer.watch.set(key, { taint: null });
    const r = call.range();
    const s = finder.scopeOfRange(r.start.index, r.end.index);
    addScope(s);
    return { key, scope: s, call };
  });
  // Functions calling a function that holds a candidate sink reach it through its summary.
  const viaHelpers = callersOf(
    input.source,
    fileFuncs,
    spans.funcs.filter((s) => scopes.has(s.node.id())),
  );
  for (const s of viaHelpers.scopes) addScope(s.node);
  const callsHelper = new Set(viaHelpers.scopes.map((s) => s.node.id()));
  // With every function's position known, text checks can skip statements that cannot matter.
  const watched = pfCalls.flatMap((p) => (p ? [p.call.range().start.index] : []));
  analyzer.rel = new Relevance(
    input.source,
    rules,
    syn,
    allFuncs.map((s) => s.start),
    [...watched, ...viaHelpers.points, ...xPoints, ...(rules.computedCalls.length ? pickedCallOffsets(input.source) : [])],
    helperCalls,
  );
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
  const scopeHasErrors = errorCheck(input.parseErrors, kind(syn.parseLang, "ERROR"));
  return patternVerdicts(input, syn, rules, analyzer, pfCalls, scopeHasErrors);
}

/** Whether a function is written as a call's argument (`new Promise(function (resolve) {…})`, `fs.stat(p, (err) => …)`). */
function isCallback(source: string, fn: TNode): boolean {
  return /[(,]$/.test(charsBefore(source, fn.range().start.index));
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
