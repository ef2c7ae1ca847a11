// Function summaries: a call to a function of the same file with a tainted argument walks the
// callee once per (parameter, argument mask) with only that parameter tainted, and remembers what
// reaches its return value (with the classes sanitized on the way) and which sinks inside it are
// reached. The call returns that value, and the sinks are reported with the flow through the call.
// Computed only for callees that get a tainted argument, memoised per file, at most `maxDepth`
// callees deep; a callee already being summarised (recursion) keeps the unknown-call behaviour.
import type { TNode } from "./node.ts";
import { Analyzer } from "./analyze.ts";
import type { SinkHit } from "./analyze.ts";
import type { Callee } from "./calls.ts";
import type { Step, Taint, Value } from "./state.ts";
import { withStep, worse } from "./state.ts";
import { FileDefs, resolveCallee } from "./callees.ts";
import type { Def } from "./callees.ts";

/** Callees summarised inside callees, at most: deeper calls are unknown calls. */
const maxDepth = 3;

interface Summary {
  /** The step every value derived from the parameter leads back to. */
  marker: Step;
  ret: Value;
  hits: SinkHit[];
  /** Calls flagged by pattern rules that the parameter reached. */
  watched: [number, Taint][];
  /** Other parameters holding the parameter's data when the callee returns (`list.add(v)`, `sb.append(v)`). */
  effects: [number, Taint][];
}

interface Shared {
  root: TNode;
  defs: FileDefs;
  /** By callee, parameter and argument mask; null while being computed or when it failed. */
  memo: Map<string, Summary | null>;
  /** Names of functions that read a source themselves (sourcehelpers.ts). */
  helpers: Set<string> | null;
}

interface Ctx { shared: Shared; depth: number }


/** Lets an analyzer summarise its file's functions; `funcs`: the file's functions when already listed. */
export function enableSummaries(a: Analyzer, root: TNode, funcs: (() => TNode[]) | null, helpers: Set<string> | null = null): void {
  a.summaries = { shared: { root, defs: new FileDefs(a.syn, a.source, root, funcs), memo: new Map(), helpers }, depth: 0 } satisfies Ctx;
}

/**
 * The value a call to a function of this file returns, after reporting the sinks its tainted
 * arguments reach inside it; undefined when the callee is unknown or not summarised (then the
 * caller treats it as an unknown call).
 */
export function applySummary(a: Analyzer, call: TNode, callee: Callee, all: TNode[], vals: Map<TNode, Value>): Value | undefined {
  const ctx = a.summaries as Ctx | null;
  if (!ctx || ctx.depth >= maxDepth) return undefined;
  const positional = all.filter((c) => c.kind() !== "keyword_argument");
  const def = resolveCallee(ctx.shared.defs, a.syn, call, callee, positional.length, () => a.scopeText());
  if (!def) return undefined;
  const bound: [number, Taint][] = [];
  positional.forEach((arg, i) => {
    const v = vals.get(arg);
    if (v) bound.push([def.skip + i, v]);
  });
  for (const kw of all) {
    const v = kw.kind() === "keyword_argument" ? vals.get(kw) : null;
    if (!v) continue;
    const i = def.params.findIndex((p) => p.name === kw.field("name")?.text());
    if (i < 0) return undefined;
    bound.push([i, v]);
  }
  const sums: [Summary, Taint][] = [];
  for (const [i, v] of bound) {
    if (i >= def.params.length) continue;
    const s = summarize(a, ctx, def, i, v);
    if (!s) return undefined;
    sums.push([s, v]);
  }
  let ret: Value = null;
  for (const [s, v] of sums) {
    for (const h of s.hits) {
      const t = splice(h.taint, s.marker, v, call);
      if (t) a.recordHit(h.node, { cls: 0, className: h.className }, t);
    }
    for (const [id, wt] of s.watched) {
      const w = a.watch.get(id);
      const t = splice(wt, s.marker, v, call);
      if (w && t) w.taint = worse(w.taint, t);
    }
    ret = worse(ret, s.ret && (splice(s.ret, s.marker, v, call) ?? s.ret));
    // The callee filled an object passed to it: the caller's variable now holds that data.
    for (const [j, t] of s.effects) {
      const arg = positional[j - def.skip];
      const name = arg && a.syn.roles[arg.kind()] === "ident" ? arg.text() : null;
      const spliced = name ? splice(t, s.marker, v, call) : null;
      if (!name || !spliced) continue;
      a.state.vars.set(name, worse(a.state.vars.get(name) ?? null, spliced));
      // What was known of its elements one by one no longer is.
      a.state.colls.delete(name);
    }
  }
  return ret;
}

/**
 * The value a call with clean arguments returns when its callee reads a source itself (a helper
 * named in `helpers`): the callee walked once with clean parameters; undefined when it is no such
 * helper (the call is then an unknown call with clean arguments: clean).
 */
export function sourceHelperValue(a: Analyzer, call: TNode, callee: Callee, all: TNode[]): Value | undefined {
  const ctx = a.summaries as Ctx | null;
  const helpers = ctx?.shared.helpers;
  if (!ctx || !helpers || ctx.depth >= maxDepth || !helpers.has(callee.text.slice(callee.text.lastIndexOf(".") + 1))) return undefined;
  const argc = all.filter((c) => c.kind() !== "keyword_argument").length;
  const def = resolveCallee(ctx.shared.defs, a.syn, call, callee, argc, () => a.scopeText());
  if (!def) return undefined;
  const key = `${def.node.id()}:sources`;
  const memo = ctx.shared.memo;
  if (!memo.has(key)) {
    memo.set(key, null);
    const sub = new Analyzer(a.syn, a.rules, a.source, ctx.shared.root);
    sub.summaries = { shared: ctx.shared, depth: ctx.depth + 1 } satisfies Ctx;
    const ret = sub.runWith(def.node, def.params.map(() => null));
    if (!sub.incomplete) memo.set(key, { marker: { node: def.node, kind: "step", sourceId: "", prev: null }, ret, hits: [], watched: [], effects: [] });
  }
  const ret = memo.get(key)?.ret;
  return ret ? withStep(ret, call) : memo.get(key) ? null : undefined;
}

function summarize(a: Analyzer, ctx: Ctx, def: Def, i: number, v: Taint): Summary | null {
  const key = `${def.node.id()}:${i}:${v.mask}:${v.argv ? 1 : 0}`;
  const memo = ctx.shared.memo;
  if (memo.has(key)) return memo.get(key)!;
  memo.set(key, null);
  const p = def.params[i]!;
  const marker: Step = { node: p.node, kind: "step", sourceId: "", prev: null };
  const arg: Taint = { mask: v.mask, confidence: v.confidence, step: { node: p.node, kind: "step", sourceId: v.step.sourceId, prev: marker } };
  if (v.argv) arg.argv = true;
  const args: Value[] = def.params.map((_, j) => (j === i ? arg : null));
  const sub = new Analyzer(a.syn, a.rules, a.source, ctx.shared.root);
  for (const id of a.watch.keys()) sub.watch.set(id, { taint: null });
  sub.summaries = { shared: ctx.shared, depth: ctx.depth + 1 } satisfies Ctx;
  const ret = sub.runWith(def.node, args);
  if (sub.incomplete) return null;
  const watched: [number, Taint][] = [];
  for (const [id, w] of sub.watch) if (w.taint) watched.push([id, w.taint]);
  const effects: [number, Taint][] = [];
  sub.paramExits.forEach((t, j) => {
    if (t && j !== i) effects.push([j, t]);
  });
  const s: Summary = { marker, ret, hits: sub.hits, watched, effects };
  memo.set(key, s);
  return s;
}

/**
 * A value of the callee seen from the call: its flow up to the parameter is replaced by the
 * argument's flow and the call. Null for a value not derived from the parameter (a sink the callee
 * reaches from its own source is reported when the callee itself is analysed).
 */
function splice(t: Taint, marker: Step, arg: Taint, call: TNode): Taint | null {
  const chain: Step[] = [];
  let s: Step | null = t.step;
  for (; s && s !== marker; s = s.prev) chain.push(s);
  if (!s) return null;
  const sourceId = arg.step.sourceId;
  let prev: Step = { node: call, kind: "step", sourceId, prev: arg.step };
  for (let j = chain.length - 1; j >= 0; j--) prev = { node: chain[j]!.node, kind: chain[j]!.kind, sourceId, prev };
  const out: Taint = { mask: t.mask, confidence: arg.confidence, step: prev };
  if (t.argv) out.argv = true;
  return out;
}
