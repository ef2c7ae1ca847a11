// A file analysed on a tree joined with other small files (engines/packed.ts matches pattern rules
// on it): parsing the file again on its own cost the analysis as much as the rest of its work on
// small files. Its nodes carry a shift (node.ts), so every range, offset and line reads as in its
// own tree. Its functions (spans.ts) are listed from its own top-level nodes that hold a candidate,
// or from one query of the joined tree shared by all its files.
import type { SgNode } from "@ast-grep/napi";
import { TNode } from "./node.ts";
import type { Shift } from "./node.ts";
import type { Syntax } from "./langs.ts";
import { spanQuery, spansOf } from "./spans.ts";
import type { FileSpans } from "./spans.ts";

/** A joined tree shared by its files; its span query's results are kept for all of them. */
export class JoinedTree {
  readonly top: SgNode;
  private found: { nodes: SgNode[]; starts: number[] } | null = null;

  constructor(top: SgNode) {
    this.top = top;
  }

  /** The functions (spans.ts) starting within [start, end), in document order. */
  spanNodes(syn: Syntax, start: number, end: number): SgNode[] {
    let f = this.found;
    if (!f) {
      const nodes = this.top.findAll(spanQuery(syn));
      f = this.found = { nodes, starts: new Array<number>(nodes.length).fill(-1) };
    }
    const { nodes, starts } = f;
    // Document order is start order: two binary searches read a few ranges, not every node's.
    const at = (i: number): number => (starts[i] !== -1 ? starts[i]! : (starts[i] = nodes[i]!.range().start.index));
    const first = (offset: number): number => {
      let lo = 0, hi = nodes.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (at(mid) < offset) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    return nodes.slice(first(start), first(end));
  }
}

/** One file's part of a joined tree. */
export interface TaintWindow {
  tree: JoinedTree;
  /** Where the file starts in the joined source. */
  shift: Shift;
  /** Where it ends (UTF-16 offset, exclusive). */
  end: number;
  /** The joined root's children that lie in the file (its own top-level nodes). */
  kids: SgNode[];
}

/** The file's root: the joined root seen through the window (its children, range and text). */
export function windowRoot(w: TaintWindow, source: string): TNode {
  return TNode.window(w.tree.top, w.kids, w.shift, source);
}

/**
 * fileSpans (spans.ts) of the file, for the analysis of the functions around `points` (UTF-16
 * [start, end) ranges: candidate sinks, lines of pattern findings). Only the file's top-level nodes
 * holding a point are queried: their functions are all that finding those scopes and walking them
 * needs. A point outside every function listed puts the file's top level among the scopes, whose
 * walk needs every function of the file: then the joined tree's one query (run once for all its
 * files) gives them all.
 */
export function windowSpans(w: TaintWindow, root: TNode, syn: Syntax, points: [number, number][]): FileSpans {
  const picked = root.children().filter((k) => {
    const r = k.range();
    return points.some(([a, b]) => a < r.end.index && b > r.start.index);
  });
  const query = spanQuery(syn);
  const spans = spansOf(picked.flatMap((k) => k.findAll(query)));
  const inFunction = ([a, b]: [number, number]): boolean => spans.funcs.some((f) => f.start <= a && b <= f.end);
  if (points.every(inFunction)) return spans;
  return spansOf(w.tree.spanNodes(syn, w.shift.index, w.end).map((n) => new TNode(n, w.shift)));
}
