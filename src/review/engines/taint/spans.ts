// Where the file's functions are (the scope of a candidate sink) and which call or assignment a
// pattern finding points at. A findAll walks the whole tree natively and pays for each kind it
// tests, each node it returns and each range read afterwards: one query lists functions, calls,
// assignments and syntax errors together, and a call's range is read only when a finding needs it.
import type { NapiConfig } from "@ast-grep/napi";
import type { TNode } from "./node.ts";
import type { Syntax } from "./langs.ts";
import type { Finding } from "../../types.ts";

export interface Span {
  node: TNode;
  /** UTF-16 offsets [start, end). */
  start: number;
  end: number;
}

export interface FileSpans {
  funcs: Span[];
  /** Calls and assignments in document order (ancestors first at one start); ranges read lazily. */
  calls: TNode[];
  errors: Span[];
}

const queries = new Map<Syntax, Map<boolean, { config: NapiConfig; funcs: Set<string> }>>();

function query(syn: Syntax, withCalls: boolean): { config: NapiConfig; funcs: Set<string> } {
  let bySyn = queries.get(syn);
  if (!bySyn) queries.set(syn, (bySyn = new Map()));
  let q = bySyn.get(withCalls);
  if (!q) {
    const funcs = new Set(Object.entries(syn.roles).filter(([, r]) => r === "func").map(([k]) => k));
    // Pattern findings also need to know which scopes hold a syntax error.
    const kinds = [...funcs, ...(withCalls ? [...syn.callKinds.map((k) => k.kind), syn.assignKind, "ERROR"] : [])];
    q = { config: { rule: { any: kinds.map((kind) => ({ kind })) } } as NapiConfig, funcs };
    bySyn.set(withCalls, q);
  }
  return q;
}

const spanOf = (node: TNode): Span => {
  const r = node.range();
  return { node, start: r.start.index, end: r.end.index };
};

/** The native query listing what fileSpans needs (one compile and one walk of the tree). */
export function spanQuery(syn: Syntax, withCalls: boolean): NapiConfig {
  return query(syn, withCalls).config;
}

/** Functions, and calls, assignments and syntax errors when `withCalls`, each in document order. */
export function fileSpans(root: TNode, syn: Syntax, withCalls: boolean): FileSpans {
  return spansOf(root.findAll(query(syn, withCalls).config), syn, withCalls);
}

/** fileSpans from the nodes its query found (window.ts runs the query once for several files). */
export function spansOf(nodes: TNode[], syn: Syntax, withCalls: boolean): FileSpans {
  const q = query(syn, withCalls);
  const out: FileSpans = { funcs: [], calls: [], errors: [] };
  for (const node of nodes) {
    // Without calls every result is a function: no kind() needed.
    const k = withCalls ? node.kind() : "";
    if (!withCalls || q.funcs.has(k)) out.funcs.push(spanOf(node));
    else if (k === "ERROR") out.errors.push(spanOf(node));
    else out.calls.push(node);
  }
  return out;
}

/** (line, column) of a node's start or end, ordered like the parser's positions. */
const before = (l1: number, c1: number, l2: number, c2: number): boolean => l1 < l2 || (l1 === l2 && c1 < c2);

/**
 * The innermost call (or assignment, for assignment sinks) holding a finding's start; of two with
 * the same range, the first. The calls holding a point nest, so it is the last one starting at or
 * before the point that still ends after it: a binary search and a short scan back read a few
 * ranges instead of every call's.
 */
export function callAt(calls: readonly TNode[], f: Finding): TNode | null {
  const line = f.location.startLine - 1;
  const col = f.location.startColumn - 1;
  let lo = 0;
  let hi = calls.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const s = calls[mid]!.range().start;
    if (before(line, col, s.line, s.column)) hi = mid;
    else lo = mid + 1;
  }
  for (let i = lo - 1; i >= 0; i--) {
    const r = calls[i]!.range();
    if (!before(line, col, r.end.line, r.end.column)) continue;
    // Same start and end as an earlier one (its ancestor): the earlier wins, as a scan would pick it.
    let j = i;
    while (j > 0) {
      const p = calls[j - 1]!.range();
      if (p.start.index !== r.start.index || p.end.index !== r.end.index) break;
      j--;
    }
    return calls[j]!;
  }
  return null;
}

/**
 * Whether a scope holds a syntax error, from the ERROR nodes listed with the spans (the caller's
 * file-wide check would walk the tree again). A listed node lying within the scope's range is in
 * it; one the ranges cannot place (zero-width on the scope's edge, or exactly its range) is
 * settled by searching the scope.
 */
export function errorCheck(parseErrors: boolean | (() => boolean), spans: FileSpans, errorKind: number): (scope: TNode) => boolean {
  const memo = new Map<TNode, boolean>();
  const inScope = (scope: TNode): boolean => {
    let v = memo.get(scope);
    if (v !== undefined) return v;
    const r = scope.range();
    const s = r.start.index;
    const t = r.end.index;
    let unsure = false;
    v = false;
    for (const e of spans.errors) {
      const where = e.start === e.end
        ? (e.start > s && e.start < t ? "in" : e.start === s || e.start === t ? "?" : "out")
        : e.end <= s || e.start >= t ? "out"
        : e.start >= s && e.end <= t ? (e.start === s && e.end === t ? "?" : "in")
        : e.start <= s && e.end >= t ? "out" : "?";
      if (where === "in") { v = true; break; }
      if (where === "?") unsure = true;
    }
    if (!v && unsure) v = scope.find(errorKind) !== null;
    memo.set(scope, v);
    return v;
  };
  // A file-wide check given as a function answers what the listed ERROR nodes already show.
  return (scope) => parseErrors !== false && inScope(scope);
}
