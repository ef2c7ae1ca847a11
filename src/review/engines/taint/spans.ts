// Where the file's functions are (the scope of a candidate sink) and, when pattern findings must be
// matched to calls, where its calls and assignments are. One native query lists them all: findAll
// walks the whole tree natively whatever it looks for, so one query with every kind costs less
// than one per purpose, and each range is read once.
import type { NapiConfig } from "@ast-grep/napi";
import type { TNode } from "./node.ts";
import type { Syntax } from "./langs.ts";

export interface Span {
  node: TNode;
  /** UTF-16 offsets [start, end). */
  start: number;
  end: number;
  sl: number; sc: number; el: number; ec: number;
}

export interface FileSpans { funcs: Span[]; calls: Span[] }

const queries = new Map<Syntax, Map<boolean, { config: NapiConfig; funcs: Set<string> }>>();

function query(syn: Syntax, withCalls: boolean): { config: NapiConfig; funcs: Set<string> } {
  let bySyn = queries.get(syn);
  if (!bySyn) queries.set(syn, (bySyn = new Map()));
  let q = bySyn.get(withCalls);
  if (!q) {
    const funcs = new Set(Object.entries(syn.roles).filter(([, r]) => r === "func").map(([k]) => k));
    const kinds = [...funcs, ...(withCalls ? [...syn.callKinds.map((k) => k.kind), syn.assignKind] : [])];
    q = { config: { rule: { any: kinds.map((kind) => ({ kind })) } } as NapiConfig, funcs };
    bySyn.set(withCalls, q);
  }
  return q;
}

/** Functions, and calls and assignments when `withCalls`, each list in document order. */
export function fileSpans(root: TNode, syn: Syntax, withCalls: boolean): FileSpans {
  const q = query(syn, withCalls);
  const out: FileSpans = { funcs: [], calls: [] };
  for (const node of root.findAll(q.config)) {
    const r = node.range();
    const span = { node, start: r.start.index, end: r.end.index, sl: r.start.line, sc: r.start.column, el: r.end.line, ec: r.end.column };
    // Without calls every result is a function: no kind() needed.
    (!withCalls || q.funcs.has(node.kind()) ? out.funcs : out.calls).push(span);
  }
  return out;
}
