// Text checks for rule shapes whose patterns name no word, so that the word prefilter
// (prefilter.ts) cannot rule them out: `$X = $X` matches any assignment. Each check is a superset
// of what the rule can match: when it answers no, the rule cannot match the text, and a file that
// no rule and no taint analysis can use is not parsed at all (prepare-file.ts).
import { CLOSE, classOf, GOES_ON, IDENT, OPEN, OPERATOR, QUOTE, SPACE, ident, space } from "./char-classes.ts";
import { LeftSide } from "./assignment-left-side.ts";

/** Words that continue an expression on the next line (`a\n  in b`, `a\n  if c else d`). */
const continuing = new Set(["in", "instanceof", "as", "satisfies", "and", "or", "not", "is", "if", "else"]);

/**
 * Whether the text may hold an assignment of an expression to itself (`x = x`, `a.b[i] = a.b[i]`):
 * an `=` that is no part of another operator, whose right-hand side, up to a place where that
 * expression can end, is the end of its left-hand side, white space aside. A syntax tree compares
 * the two sides token by token, so equal sides are equal texts once white space is removed. A
 * comment next to the `=`, an `=` starting a line, or more scanning than the text's size warrants
 * answers yes.
 */
export function maySelfAssign(text: string, steps = 8 * text.length + 65_536): boolean {
  // Both sides are read only as far as the other goes, but hostile text could still make them run
  // long at every `=`: past a number of steps proportional to the text, the answer is yes.
  const budget = { left: steps };
  for (let p = text.indexOf("="); p >= 0; p = text.indexOf("=", p + 1)) {
    const after = text.charCodeAt(p + 1);
    if (after === 61 || after === 62) continue; // `==`, `=>`
    const before = text.charCodeAt(p - 1);
    if (classOf(before) & OPERATOR) {
      if (before === 47 && text.charCodeAt(p - 2) === 42) return true; // `*/=`
      continue;
    }
    if (selfAssignAt(text, p, budget)) return true;
  }
  return false;
}

/** For the `=` at `p`: true when the two sides may be equal (or a comment makes it unclear). */
function selfAssignAt(text: string, p: number, budget: { left: number }): boolean {
  // The left side's last character: across a line break or right after a comment, it is unclear.
  let i = p - 1;
  while (i >= 0 && space(text.charCodeAt(i))) {
    if (text.charCodeAt(i) === 10) return true;
    i--;
  }
  if (i < 0) return false;
  if (text.charCodeAt(i) === 47 && text.charCodeAt(i - 1) === 42) return true;
  let j = p + 1;
  while (j < text.length && space(text.charCodeAt(j))) j++;
  // A block comment before the value (`x = /* @__PURE__ */ f()`, as compilers emit) is passed over
  // like white space, as the rules' matching passes over comments; its length counts against the budget.
  while (text.charCodeAt(j) === 47 && text.charCodeAt(j + 1) === 42) {
    const close = text.indexOf("*/", j + 2);
    if (close < 0 || (budget.left -= close - j) < 0) return true;
    j = close + 2;
    while (j < text.length && space(text.charCodeAt(j))) j++;
  }
  if (j >= text.length) return false;
  const first = text.charCodeAt(j);
  // A line comment before the value; a regex literal (`/.../`) is no assignable expression.
  if (first === 47) return text.charCodeAt(j + 1) === 47;
  if (first === 35) return true;
  // The right side, white space left out, as long as the left side is (read along with it); it
  // can equal a tail of the left side only where it ends in the left side's last character.
  const left = new LeftSide(text, i, budget);
  const last = text.charCodeAt(i);
  const right: number[] = [];
  let depth = 0;
  for (let q = j; q < text.length; q++) {
    if (--budget.left < 0 || !left.grow(right.length + 1)) return true;
    if (left.chars.length <= right.length) return false;
    const c = text.charCodeAt(q);
    const cls = classOf(c);
    if (cls & SPACE) {
      if (c === 10 && depth === 0 && endsAtLineBreak(text, q, right)) return false;
      continue;
    }
    if (cls & QUOTE) {
      // A string goes into the comparison whole; its brackets and semicolons are text.
      let e = q + 1;
      while (e < text.length && text.charCodeAt(e) !== c) e += text.charCodeAt(e) === 92 ? 2 : 1;
      budget.left -= e - q;
      for (let k = q; k <= e && k < text.length; k++) if (!space(text.charCodeAt(k))) right.push(text.charCodeAt(k));
      q = e;
    } else if (cls & CLOSE) {
      if (depth === 0) return false; // closes a bracket the assignment sits in
      depth--;
      right.push(c);
    } else {
      if (cls & OPEN) depth++;
      right.push(c);
    }
    if (depth === 0) {
      const k = right.length;
      if (right[k - 1] === last && canEndAfter(text, q)) {
        if (!left.grow(k)) return true;
        if (k <= left.chars.length && sidesEqual(right, left.chars) && left.startsAt(k - 1)) return true;
      }
      if (c === 59) return false; // `;`
    }
  }
  return false;
}

/** Whether an expression can end right after `q`: not inside a word, and the next character on the line does not extend it. */
function canEndAfter(text: string, q: number): boolean {
  if (ident(text.charCodeAt(q)) && ident(text.charCodeAt(q + 1))) return false;
  let k = q + 1;
  while (k < text.length && (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 9 || text.charCodeAt(k) === 13)) k++;
  return k >= text.length || !(classOf(text.charCodeAt(k)) & GOES_ON);
}

/** The right side so far equals the left side's last as many characters (`left` is last first). */
function sidesEqual(right: number[], left: number[]): boolean {
  const k = right.length;
  for (let m = 0; m < k; m++) if (left[k - 1 - m] !== right[m]) return false;
  return true;
}

/**
 * Whether the statement surely ended at the line break at `q` (outside brackets): the line ends in
 * a word, a literal or a closing bracket and the next line starts a word that continues nothing.
 * Anything else may continue the expression, and the scan goes on.
 */
function endsAtLineBreak(text: string, q: number, right: number[]): boolean {
  const last = right[right.length - 1];
  if (last === undefined || !(classOf(last) & (IDENT | CLOSE | QUOTE))) return false;
  let k = q + 1;
  while (k < text.length && space(text.charCodeAt(k))) k++;
  if (k >= text.length) return true;
  if (!ident(text.charCodeAt(k))) return false;
  let e = k;
  while (e < text.length && ident(text.charCodeAt(e))) e++;
  return !continuing.has(text.slice(k, e));
}
