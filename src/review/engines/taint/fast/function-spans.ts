// Where the file's functions are (the scope of a candidate sink) and which call or assignment a
// pattern finding points at. A findAll walks the whole tree natively and pays for each kind it
// tests, each node it returns and each range read afterwards: one query lists the functions, and a
// finding's call is found from the node the pattern rule matched.
import type { NapiConfig } from "@ast-grep/napi";
import type { TNode } from "../syntax/node.ts";
import type { Syntax } from "../syntax/syntax-types.ts";

export interface Span {
  node: TNode;
  /** UTF-16 offsets [start, end). */
  start: number;
  end: number;
}

export interface FileSpans {
  /** Functions in document order. */
  funcs: Span[];
}

const queries = new Map<Syntax, { kinds: ReadonlySet<string>; query: NapiConfig }>();

function funcQuery(syn: Syntax): { kinds: ReadonlySet<string>; query: NapiConfig } {
  let q = queries.get(syn);
  if (!q) {
    const kinds = new Set(
      Object.entries(syn.roles)
        .filter(([, r]) => r === "func")
        .map(([k]) => k),
    );
    q = { kinds, query: { rule: { any: [...kinds].map((kind) => ({ kind })) } } as NapiConfig };
    queries.set(syn, q);
  }
  return q;
}

/** The node kinds of functions: what the span query lists. */
export const funcKinds = (syn: Syntax): ReadonlySet<string> => funcQuery(syn).kinds;

/** The native query listing the functions of a tree (one compile, one walk). */
export const spanQuery = (syn: Syntax): NapiConfig => funcQuery(syn).query;

/** The functions of the tree under `root`, in document order. */
export function fileSpans(root: TNode, syn: Syntax): FileSpans {
  return spansOf(root.findAll(spanQuery(syn)));
}

/** fileSpans from the nodes its query found (fast/joined-window.ts runs the query on parts of a tree). */
export function spansOf(nodes: TNode[]): FileSpans {
  return {
    funcs: nodes.map((node) => {
      const r = node.range();
      return { node, start: r.start.index, end: r.end.index };
    }),
  };
}

/** (line, column) of a node's start or end, ordered like the parser's positions. */
const before = (l1: number, c1: number, l2: number, c2: number): boolean => l1 < l2 || (l1 === l2 && c1 < c2);

const callKindSets = new Map<Syntax, Set<string>>();
/**
 * By language, what the text of every call and assignment node holds: a call's `(` (a tagged template's
 * backquote, a `new` without arguments), an assignment's `=` (Python: a bare annotation's `:`).
 */
const callMarks: Record<string, RegExp> = { js: /[(`=]|new/, ts: /[(`=]|new/, py: /[(=:]/, go: /[(=]/, java: /[(=]/ };
const sameRange = (a: TNode, b: TNode): boolean => {
  const x = a.range(),
    y = b.range();
  return x.start.index === y.start.index && x.end.index === y.end.index;
};

/**
 * The innermost call (or assignment, for assignment sinks) holding the point (0-based line and
 * column) where a pattern finding starts; of two with the same range below `from`, the outer (no
 * grammar supported nests a call in another of the same range). `from` holds the
 * point: the node the rule matched, or the root. The nodes holding a point are one chain of
 * ancestors, so the innermost lies below `from` (a descent through the children holding the point,
 * a binary search at each level) or, when none does, is the nearest call above it.
 */
export function callAt(from: TNode, syn: Syntax, line: number, col: number, source?: string): TNode | null {
  let kinds = callKindSets.get(syn);
  if (!kinds) callKindSets.set(syn, (kinds = new Set([...syn.callKinds.map((k) => k.kind), syn.assignKind])));
  const marks = callMarks[syn.prefix];
  let best: TNode | null = kinds.has(from.kind()) ? from : null;
  for (let node: TNode | null = from; node; ) {
    const kids = node.namedChildren();
    node = null;
    let lo = 0;
    let hi = kids.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const r = kids[mid]!.range();
      if (before(line, col, r.start.line, r.start.column)) hi = mid - 1;
      else if (!before(line, col, r.end.line, r.end.column)) lo = mid + 1;
      else {
        // A child whose text holds no mark of a call or an assignment holds neither: the descent ends.
        if (source !== undefined && marks && !marks.test(source.slice(r.start.index, r.end.index))) break;
        node = kids[mid]!;
        break;
      }
    }
    if (node && kinds.has(node.kind()) && !(best && sameRange(best, node))) best = node;
  }
  if (!best) {
    for (let up = from.parent(); up; up = up.parent()) {
      if (kinds.has(up.kind())) {
        best = up;
        break;
      }
    }
  }
  return best;
}

/** Whether a scope holds a syntax error, each scope searched once; never when the file has none. */
export function errorCheck(parseErrors: boolean, errorKind: number): (scope: TNode) => boolean {
  const memo = new Map<TNode, boolean>();
  return (scope) => {
    if (!parseErrors) return false;
    let v = memo.get(scope);
    if (v === undefined) memo.set(scope, (v = scope.find(errorKind) !== null));
    return v;
  };
}

/**
 * The innermost of `funcs` (nested, in document order) around each offset asked, the offsets asked
 * in ascending order: one sweep instead of a scan of every function per offset.
 */
export function innermostSweep(funcs: Span[]): (at: number) => Span | null {
  let i = 0;
  const open: Span[] = [];
  return (at) => {
    while (i < funcs.length && funcs[i]!.start <= at) {
      const s = funcs[i++]!;
      while (open.length && open[open.length - 1]!.end <= s.start) open.pop();
      open.push(s);
    }
    while (open.length && open[open.length - 1]!.end <= at) open.pop();
    return open[open.length - 1] ?? null;
  };
}
