// Python URLs taken apart and put back together: `parts = list(urlsplit(url))`, `parts[3] = urlencode(query)`,
// `urlunsplit(parts)` (Django admin's preserved filters, "add these parameters to a URL" helpers). Where the scheme,
// the host and the path are the program's, the rebuilt URL leads where the program's did, whatever its query says.
// The parts' list is made in evaluators/collection-sites.ts (urlPartsList).
import type { TNode } from "../syntax/node.ts";
import type { Analyzer } from "../driver/analyzer.ts";
import type { Value } from "../model/state.ts";
import { worse } from "../model/state.ts";
import { classBit } from "../syntax/classes.ts";
import { named } from "../syntax/syntax-types.ts";
import { elemsOf } from "./collection-sites.ts";

const rebuildCall = /^(?:(?:urllib\.)?parse\.)?urlun(?:split|parse)$/;
const destinationBits = classBit("open-redirect") | classBit("ssrf");

/**
 * `urlunsplit(parts)` with parts known one by one (a list above, or a tuple written in the call): its value, safe as a
 * destination when the scheme, host and path are clean; undefined for any other call.
 */
export function rebuiltUrl(a: Analyzer, callee: string, arg: TNode): Value | undefined {
  if (a.syn.prefix !== "py" || !rebuildCall.test(callee)) return undefined;
  // Parts written in the call (`urlunsplit(("https", host, "/done", q, ""))`) are walked again one by one.
  const written = arg.kind() === "tuple" || arg.kind() === "list";
  const parts = written ? named(arg).map((n) => ({ v: a.ev(n), n })) : elemsOf(a, arg);
  if (!parts || parts.length < 5) return undefined;
  let v: Value = null;
  for (const p of parts) v = worse(v, p.v);
  if (!v || parts.slice(0, 3).some((p) => p.v)) return v;
  return { ...v, mask: v.mask | destinationBits };
}
