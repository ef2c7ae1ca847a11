// A call into another file, applied (driver/cross-file-context.ts finds the callee): the callee is summarised over
// its own file's tree and rules with the tainted argument or receiver, its value comes back with
// the argument's flow plus the call (lines of another file never enter a flow), and a sink reached
// inside it is reported at the call, naming where it is.
import type { TNode } from "../syntax/node.ts";
import type { Analyzer } from "../driver/analyzer.ts";
import type { Callee } from "./calls.ts";
import { named } from "../syntax/syntax-types.ts";
import type { Taint, Value } from "../model/state.ts";
import { worse } from "../model/state.ts";
import { bindArgs, maxDepth, recordCalleeHit, summarize } from "./function-summaries.ts";
import type { Ctx } from "./function-summaries.ts";

/** A Java class's field names: inside its methods they read the receiver. */
function fieldNames(cls: TNode | null): string[] {
  const out: string[] = [];
  for (const c of named(cls?.field("body") ?? null)) {
    if (c.kind() !== "field_declaration") continue;
    for (const d of named(c)) if (d.kind() === "variable_declarator") out.push(d.field("name")?.text() ?? "");
  }
  return out;
}

/**
 * The value of a call into another file, after reporting the sinks its tainted arguments or
 * receiver reach there; undefined when it stays an unknown call (its names are then recorded).
 */
export function applyExternal(a: Analyzer, call: TNode, callee: Callee, all: TNode[], vals: Map<TNode, Value>, recvT: Value): Value | undefined {
  // Another file's tree may hold shapes its own analysis never met: a failure here costs only this call.
  try {
    return external(a, call, callee, all, vals, recvT);
  } catch {
    return undefined;
  }
}

function external(a: Analyzer, call: TNode, callee: Callee, all: TNode[], vals: Map<TNode, Value>, recvT: Value): Value | undefined {
  const ctx = a.summaries as Ctx | null;
  const ext = ctx?.shared.ext;
  if (!ext || ctx.depth >= maxDepth) return undefined;
  const targets = ext.targets(a, callee);
  const argc = all.filter((c) => c.kind() !== "keyword_argument").length;
  for (const t of targets) {
    const found = ext.lookup(t, argc);
    if (!found) continue;
    const { shared, def, file } = found;
    const bound = bindArgs(def, all, vals);
    if (!bound) return undefined;
    let fields: string[] = [];
    if (recvT && def.skip === 1) bound.push([0, recvT]);
    else if (recvT && t.cls && !def.skip) {
      fields = fieldNames(def.owner);
      bound.push([-1, recvT]);
    }
    // Named as declared: a barrel may pass it on under another name (`export { archive as pack }`).
    const label = `${t.cls ? `${t.cls}.` : ""}${found.fn}`;
    let ret: Value = null;
    for (const [i, v] of bound) {
      const s = summarize(a, shared, ctx.depth, def, i, v, fields);
      if (!s) return undefined;
      const atCall = (t0: Taint): Taint => {
        const out: Taint = { mask: t0.mask, confidence: v.confidence, step: { node: call, kind: "step", sourceId: v.step.sourceId, prev: v.step } };
        if (t0.argv) out.argv = true;
        return out;
      };
      for (const h of s.hits) if (derives(h.taint, s.marker)) recordCalleeHit(a, call, h, atCall(h.taint), `reached inside \`${label}\` in ${file.path}`);
      // A value of the callee's own (a source there) starts at the call.
      if (s.ret)
        ret = worse(
          ret,
          derives(s.ret, s.marker) ? atCall(s.ret) : { ...s.ret, step: { node: call, kind: "source", sourceId: s.ret.step.sourceId, prev: null } },
        );
    }
    return ret;
  }
  for (const t of targets) ext.recorded.add(t.key);
  return undefined;
}

function derives(t: Taint, marker: Taint["step"]): boolean {
  for (let s: Taint["step"] | null = t.step; s; s = s.prev) if (s === marker) return true;
  return false;
}
