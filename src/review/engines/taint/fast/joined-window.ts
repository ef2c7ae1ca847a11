// A file analysed on a tree joined with other small files (fast/packed.ts matches pattern rules
// on it): parsing the file again on its own cost the analysis as much as the rest of its work on
// small files. Its nodes carry a shift (syntax/node.ts), so every range, offset and line reads as in its
// own tree. Its functions (fast/function-spans.ts) are listed from its own top-level nodes that hold a candidate,
// or from one query of the joined tree shared by all its files.
import type { Range, SgNode } from "@ast-grep/napi";
import { TNode } from "../syntax/node.ts";
import type { Shift } from "../syntax/node.ts";
import type { Syntax } from "../syntax/syntax-types.ts";
import { spanQuery, spansOf } from "./function-spans.ts";
import type { FileSpans, Span } from "./function-spans.ts";

/**
 * A joined tree shared by its files; its functions are listed once for all of them, by the pattern
 * rules' walk (`listed`, merged.ts) or else by a query of their own.
 */
export class JoinedTree {
  readonly top: SgNode;
  private found: { nodes: SgNode[]; ranges: (Range | undefined)[] } | null = null;
  /** Whether the functions came with the tree: then listing those of a part costs no walk. */
  readonly listed: boolean;

  constructor(top: SgNode, listed: SgNode[] | null = null) {
    this.top = top;
    this.listed = !!listed;
    // Ranges are read when a file asks (binary searches read a few): most files of a joined tree
    // have no candidate and ask nothing, and reading every function's range here cost a native call each.
    if (listed) this.found = { nodes: listed, ranges: new Array<Range | undefined>(listed.length) };
  }

  /**
   * The functions starting within [start, end) of the joined source, as spans of the file at `shift`.
   * `wrapped`: the file's wrappers by node, so that every list of its functions shares one wrapper
   * per function and each function's kind, fields and parameters are read from the tree once.
   */
  spans(syn: Syntax, start: number, end: number, shift: Shift, wrapped?: Map<number, TNode>): Span[] {
    let f = this.found;
    if (!f) {
      const nodes = this.top.findAll(spanQuery(syn));
      f = this.found = { nodes, ranges: new Array<Range | undefined>(nodes.length) };
    }
    const { nodes, ranges } = f;
    const range = (i: number): Range => (ranges[i] ??= nodes[i]!.range());
    // Document order is start order: two binary searches read a few ranges, not every node's.
    const first = (offset: number): number => {
      let lo = 0,
        hi = nodes.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (range(mid).start.index < offset) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    const out: Span[] = [];
    for (let i = first(start), stop = first(end); i < stop; i++) {
      const r = range(i);
      let node = wrapped?.get(i);
      if (!node) {
        node = new TNode(nodes[i]!, shift, r);
        wrapped?.set(i, node);
      }
      out.push({ node, start: r.start.index - shift.index, end: r.end.index - shift.index });
    }
    return out;
  }
}

/** One file's part of a joined tree. */
export interface TaintWindow {
  tree: JoinedTree;
  /** Where the file starts in the joined source. */
  shift: Shift;
  /** Where it ends (UTF-16 offset, exclusive). */
  end: number;
  /** The joined root's children that lie in the file (its own top-level nodes), with their ranges. */
  kids: WindowKid[];
}

/** A top-level node of a joined file and its range in the joined tree, read when the tree was cut. */
export interface WindowKid {
  node: SgNode;
  range: Range;
}

/** The file's root: the joined root seen through the window (its children, range and text). */
export function windowRoot(w: TaintWindow, source: string): TNode {
  return TNode.window(w.tree.top, w.kids, w.shift, source);
}

/**
 * fileSpans (fast/function-spans.ts) of the file, for the analysis of the functions around `points` (UTF-16
 * [start, end) ranges: candidate sinks, lines of pattern findings). Only the file's top-level nodes
 * holding a point are queried: their functions are all that finding those scopes and walking them
 * needs. A point outside every function listed puts the file's top level among the scopes, whose
 * walk needs every function of the file: then the joined tree's one query (run once for all its
 * files) gives them all.
 */
export function windowSpans(w: TaintWindow, root: TNode, syn: Syntax, points: [number, number][], wrapped?: Map<number, TNode>): FileSpans {
  const picked = root.children().filter((k) => {
    const r = k.range();
    return points.some(([a, b]) => a < r.end.index && b > r.start.index);
  });
  const query = spanQuery(syn);
  const under = (k: TNode): Span[] => {
    if (!w.tree.listed) return spansOf(k.findAll(query)).funcs;
    const r = k.range();
    return w.tree.spans(syn, r.start.index + w.shift.index, r.end.index + w.shift.index, w.shift, wrapped);
  };
  const spans = { funcs: picked.flatMap(under) };
  const inFunction = ([a, b]: [number, number]): boolean => spans.funcs.some((f) => f.start <= a && b <= f.end);
  if (points.every(inFunction)) return spans;
  return { funcs: w.tree.spans(syn, w.shift.index, w.end, w.shift, wrapped) };
}
