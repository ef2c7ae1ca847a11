// A syntax node as the taint analysis sees it: a thin JS wrapper over an ast-grep node that asks the
// native side at most once per question. Every napi call costs 0.5 to 5 µs (kind() alone builds a
// new string each time) and the analysis asks the same node the same thing many times: named()
// reads a child's kind, then evaluating that child reads it again; loops are walked twice; calls,
// guards and constants read the same fields. Children come back as wrappers kept on their parent,
// so a second walk over a subtree makes no native call at all.
//
// Identity is as before: a node reached by two paths (a field and the child list) is two objects.
//
// A file matched on a tree joined with others (fast/packed.ts) is analysed on that tree: its
// nodes carry a shift so that ranges read as in the file's own tree (fast/joined-window.ts).
import type { NapiConfig, Pos, Range, SgNode } from "@ast-grep/napi";

type Matcher = string | number | NapiConfig;

/** Where a file starts in a joined tree: UTF-16 offset and line (files start at line starts). */
export interface Shift {
  index: number;
  line: number;
}

const shiftPos = (p: Pos, s: Shift): Pos => ({ line: p.line - s.line, column: p.column, index: p.index - s.index });
const shifted = (r: Range, s: Shift | null): Range => (s ? { start: shiftPos(r.start, s), end: shiftPos(r.end, s) } : r);

export class TNode {
  readonly raw: SgNode;
  private k: string | undefined;
  private t: string | undefined;
  private i: number | undefined;
  private r: Range | undefined;
  private kids: TNode[] | undefined;
  private namedKids: TNode[] | undefined;
  private namedNoComments: TNode[] | undefined;
  private fields: Map<string, TNode | null> | undefined;
  private up: TNode | null | undefined;
  /** A file's window of a joined tree (window()): its children are the file's, not the raw node's. */
  private windowed = false;
  readonly shift: Shift | null;

  /** `range`: the node's range in its tree when the caller has read it already. */
  constructor(raw: SgNode, shift: Shift | null = null, range?: Range) {
    this.raw = raw;
    this.shift = shift;
    if (range) this.r = shifted(range, shift);
  }

  /**
   * The root of one file's window of a joined tree: its top-level nodes are the file's own, its
   * range and text the file's. `kids` are the joined root's children that lie in the file.
   */
  static window(raw: SgNode, kids: { node: SgNode; range: Range }[], shift: Shift, source: string): TNode {
    const root = new TNode(raw, shift);
    root.kids = kids.map((k) => new TNode(k.node, shift, k.range));
    root.windowed = true;
    root.t = source;
    let lines = 0;
    for (let i = source.indexOf("\n"); i >= 0; i = source.indexOf("\n", i + 1)) lines++;
    const column = source.length - source.lastIndexOf("\n") - 1;
    root.r = { start: { line: 0, column: 0, index: 0 }, end: { line: lines, column, index: source.length } };
    return root;
  }

  kind(): string {
    return (this.k ??= this.raw.kind() as string);
  }

  text(): string {
    return (this.t ??= this.raw.text());
  }

  id(): number {
    return (this.i ??= this.raw.id());
  }

  range(): Range {
    return (this.r ??= shifted(this.raw.range(), this.shift));
  }

  isNamed(): boolean {
    return this.raw.isNamed();
  }

  children(): TNode[] {
    return (this.kids ??= this.wrap(this.raw.children()));
  }

  namedChildren(): TNode[] {
    return (this.namedKids ??= this.windowed ? this.kids!.filter((k) => k.isNamed()) : this.wrap(this.raw.namedChildren()));
  }

  /** named() when it was read already, else undefined (asks the native side nothing). */
  namedIfRead(): TNode[] | undefined {
    return this.namedNoComments;
  }

  /** Named children other than comments (the list the analysis walks); shared, not to be modified. */
  named(): TNode[] {
    return (this.namedNoComments ??= this.namedChildren().filter((c) => c.kind() !== "comment"));
  }

  field(name: string): TNode | null {
    this.fields ??= new Map();
    let f = this.fields.get(name);
    if (f === undefined) {
      const raw = this.raw.field(name as never) as SgNode | null;
      f = raw ? new TNode(raw, this.shift) : null;
      this.fields.set(name, f);
    }
    return f;
  }

  parent(): TNode | null {
    if (this.up === undefined) {
      const p = this.raw.parent();
      this.up = p ? new TNode(p, this.shift) : null;
    }
    return this.up;
  }

  find(m: Matcher): TNode | null {
    if (this.windowed) return this.findAll(m)[0] ?? null;
    const n = this.raw.find(m as NapiConfig);
    return n ? new TNode(n, this.shift) : null;
  }

  /** Of a window's root, the matches in the file's part of the joined tree only. */
  findAll(m: Matcher): TNode[] {
    const all = this.wrap(this.raw.findAll(m as NapiConfig));
    if (!this.windowed) return all;
    const end = this.range().end.index;
    return all.filter((n) => {
      const r = n.range();
      return r.start.index >= 0 && r.end.index <= end;
    });
  }

  /** The whole tree's root (of a joined tree, all files'): callers of a window pass its root instead. */
  getRoot(): { root(): TNode } {
    const raw = this.raw;
    return { root: () => new TNode(raw.getRoot().root()) };
  }

  private wrap(nodes: SgNode[]): TNode[] {
    const s = this.shift;
    return s ? nodes.map((n) => new TNode(n, s)) : nodes.map(wrap);
  }
}

function wrap(n: SgNode): TNode {
  return new TNode(n);
}
