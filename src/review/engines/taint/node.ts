// A syntax node as the taint analysis sees it: a thin JS wrapper over an ast-grep node that asks the
// native side at most once per question. Every napi call costs 0.5 to 5 µs (kind() alone builds a
// new string each time) and the analysis asks the same node the same thing many times: named()
// reads a child's kind, then evaluating that child reads it again; loops are walked twice; calls,
// guards and constants read the same fields. Children come back as wrappers kept on their parent,
// so a second walk over a subtree makes no native call at all.
//
// Identity is as before: a node reached by two paths (a field and the child list) is two objects.
import type { NapiConfig, Range, SgNode } from "@ast-grep/napi";

type Matcher = string | number | NapiConfig;

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

  constructor(raw: SgNode) {
    this.raw = raw;
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
    return (this.r ??= this.raw.range());
  }

  isNamed(): boolean {
    return this.raw.isNamed();
  }

  children(): TNode[] {
    return (this.kids ??= this.raw.children().map(wrap));
  }

  namedChildren(): TNode[] {
    return (this.namedKids ??= this.raw.namedChildren().map(wrap));
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
      f = raw ? new TNode(raw) : null;
      this.fields.set(name, f);
    }
    return f;
  }

  parent(): TNode | null {
    if (this.up === undefined) {
      const p = this.raw.parent();
      this.up = p ? new TNode(p) : null;
    }
    return this.up;
  }

  find(m: Matcher): TNode | null {
    const n = this.raw.find(m as NapiConfig);
    return n ? new TNode(n) : null;
  }

  findAll(m: Matcher): TNode[] {
    return this.raw.findAll(m as NapiConfig).map(wrap);
  }

  getRoot(): { root(): TNode } {
    const raw = this.raw;
    return { root: () => new TNode(raw.getRoot().root()) };
  }
}

function wrap(n: SgNode): TNode {
  return new TNode(n);
}
