// Function summaries: a call to a function of the same file with a tainted argument walks the
// callee once per (parameter, argument mask) with only that parameter tainted, and remembers what
// reaches its return value (with the classes sanitized on the way) and which sinks inside it are
// reached. The call returns that value, and the sinks are reported with the flow through the call.
// Computed only for callees that get a tainted argument, memoised per file, at most `maxDepth`
// callees deep; a callee already being summarised (recursion) keeps the unknown-call behaviour.
import type { TNode } from "../syntax/node.ts";
import type { Analyzer } from "../driver/analyzer.ts";
import type { SinkHit } from "../driver/hits.ts";
import type { Callee } from "./calls.ts";
import type { Step, Taint, Value } from "../model/state.ts";
import { wholeRequest, withStep, worse } from "../model/state.ts";
import { wholeChain } from "../model/whole-params.ts";
import { inside, resolveCallee } from "../functions/local-callees.ts";
import { FileDefs } from "../functions/file-defs.ts";
import type { Def } from "../functions/file-defs.ts";
import type { CompiledRules } from "../syntax/rule-specs.ts";
import { slotCount, slotOf } from "../syntax/syntax-types.ts";
import type { External } from "../driver/cross-file-context.ts";

/** Callees summarised inside callees, at most: deeper calls are unknown calls. */
export const maxDepth = 3;

export interface Summary {
  /** The step every value derived from the parameter leads back to. */
  marker: Step;
  ret: Value;
  hits: SinkHit[];
  /** Calls flagged by pattern rules that the parameter reached. */
  watched: [number, Taint][];
  /** Other parameters holding the parameter's data when the callee returns (`list.add(v)`, `sb.append(v)`). */
  effects: [number, Taint][];
}

/** One file's summaries: the caller's own, or a context file's (driver/cross-file-context.ts). */
export interface Shared {
  root: TNode;
  defs: FileDefs;
  source: string;
  rules: CompiledRules;
  /** By callee, parameter and argument mask; null while being computed or when it failed. */
  memo: Map<string, Summary | null>;
  /** Calls into other files: resolved in the context files, recorded when unresolved (driver/cross-file-context.ts). */
  ext: External | null;
  /** Names of functions that read a source themselves (functions/source-helpers.ts). */
  helpers: Set<string> | null;
}

export interface Ctx {
  shared: Shared;
  depth: number;
}

/** Lets an analyzer summarise its file's functions; `funcs`: the file's functions, listed by the caller. */
export function enableSummaries(a: Analyzer, root: TNode, funcs: () => TNode[], ext: External | null = null, helpers: Set<string> | null = null): void {
  a.summaries = {
    shared: { root, defs: new FileDefs(a.syn, a.source, root, funcs), source: a.source, rules: a.rules, memo: new Map(), ext, helpers },
    depth: 0,
  } satisfies Ctx;
}

/**
 * Records a callee's sink hit at `at` with the caller's taint `t` (here or in another file: cross-file-calls.ts).
 * A file sink given the callee's parameter whole: a library entry's parameter handed on whole is its caller's own path.
 */
export function recordCalleeHit(a: Analyzer, at: TNode, h: SinkHit, t: Taint, note?: string): void {
  const whole = h.whole ? wholeChain(t, a.rules.library?.spec.id)?.from : undefined;
  if (whole !== "library") a.recordHit(at, { cls: 0, className: h.className }, t, note, whole === "param");
}

/**
 * The value a call to a function of this file returns, after reporting the sinks its tainted
 * arguments reach inside it; undefined when the callee is unknown or not summarised (then the
 * caller treats it as an unknown call). `self`: the caller's own receiver, tainted in fields its
 * constructor kept (`this.cmd()` building a command from `this.path`), for a method of its class.
 */
export function applySummary(a: Analyzer, call: TNode, callee: Callee, all: TNode[], vals: Map<TNode, Value>, self: Value = null): Value | undefined {
  const ctx = a.summaries as Ctx | null;
  if (!ctx || ctx.depth >= maxDepth) return undefined;
  const positional = all.filter((c) => c.kind() !== "keyword_argument");
  const def = resolveCallee(ctx.shared.defs, a.syn, call, callee, positional.length, () => a.scopeText());
  // A function calling itself (a directory walk's `find(path.join(from, file))`) hands on what its own walk judges
  // at its sinks with its parameter: an unknown call.
  if (!def || inside(def.node, call)) return undefined;
  const bound = bindArgs(def, all, vals);
  if (!bound) return undefined;
  if (self) bound.push([def.skip === 1 ? 0 : -1, self]);
  const sums: [Summary, Taint][] = [];
  for (const [i, v] of bound) {
    const s = summarize(a, ctx.shared, ctx.depth, def, i, v);
    if (!s) return undefined;
    sums.push([s, v]);
  }
  let ret: Value = null;
  for (const [s, v] of sums) {
    for (const h of s.hits) {
      const t = splice(h.taint, s.marker, v, call);
      if (t) recordCalleeHit(a, h.node, h, t);
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
    const sub = a.fork(ctx.shared.rules, ctx.shared.source, ctx.shared.root);
    sub.summaries = { shared: ctx.shared, depth: ctx.depth + 1 } satisfies Ctx;
    const ret = sub.runWith(
      def.node,
      def.params.map(() => null),
    );
    if (!sub.incomplete) memo.set(key, { marker: { node: def.node, kind: "step", sourceId: "", prev: null }, ret, hits: [], watched: [], effects: [] });
  }
  const ret = memo.get(key)?.ret;
  return ret ? withStep(ret, call) : memo.get(key) ? null : undefined;
}

/** The tainted arguments by parameter index (Python keywords by name); null when one names no parameter. */
export function bindArgs(def: Def, all: TNode[], vals: Map<TNode, Value>): [number, Taint][] | null {
  const positional = all.filter((c) => c.kind() !== "keyword_argument");
  const bound: [number, Taint][] = [];
  positional.forEach((arg, i) => {
    const v = vals.get(arg);
    if (v) bound.push([def.skip + i, v]);
  });
  for (const kw of all) {
    const v = kw.kind() === "keyword_argument" ? vals.get(kw) : null;
    if (!v) continue;
    const i = def.params.findIndex((p) => p.name === kw.field("name")?.text());
    if (i < 0) return null;
    bound.push([slotOf(def.params[i]!, i), v]);
  }
  const n = slotCount(def.params);
  return bound.filter(([i]) => i < n);
}

/**
 * Walks `def` (of the file `shared` describes) with only parameter `i` tainted by `v`; `i` = -1
 * taints the receiver instead (`this`, and the class's `fields`, as read inside the method).
 */
export function summarize(a: Analyzer, shared: Shared, depth: number, def: Def, i: number, v: Taint, fields: string[] = []): Summary | null {
  // Everything the walk reads of the argument and of the call is in the key: a context file's summaries are shared by the
  // files analysed after it on the same thread, so a summary made for one caller (its source, its depth) must not answer
  // another's differently, or findings would depend on how files are spread over threads.
  const whole = wholeRequest(v);
  const flags = `${v.argv ? 1 : 0}${whole ? 1 : 0}`;
  const fieldKey = v.fields ? `:${[...v.fields].map((f) => `${f}${v.fieldMasks?.has(f) ? `=${v.fieldMasks.get(f)}` : ""}`).join(",")}` : "";
  const key = `${def.node.id()}:${i}:${v.mask}:${flags}${v.built ? "b" : ""}:${v.step.sourceId}:${v.confidence}:${depth}${fieldKey}`;
  const memo = shared.memo;
  if (memo.has(key)) return memo.get(key)!;
  memo.set(key, null);
  const at = i >= 0 ? (def.params.find((p, j) => slotOf(p, j) === i)?.node ?? def.node) : def.node;
  const marker: Step = { node: at, kind: "step", sourceId: "", prev: null };
  const arg: Taint = { mask: v.mask, confidence: v.confidence, step: { node: at, kind: "step", sourceId: v.step.sourceId, prev: marker } };
  if (v.argv) arg.argv = true;
  if (whole) arg.whole = true;
  // An object tainted in some members only (a Koa context's request members) is so in the callee too.
  if (v.fields) arg.fields = v.fields;
  if (v.fieldMasks) arg.fieldMasks = v.fieldMasks;
  if (v.built) arg.built = true;
  // By slot: every name a destructuring formal binds gets the argument.
  const args: Value[] = [];
  if (i >= 0) args[i] = arg;
  const sub = a.fork(shared.rules, shared.source, shared.root);
  // A callee of the same file skips its clean statements' expressions as the caller's walk does (fast/relevance.ts;
  // never the cut: what follows the last sink still makes the return value). Not with a tainted receiver: `this`
  // and `self` are in no variable a statement's text is checked for.
  if (i >= 0 && shared.source === a.source) sub.rel = a.rel;
  // Pattern findings' calls are nodes of the caller's file.
  if (shared.root === (a.summaries as Ctx | null)?.shared.root) for (const id of a.watch.keys()) sub.watch.set(id, { taint: null });
  sub.summaries = { shared, depth: depth + 1 } satisfies Ctx;
  const ret = sub.runWith(def.node, args, i < 0 ? arg : null, fields);
  if (sub.incomplete) return null;
  const watched: [number, Taint][] = [];
  for (const [id, w] of sub.watch) if (w.taint) watched.push([id, w.taint]);
  const effects: [number, Taint][] = [];
  sub.paramExits.forEach((t, j) => {
    const at = def.params[j] ? slotOf(def.params[j]!, j) : j;
    if (t && at !== i) effects.push([at, t]);
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
  // The argument's object handed back (`return type`) is tainted in the same members only.
  if (t.fields) out.fields = t.fields;
  return out;
}
