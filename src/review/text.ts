// A file's decoded text with lazy line access for locations and snippets.
import type { Location } from "./types.ts";

/** `s` as a regex matching exactly its characters. */
export const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** One-line string literals, single- or double-quoted (escapes inside). */
const oneLineStrings = /(["'])(?:\\.|(?!\1)[^\\\n])*\1/g;
/** The text with each one-line string literal emptied (`""`): words in strings are no code. */
export const withoutStrings = (text: string): string => text.replace(oneLineStrings, '""');
/** The text with each one-line string literal's characters (not its quotes) turned to spaces: offsets stay. */
export const blankStrings = (text: string): string => text.replace(oneLineStrings, (m) => m[0] + " ".repeat(m.length - 2) + m[0]);

/** A character code regexes read as `[\w$]` (no `u` flag: ASCII letters, digits, `_`, and `$`). */
export const wordOrDollar = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;

/** A character code regexes read as `\s` (non-ASCII ones asked of a regex: they are rare). */
export const regexSpace = (c: number): boolean => c === 32 || (c >= 9 && c <= 13) || (c > 127 && /\s/.test(String.fromCharCode(c)));

const maxSnippetLines = 5;
const maxSnippetLineChars = 240;

export class FileText {
  readonly source: string;
  private lines: string[] | null = null;

  constructor(source: string) {
    this.source = source;
  }

  line(n: number): string {
    this.lines ??= this.source.split("\n");
    return this.lines[n - 1] ?? "";
  }

  /** The lines of a range, each cut to a readable length. */
  snippet(startLine: number, endLine: number): string {
    const out: string[] = [];
    const last = Math.min(endLine, startLine + maxSnippetLines - 1);
    for (let l = startLine; l <= last; l++) {
      const t = this.line(l).replace(/\r$/, "");
      out.push(t.length > maxSnippetLineChars ? `${t.slice(0, maxSnippetLineChars)}…` : t);
    }
    return out.join("\n");
  }

  /** A location from 0-based parser positions (end column exclusive). */
  location(path: string, l0: number, c0: number, l1: number, c1: number): Location {
    return {
      path,
      startLine: l0 + 1,
      startColumn: c0 + 1,
      endLine: l1 + 1,
      endColumn: c1 + 1,
      snippet: this.snippet(l0 + 1, l1 + 1),
    };
  }
}

/**
 * A regex for ast-grep's native side (Rust's regex crate) with ASCII word classes: `\w`, `\d` and `\b` there are
 * Unicode by default, and `[\w$]*` alone compiles to an automaton of thousands of states, about 1 ms on every
 * findAll that carries it (a rule is compiled per call). ASCII is also what these classes mean in the
 * JavaScript regexes the engine's own text checks use. `\s` stays as written (cheap, and Unicode in both).
 */
export function nativeRegex(re: string): string {
  let out = "";
  let inClass = false;
  for (let i = 0; i < re.length; i++) {
    const c = re[i]!;
    if (c === "\\" && i + 1 < re.length) {
      const n = re[++i]!;
      // A class of its own even inside a class: Rust's classes nest (`[[0-9A-Za-z_]$]`).
      if (n === "w" || n === "d") out += n === "w" ? "[0-9A-Za-z_]" : "[0-9]";
      else if (!inClass && (n === "W" || n === "D")) out += `[^${n === "W" ? "0-9A-Za-z_" : "0-9"}]`;
      else if (!inClass && (n === "b" || n === "B")) out += `(?-u:\\${n})`;
      else out += `\\${n}`;
      continue;
    }
    if (c === "[" && !inClass) {
      inClass = true;
      out += c;
      // `[^]…]` and `[]…]`: a leading `]` is a literal.
      if (re[i + 1] === "^") out += re[++i];
      if (re[i + 1] === "]") out += re[++i];
      continue;
    }
    if (c === "]") inClass = false;
    out += c;
  }
  return out;
}

/** An ast-grep rule object (or config) with every `regex` written by nativeRegex. */
export function nativeRegexes<T>(rule: T): T {
  if (Array.isArray(rule)) return rule.map(nativeRegexes) as T;
  if (!rule || typeof rule !== "object") return rule;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(rule)) out[k] = k === "regex" && typeof v === "string" ? nativeRegex(v) : nativeRegexes(v);
  return out as T;
}
