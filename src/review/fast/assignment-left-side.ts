// The left side of an assignment, read backwards from the `=` as far as the self-assignment check
// (text-checks.ts) asks: the characters an assignable expression ending there can span.
import { CLOSE, classOf, ident, OPEN, SPACE, space } from "./char-classes.ts";

/**
 * Outside brackets a left side holds none of these. It may hold `,` (Go's `a, b = a, b`), `!` and
 * `?` (TypeScript's `a!.b`, Kotlin's `a?.b`), `:` (`A::B`), `<`, `>` and `*` (`a->b`, `*p`).
 */
const stopsLeft = new Set([..."=;+|&^%~/"].map((c) => c.charCodeAt(0)));

/** Whether the word ending at `end` is `word`. */
function wordBefore(text: string, end: number, word: string): boolean {
  const start = end - word.length + 1;
  return start >= 0 && text.startsWith(word, start) && !ident(text.charCodeAt(start - 1));
}

/**
 * The tail of the text ending at `i` that an assignment's left side can span, white space left
 * out, last character first, read backwards only as far as asked (`grow`). A left side holds none
 * of `stopsLeft` and no `-` but in `->` outside brackets, no bracket it does not close, and no two
 * words in a row (but `new A().b`), on one line or across a line break.
 */
export class LeftSide {
  readonly chars: number[] = [];
  private readonly at: number[] = [];
  private readonly text: string;
  private readonly budget: { left: number };
  private l: number;
  private depth = 0;
  private done = false;

  constructor(text: string, i: number, budget: { left: number }) {
    this.text = text;
    this.budget = budget;
    this.l = i;
  }

  /** Reads until `n` characters are known or the side cannot go on; false when the budget ran out. */
  grow(n: number): boolean {
    const { text, chars } = this;
    while (chars.length < n && !this.done) {
      if (--this.budget.left < 0) return false;
      const l = this.l--;
      if (l < 0) {
        this.done = true;
        break;
      }
      const c = text.charCodeAt(l);
      const cls = classOf(c);
      if (cls & SPACE) {
        if (this.depth === 0 && chars.length && ident(chars[chars.length - 1]!) && !ident(text.charCodeAt(l + 1))) {
          let b = l;
          while (b >= 0 && space(text.charCodeAt(b))) b--;
          if (b >= 0 && ident(text.charCodeAt(b)) && !wordBefore(text, b, "new")) this.done = true;
        }
        continue;
      }
      if (cls & CLOSE) this.depth++;
      else if (cls & OPEN) {
        if (this.depth === 0) {
          this.done = true;
          break;
        }
        this.depth--;
      } else if (this.depth === 0 && (c === 45 ? text.charCodeAt(l + 1) !== 62 : stopsLeft.has(c))) {
        this.done = true;
        break;
      }
      chars.push(c);
      this.at.push(l);
    }
    return true;
  }

  /**
   * Whether a side `m + 1` characters long may start where it would: at a word's start (`xx = x`
   * is no self-assignment) and not after a dot (in `this.x = x` the side is `this.x`).
   */
  startsAt(m: number): boolean {
    const { text } = this;
    const a = this.at[m]!;
    if (ident(this.chars[m]!) && ident(text.charCodeAt(a - 1))) return false;
    let b = a - 1;
    while (b >= 0 && space(text.charCodeAt(b))) b--;
    return text.charCodeAt(b) !== 46;
  }
}
