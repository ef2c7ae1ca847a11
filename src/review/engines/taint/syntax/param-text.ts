// A text test that must pass before a function's parameters are read as sources: every parameter
// spec needs some word in the function's head (a parameter name such as `request`, a type such as
// `HttpServletRequest`, an annotation, or `@` for a decorator). Reading parameters and decorators
// from the tree costs native calls per function; most functions have no such word near their head.
import { escapeRegExp as esc } from "../../../text.ts";

interface ParamSpecText {
  names?: string[];
  after?: string[];
  types?: string[];
  annotations?: string[];
  decorators?: string[];
}

/** The longest literal word every match of a spec regex contains; null when none can be told. */
export function needleOf(re: string): string | null {
  // Optional groups may be absent: drop them (innermost first), then the escapes of punctuation.
  let s = re;
  for (let prev = ""; prev !== s; ) {
    prev = s;
    s = s.replace(/\((?:\?:)?[^()]*\)[?*]/g, "");
  }
  if (/[|[\]()]/.test(s.replace(/\\./g, ""))) return null;
  const words =
    s
      .replace(/\\[wWdDsSbB]/g, " ")
      .replace(/\\(.)/g, "$1")
      .replace(/.[?*]/g, " ")
      .match(/\w+/g) ?? [];
  const best = words.sort((a, b) => b.length - a.length)[0];
  return best && best.length >= 3 ? best : null;
}

/**
 * Needles of one spec, as regex sources: any of them appears wherever the spec matches; null when one cannot be
 * told. A name too short to be a needle of its own (Hono's `c`) is one as a whole word.
 */
function specNeedles(p: ParamSpecText): string[] | null {
  if (p.annotations?.length) return p.annotations.map(esc);
  const list = p.names?.length ? p.names : p.after?.length ? p.after : p.types?.length ? p.types : null;
  if (!list) return null;
  const out: string[] = [];
  for (const r of list) {
    const n = needleOf(r);
    if (n) out.push(esc(n));
    else if (/^[A-Za-z_$][\w$]*$/.test(r)) out.push(`(?<![\\w$])${esc(r)}(?![\\w$])`);
    else return null;
  }
  return out;
}

export interface ParamHead {
  /** Words one of which a function's head holds when a name, type or annotation spec can match. */
  words: RegExp | null;
  /** Some spec matches decorators (they stand before the function's node: asked of the tree). */
  decorators: boolean;
}

/** The head test of a language's parameter specs, or null (none, or one without a needle: no test). */
export function paramHeadTest(specs: ParamSpecText[]): ParamHead | null {
  if (!specs.length) return null;
  const all = new Set<string>();
  let decorators = false;
  for (const p of specs) {
    if (p.decorators?.length) {
      decorators = true;
      continue;
    }
    const n = specNeedles(p);
    if (!n) return null;
    for (const w of n) all.add(w);
  }
  return { words: all.size ? new RegExp([...all].join("|")) : null, decorators };
}

/** Characters of a function's head read at most. */
const maxHead = 2000;

/**
 * Where a function's head ends: the body's `{`, `=>` or (Python) `:` outside brackets, so the test
 * reads the annotations, name and parameter list but not the body, which mentions `request` often.
 */
export function headEnd(source: string, start: number, end: number): number {
  const stop = Math.min(end, start + maxHead);
  let depth = 0;
  for (let i = start; i < stop; i++) {
    const c = source.charCodeAt(i);
    if (c === 40 || c === 91)
      depth++; // ( [
    else if (c === 41 || c === 93)
      depth = Math.max(0, depth - 1); // ) ]
    else if (depth === 0 && (c === 123 || (c === 61 && source.charCodeAt(i + 1) === 62)))
      return i; // { =>
    else if (depth === 0 && c === 58 && /\s/.test(source[i + 1] ?? "\n")) return i; // Python's ':'
  }
  return stop;
}
