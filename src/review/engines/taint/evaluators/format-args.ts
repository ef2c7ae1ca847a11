// printf-style logging (`console.log("login for %j", user)`, Node's util.format): each conversion of a literal
// format string takes the next argument. `%j` writes JSON and `%o`/`%O` util.inspect, which escape line breaks,
// and `%d`/`%i`/`%f` a number: such an argument forges no log line, whatever it holds.
import type { TNode } from "../syntax/node.ts";

const conversion = /%([sdifjoOc%])/g;

/** The arguments a literal format string (the first) binds to one of `safe`'s conversions. */
export function safelyFormatted(positional: TNode[], safe: ReadonlySet<string>): Set<TNode> | null {
  const first = positional[0];
  if (!safe.size || first?.kind() !== "string") return null;
  const out = new Set<TNode>();
  let next = 1;
  for (const m of first.text().matchAll(conversion)) {
    if (m[1] === "%") continue;
    const arg = positional[next++];
    if (!arg) break;
    if (safe.has(m[1]!)) out.add(arg);
  }
  return out.size ? out : null;
}
