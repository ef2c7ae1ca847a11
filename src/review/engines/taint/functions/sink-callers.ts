// Which functions call a function holding a candidate sink: `runQuery(conn, param)` in a handler
// reaches the sink inside `runQuery` through its summary (evaluators/function-summaries.ts), so the handler must be
// analysed and its call counted as a point where something can be reported (fast/relevance.ts).
import type { Span } from "../fast/function-spans.ts";
import { defName } from "./file-defs.ts";
import { innermostSweep } from "../fast/function-spans.ts";
import { escapeRegExp as esc } from "../../../text.ts";

/** Callers of callers: as deep as summaries go from the handler. */
const rounds = 2;

/** Functions (spans) calling, by name, one of `targets` (directly or through one more function), and the calls' offsets. */
export function callersOf(source: string, fileFuncs: () => Span[], targets: Span[]): { scopes: Span[]; points: number[] } {
  const scopes: Span[] = [];
  const points: number[] = [];
  const seen = new Set<Span>(targets);
  const nameCache = new Map<Span, string>();
  const nameOf = (s: Span): string => {
    let n = nameCache.get(s);
    if (n === undefined) nameCache.set(s, (n = defName(s.node, source)));
    return n;
  };
  // A name written once is only its definition: no call to look for (most files end here).
  const twice = (n: string): boolean => n.length > 1 && source.indexOf(n, source.indexOf(n) + n.length) >= 0;
  let names = new Set(targets.map(nameOf).filter(twice));
  const funcs = names.size ? fileFuncs() : [];
  for (let round = 0; round < rounds && names.size; round++) {
    const re = new RegExp(`(?<![\\w$])(${[...names].map(esc).join("|")})\\s*\\(`, "g");
    const next = new Set<string>();
    const around = innermostSweep(funcs);
    for (let m = re.exec(source); m; m = re.exec(source)) {
      const inner = around(m.index);
      // A call at the top level, the definition's own name or a recursive call: nothing to add.
      if (!inner || nameOf(inner) === m[1]) continue;
      points.push(m.index);
      // A callback (`names.some((n) => isExec(n))`) is walked in place from the function that passes it: that
      // one's parameters are what reaches the helper.
      for (let s: Span | undefined = inner; s && !seen.has(s); s = s.node.parent()?.kind() === "arguments" ? enclosing(funcs, s) : undefined) {
        seen.add(s);
        scopes.push(s);
        const n = nameOf(s);
        if (twice(n)) next.add(n);
      }
    }
    names = next;
  }
  return { scopes, points };
}

/** The innermost of `funcs` holding `inner` (itself excluded). */
function enclosing(funcs: Span[], inner: Span): Span | undefined {
  let best: Span | undefined;
  for (const f of funcs) if (f !== inner && f.start <= inner.start && f.end >= inner.end && (!best || f.start >= best.start)) best = f;
  return best;
}
