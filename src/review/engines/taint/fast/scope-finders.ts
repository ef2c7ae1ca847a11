// The innermost function around an offset of a file (the scope a candidate sink is analysed in), and the
// one enclosing it: by descending the tree, or, when the file's functions are listed, by a scan of their spans.
import type { TNode } from "../syntax/node.ts";
import type { Syntax } from "../syntax/syntax-types.ts";
import type { Span } from "./function-spans.ts";

interface PathEntry {
  node: TNode;
  start: number;
  end: number;
  func: boolean;
  /** Children and their [start, end) offsets, filled lazily and reused by later offsets. */
  kids?: TNode[];
  starts?: number[];
  ends?: number[];
}

/**
 * Innermost function (or the root) around UTF-16 offsets given in ascending order. Keeps the path of
 * the previous descent so neighbouring offsets resume from their common ancestor.
 */
export class ScopeFinder {
  private readonly path: PathEntry[];
  private readonly syn: Syntax;

  constructor(root: TNode, syn: Syntax) {
    const r = root.range();
    this.path = [{ node: root, start: r.start.index, end: Number.MAX_SAFE_INTEGER, func: false }];
    this.syn = syn;
  }

  scopeAt(offset: number): TNode {
    const path = this.path;
    while (path.length > 1 && (offset < path[path.length - 1]!.start || offset >= path[path.length - 1]!.end)) path.pop();
    for (;;) {
      const top = path[path.length - 1]!;
      const kids = (top.kids ??= top.node.children());
      const starts = (top.starts ??= new Array<number>(kids.length).fill(-1));
      const ends = (top.ends ??= new Array<number>(kids.length).fill(-1));
      let lo = 0;
      let hi = kids.length - 1;
      let found: PathEntry | null = null;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if (starts[mid] === -1) {
          const r = kids[mid]!.range();
          starts[mid] = r.start.index;
          ends[mid] = r.end.index;
        }
        if (offset < starts[mid]!) hi = mid - 1;
        else if (offset >= ends[mid]!) lo = mid + 1;
        else {
          found = { node: kids[mid]!, start: starts[mid]!, end: ends[mid]!, func: this.syn.roles[kids[mid]!.kind()] === "func" };
          break;
        }
      }
      if (!found) break;
      path.push(found);
    }
    for (let i = path.length - 1; i > 0; i--) if (path[i]!.func) return path[i]!.node;
    return path[0]!.node;
  }

  /** The function enclosing the scope last returned by scopeAt, if any: closures read its variables. */
  enclosingScope(): TNode | null {
    let seen = 0;
    for (let i = this.path.length - 1; i > 0; i--) {
      if (this.path[i]!.func && ++seen === 2) return this.path[i]!.node;
    }
    return null;
  }

  /** Every function enclosing the scope last returned by scopeAt, innermost first. */
  outerScopes(): TNode[] {
    const out: TNode[] = [];
    let seen = 0;
    for (let i = this.path.length - 1; i > 0; i--) if (this.path[i]!.func && ++seen >= 2) out.push(this.path[i]!.node);
    return out;
  }
}

/**
 * The same answers as ScopeFinder for files with many candidate sinks or pattern findings: the
 * functions are listed once (fast/function-spans.ts), then each offset is a scan in JS.
 */
export class SpanScopeFinder {
  private readonly spans: Span[];
  private readonly root: TNode;
  private outer: TNode | null = null;
  private offset = -1;

  constructor(root: TNode, funcs: Span[]) {
    this.root = root;
    this.spans = funcs;
  }

  scopeAt(offset: number): TNode {
    let inner: Span | null = null;
    let outer: Span | null = null;
    for (const s of this.spans) {
      if (offset < s.start || offset >= s.end) continue;
      if (!inner || s.end - s.start < inner.end - inner.start) {
        outer = inner;
        inner = s;
      } else if (!outer || s.end - s.start < outer.end - outer.start) outer = s;
    }
    this.outer = outer?.node ?? null;
    this.offset = offset;
    return inner?.node ?? this.root;
  }

  /** Every function enclosing the scope last returned by scopeAt, innermost first. */
  outerScopes(): TNode[] {
    const around = this.spans.filter((s) => this.offset >= s.start && this.offset < s.end).sort((x, y) => x.end - x.start - (y.end - y.start));
    return around.slice(1).map((s) => s.node);
  }

  enclosingScope(): TNode | null {
    return this.outer;
  }

  /**
   * The innermost function around a node given by its range, else the root: what walking up its
   * parents finds (a function holding the whole range is an ancestor), without the parent() calls.
   */
  scopeOfRange(start: number, end: number): TNode {
    let inner: Span | null = null;
    for (const s of this.spans) {
      if (s.start <= start && end <= s.end && (!inner || s.end - s.start < inner.end - inner.start)) inner = s;
    }
    return inner?.node ?? this.root;
  }
}
