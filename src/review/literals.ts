// String and regex literals read from source text: what the pattern engines (ReDoS) and the taint
// analysis (a match's groups) need of a literal without a syntax tree.
const jsEscapes: Record<string, string> = { n: "\n", r: "\r", t: "\t", b: "\b", f: "\f", v: "\v", 0: "\0" };

/** The value of a JavaScript or Python string body (escapes decoded; raw Python strings as written). */
export function unescapeString(body: string, raw: boolean): string {
  if (raw) return body;
  return body.replace(/\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|[\s\S])/g, (_, e: string) => {
    if (e[0] === "u" || e[0] === "x") return e.length > 1 ? String.fromCodePoint(parseInt(e.replace(/[ux{}]/g, ""), 16)) : e;
    return jsEscapes[e] ?? e;
  });
}

/**
 * A Python string literal starting at `i` (prefix, quotes), with the literals right after it joined as Python
 * joins them (`r"[a-z]+" r"(\d+)"`; across lines when `inParens`): its value and where it ends; null if none.
 */
export function pyStringAt(src: string, i: number, inParens: boolean): { value: string; end: number } | null {
  let value = "";
  let end = -1;
  const lit = /([rRbBuUfF]{0,2})("""|'''|"|')/y;
  for (let at = i; ; ) {
    lit.lastIndex = at;
    const m = lit.exec(src);
    if (!m || /[fF]/.test(m[1]!)) break;
    const q = m[2]!;
    const raw = /r/i.test(m[1]!);
    let j = lit.lastIndex;
    for (; j < src.length && !src.startsWith(q, j); j++) {
      if (src[j] === "\\") j++;
      else if (q.length === 1 && src[j] === "\n") return null;
    }
    if (j >= src.length) return null;
    value += raw ? src.slice(lit.lastIndex, j) : pyUnescape(src.slice(lit.lastIndex, j));
    end = j + q.length;
    at = end;
    while (at < src.length && (src[at] === " " || src[at] === "\t" || (inParens && (src[at] === "\n" || src[at] === "\r")))) at++;
  }
  return end < 0 ? null : { value, end };
}

const pyEscapes: Record<string, string> = { ...jsEscapes, a: "\x07", "\\": "\\", "'": "'", '"': '"', "\n": "" };

/** A Python string body's value: its escapes decoded, a backslash before any other character kept (`"\d"` is `\d`). */
function pyUnescape(body: string): string {
  return body.replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|[\s\S])/g, (all, e: string) => {
    if (e.length > 1) return String.fromCodePoint(parseInt(e.slice(1), 16));
    return pyEscapes[e] ?? all;
  });
}

/** A JavaScript regex literal starting at `i` (`/…/flags`): its source and flags; null if none. */
export function jsRegexAt(src: string, i: number): { source: string; flags: string } | null {
  const m = /\/((?:[^/\\\n[]|\\.|\[(?:[^\]\\\n]|\\.)*\])+)\/([a-z]*)/y;
  m.lastIndex = i;
  const r = m.exec(src);
  return r ? { source: r[1]!, flags: r[2]! } : null;
}
