// What becomes of a file's pattern findings once the taint walk is done: a finding whose call the walk
// reached as a sink is reported from the hit, one whose arguments it judged clean is dropped, one it
// could not judge stays at low confidence.
import type { Finding } from "../../../types.ts";
import type { TNode } from "../syntax/node.ts";
import type { Syntax } from "../syntax/syntax-types.ts";
import type { CompiledRules } from "../syntax/rule-specs.ts";
import type { Analyzer } from "./analyzer.ts";
import type { SinkHit } from "./hits.ts";
import { hitToFinding, patternClass } from "./report.ts";
import { builtFromValues } from "./unsourced.ts";
import { callersContract, pythonCallersArgv, pythonCallersQuery, pythonCallersTemplate } from "./library-contract.ts";
import { receiverIsValue } from "./receivers.ts";
import { rawRequestLog } from "./raw-request.ts";
import { fromLibrary } from "../evaluators/entry-points.ts";
import { calleeOf } from "../evaluators/calls.ts";
import { calleeIsParameter } from "../evaluators/callee-bindings.ts";
import { classBit } from "../syntax/classes.ts";

/** A pattern finding's call, watched by the walk (`key` in analyzer.watch), and the scope it sits in. */
export interface WatchedCall {
  key: number;
  scope: TNode;
  call: TNode;
}

/**
 * The file's findings once the walk is done: the sinks it reached, and the pattern findings it did not
 * overrule (kept at low confidence where the walk could not judge their call).
 */
export function patternVerdicts(
  input: { path: string; source: string; patternFindings: Finding[] },
  syn: Syntax,
  rules: CompiledRules,
  analyzer: Analyzer,
  pfCalls: (WatchedCall | null)[],
  scopeHasErrors: (scope: TNode) => boolean,
): Finding[] {
  const counts = new Map<string, number>();
  const hits: SinkHit[] = [...analyzer.hits];
  const hitCalls = new Set(hits.map((h) => h.node.id()));
  const kept: Finding[] = [];
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
      // A function walked with parameters of unknown origin judged only what does not come from them.
      const scopeText = sliceOf(input.source, pc.scope);
      if (
        (!analyzer.walked.has(pc.scope.id()) || fromOpaqueParams(analyzer, pc, scopeText)) &&
        !(rules.library?.unlessPath?.test(input.path) ?? false) &&
        builtFromValues(analyzer, pc.call, scopeText, cls ? classBit(cls) : 0)
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
  const excused = (h: SinkHit): boolean =>
    js
      ? (fromLibrary(analyzer, h.taint) && callersContract(h)) || rawRequestLog(h)
      : syn.prefix === "py" && fromLibrary(analyzer, h.taint) && (pythonCallersArgv(h) || pythonCallersQuery(h) || pythonCallersTemplate(h));
  // A hit its caller's contract excuses gives way to a later flow to the same sink (driver/hits.ts `later`): a command
  // another exported function builds for the runner. A path joined from what callers gave (a copy's destination and
  // its source's name) stays theirs.
  const reported = hits.flatMap((h) => (!excused(h) ? [h] : h.later && h.className !== "path-traversal" && !excused(h.later) ? [h.later] : []));
  return [...reported.map((h) => hitToFinding(input.path, syn.prefix, h, counts)), ...kept];
}

/**
 * The call's arguments name a parameter of an opaque function around it (analyzer.opaque), or a local the function
 * assigns from one (`q = "… %s" % name`, a line's text read: a cautious test that only keeps a finding).
 */
function fromOpaqueParams(a: Analyzer, pc: WatchedCall, scopeText: string): boolean {
  const params = a.opaque.get(pc.scope.id());
  if (!params?.length) return false;
  const word = (n: string): string => `(?<![\\w$.])${n.replace(/\$/g, "\\$")}(?![\\w$])`;
  const names = new Set(params);
  for (let round = 0; round < 3; round++) {
    const any = new RegExp([...names].map(word).join("|"));
    for (const m of scopeText.matchAll(/(?<![\w$.])([A-Za-z_$][\w$]*)\s*(?:\+|-)?=(?!=)([^\n;]*)/g)) if (any.test(m[2]!)) names.add(m[1]!);
  }
  return new RegExp([...names].map(word).join("|")).test(pc.call.field("arguments")?.text() ?? "");
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
