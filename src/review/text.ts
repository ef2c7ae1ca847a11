// A file's decoded text with lazy line access for locations and snippets.
import type { Location } from "./types.ts";

/** `s` as a regex matching exactly its characters. */
export const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

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
