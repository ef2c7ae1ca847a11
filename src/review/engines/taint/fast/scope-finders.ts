// The innermost function around an offset of a file (the scope a candidate sink is analysed in), and the
// ones enclosing it, by a scan of the file's listed functions.
import type { TNode } from "../syntax/node.ts";
import type { Span } from "./function-spans.ts";

/**
 * The innermost function around a candidate sink and the ones enclosing it: the file's functions are
 * listed once (fast/function-spans.ts), then each offset is a scan in JS.
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
