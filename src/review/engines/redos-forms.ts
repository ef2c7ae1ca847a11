// Forms of a pattern recheck's automaton judges in its place (redos.ts): one search's worth of a global pattern's
// alternatives, and a back-reference read as its group's own pattern.
import { splitTop } from "../fast/regex-need.ts";

/**
 * Under the `g` flag (`s.replace(/^\s*|\s*$/g, "")`) a search runs from every position, and each top-level alternative
 * is tried there: one anchored at the start that matched at once does not spare the others their scans. recheck
 * judges a single search, where `^\s*` always matches at once; each alternative is judged on its own instead, the
 * worst verdict counting. Null when the flags have no `g` or the pattern no top-level `|`.
 */
export function globalAlternatives(source: string, flags: string): string[] | null {
  if (!flags.includes("g")) return null;
  const alts = splitTop(source);
  return alts && alts.length > 1 ? alts : null;
}

/**
 * The pattern with each numbered back-reference (`\1`) replaced by its group's own pattern, which accepts every text
 * the reference can (and more): recheck's automaton checker reads no back-reference ("unsupported"), and the nested
 * quantifier before one (`<([a-z]+)([^<]+)*…<\/\1>`) is what makes the pattern exponential. Unchanged without any.
 */
export function withoutBackrefs(source: string): string {
  if (!/\\[1-9]/.test(source)) return source;
  // Each capturing group's start, and its body once its `)` is met (in the order the groups open: their numbers).
  const starts: number[] = [];
  const bodies: (string | undefined)[] = [];
  const open: number[] = [];
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === "\\") i++;
    else if (inClass) inClass = c !== "]";
    else if (c === "[") inClass = true;
    else if (c === "(") {
      // A capturing group: `(` alone or a named one (`(?<name>`), not `(?:`, `(?=`, `(?<=`.
      const capturing = source[i + 1] !== "?" || /^\(\?<[A-Za-z_]/.test(source.slice(i));
      open.push(capturing ? starts.push(i) - 1 : -1);
    } else if (c === ")") {
      const g = open.pop();
      if (g !== undefined && g >= 0) {
        const head = /^\((?:\?<[A-Za-z_]\w*>)?/.exec(source.slice(starts[g]!))![0].length;
        bodies[g] = source.slice(starts[g]! + head, i);
      }
    }
  }
  return source.replace(/(\\\\)|\\([1-9])/g, (m, escaped: string | undefined, n: string | undefined) => {
    if (escaped) return m;
    const body = bodies[Number(n) - 1];
    return body !== undefined ? `(?:${body})` : m;
  });
}
