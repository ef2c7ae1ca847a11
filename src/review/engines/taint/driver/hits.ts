// What the walk reports: sinks reached by tainted values, once per node and class; apart from the
// Analyzer so the report and evaluators name a hit's shape without the walk's class.
import type { TNode } from "../syntax/node.ts";
import type { SinkSpec } from "../syntax/rule-specs.ts";
import type { Taint, Value } from "../model/state.ts";

/** `note`: where the sink really is when it lies in another file (driver/cross-file-context.ts). */
export interface SinkHit {
  node: TNode;
  className: string;
  taint: Taint;
  note?: string;
  /** The sink's argument is a helper's parameter as its caller passed it (model/whole-params.ts wholeChain). */
  whole?: true;
  /** The call's argument that reached the sink, where it is not the first (a copy's destination). */
  arg?: TNode;
  /** A later hit of the node and class through a flow of its own, where this one is a library function's parameter
   * as its caller gave it (`exec(command)` in an exported runner, which its caller's contract may excuse, and
   * `run("which " + name)` from another exported function, which it does not). */
  later?: SinkHit;
}
/** What the analysis saw at a call that a pattern rule flagged: the worst value passed to it. */
export interface Watch {
  taint: Value;
}

/** A value that is a function's parameter itself, with no step after it. */
const asGiven = (t: Taint): boolean => t.step.kind === "param" && !t.step.prev;

/** The hits of one analyzer, in the order reached; a node reached twice for one class is one hit. */
export class HitLog {
  readonly list: SinkHit[] = [];
  private readonly keys = new Map<string, SinkHit>();

  add(node: TNode, spec: Pick<SinkSpec, "cls" | "className">, t: Taint, note?: string, whole = false, arg?: TNode): void {
    if (t.mask & spec.cls) return;
    const key = `${node.id()}:${spec.className}`;
    const first = this.keys.get(key);
    // Only a first hit that is a parameter as its caller gave it keeps one later flow of another shape.
    if (first && (first.later || !asGiven(first.taint) || t.step.kind === "param")) return;
    const hit: SinkHit = note ? { node, className: spec.className, taint: t, note } : { node, className: spec.className, taint: t };
    if (whole) hit.whole = true;
    if (arg) hit.arg = arg;
    if (first) first.later = hit;
    else {
      this.keys.set(key, hit);
      this.list.push(hit);
    }
  }
}
