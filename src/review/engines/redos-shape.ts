// The shapes of pattern recheck's automaton checker judges, and the pattern it is given: it has no bound
// of its own on work, so what it may see is bounded by shape (length, counted repetitions, a
// super-linear shape) and its literals are shortened. The bounds are named in the verdict cache's keys.
/**
 * Longer patterns (URL and e-mail validators of hundreds of characters) are not judged: recheck's
 * pure-JS automaton spent over a second of CPU on each and still answered "unknown".
 */
const maxPatternChars = 160;
/**
 * Counted repetitions expand into as many automaton states: past this sum of their bounds
 * (`[a-z0-9-]{0,61}` twice is 122) a pattern is judged with its counts shrunk (shrinkCounts()).
 */
const maxRepeatCount = 30;
const counted = /\{(\d+)(?:(,)(\d*))?\}/g;
const repeatCount = (src: string): number => [...src.matchAll(counted)].reduce((n, m) => n + Number(m[3] || m[1]), 0);
/** What a count is cut to: small, and a range keeps some width (`{44,88}` → `{3,6}`). */
const smallCount = 3;

/**
 * The pattern with every count over `smallCount` cut down (`{1,63}` → `{1,4}`, `{44,88}` → `{3,6}`, `{100}` →
 * `{3}`, `{50,}` → `{3,}`), when its counts together are past what the automaton can expand. Whether matching
 * is super-linear comes from the unbounded quantifiers and how their parts overlap; a count only multiplies
 * states. So base64 bodies of integrity strings and `{0,100}` label runs no longer hide an exponential group
 * beside them. The input recheck then shows fits the cut pattern, not the original: callers drop it.
 */
export function shrinkCounts(src: string): string {
  if (repeatCount(src) <= maxRepeatCount) return src;
  let out = "";
  for (let i = 0; i < src.length; ) {
    const tok = token(src, i);
    out += tok.startsWith("{") ? cutCount(tok) : tok;
    i += tok.length;
  }
  return out;
}
const cutCount = (tok: string): string => {
  const m = /^\{(\d+)(?:(,)(\d*))?\}$/.exec(tok);
  if (!m) return tok;
  const low = Math.min(Number(m[1]), smallCount);
  return !m[2] ? `{${low}}` : m[3] === "" ? `{${low},}` : `{${low},${Math.min(Number(m[3]), low + smallCount)}}`;
};
const unboundedQuantifier = /[*+]|\{\d+,\}/g;

/**
 * Whether a pattern can be super-linear at all, on its shape: it needs an unbounded quantifier (`*`, `+`,
 * `{n,}`) and another quantifier (unbounded, or a range such as `{0,63}`), alternatives, or one quantifier
 * where a search may start at every character (no leading `^`) followed by something that can fail.
 * Anything else matches in linear time and is not worth the analyser's time.
 */
export function mayBeSuperLinear(source: string): boolean {
  // Escapes and classes are single atoms here.
  const shape = source.replace(/\\(?:[uxpPk]\{[^}]*\}|k<[^>]*>|[\s\S])|\[\^?\]?(?:\\[\s\S]|[^\]\\])*\]/g, "x");
  const n = shape.match(unboundedQuantifier)?.length ?? 0;
  if (n === 0) return false;
  // A count with a range (`{0,63}`) under or beside an unbounded quantifier can split a run as well.
  const ranges = shape.match(/\{\d+,\d+\}/g)?.length ?? 0;
  if (n + ranges > 1 || /\|[^()]*\)(?:[*+]|\{\d+,\})/.test(shape)) return true;
  if (shape.startsWith("^") && !shape.includes("|")) return false;
  // One quantifier and a search that may start anywhere: it backtracks only when something after
  // it can fail (`\s+$`, `{[^}]+}`); `/\s+/g` or `/[^a-z]+/g` succeed once they have consumed one.
  const at = shape.search(unboundedQuantifier);
  return !/^(?:\}|[*+])?\??\)*$/.test(shape.slice(at + (shape[at] === "{" ? shape.indexOf("}", at) - at : 0) + 1));
}
/** The bounds above and the checker, named in the verdict cache's keys: other bounds, other verdicts. */
export const judgeBounds = `automaton,chars<=${maxPatternChars},repeats<=${maxRepeatCount}-else-shrunk-to-${smallCount},backrefs-as-groups`;
/** Whether judgePattern would have recheck judge the pattern: otherwise its verdict is null. */
export function judgeable(source: string): boolean {
  return source.length <= maxPatternChars && /[*+{]/.test(source) && repeatCount(shrinkCounts(source)) <= maxRepeatCount && mayBeSuperLinear(source);
}
const plain = /[^\\[\](){}|^$.*+?]/;

/** The pattern's syntax unit at `i`: an escape, a class, a group's head, a count, else one character. */
function token(src: string, i: number): string {
  const c = src[i]!;
  const rest = src.slice(i);
  let m: RegExpExecArray | null = null;
  if (c === "\\") m = /^\\(?:[uxpPk]\{[^}]*\}|k<[^>]*>|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|c[A-Za-z]|[\s\S])/.exec(rest);
  else if (c === "[") m = /^\[\^?\]?(?:\\[\s\S]|[^\]\\])*\]/.exec(rest);
  else if (c === "(") m = /^\((?:\?(?:<?[=!]|:|<[^>]*>))?/.exec(rest);
  else if (c === "{") m = /^\{\d*(?:,\d*)?\}/.exec(rest);
  return m ? m[0] : c;
}

/**
 * The pattern with runs of plain characters longer than three cut to their first and last: a run
 * matches one way, so its length changes how long recheck's automaton takes (each character is
 * a state; a 20-character literal cost 250 ms), not whether matching is super-linear. Escapes,
 * classes, group heads and counted quantifiers are copied as they are.
 */
export function shortenLiterals(src: string): string {
  let out = "";
  let run = "";
  const flush = (beforeQuantifier: boolean) => {
    const keep = beforeQuantifier ? run.slice(0, -1) : run;
    out += (keep.length > 3 ? keep[0]! + keep.at(-1)! : keep) + (beforeQuantifier ? run.slice(-1) : "");
    run = "";
  };
  for (let i = 0; i < src.length; ) {
    const c = src[i]!;
    if (plain.test(c)) {
      run += c;
      i++;
      continue;
    }
    flush(/[*+?{]/.test(c) && run.length > 0);
    const tok = token(src, i);
    out += tok;
    i += tok.length;
  }
  flush(false);
  return out;
}
