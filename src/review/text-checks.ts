// Text checks for rule shapes whose patterns name no word, so that the word prefilter
// (prefilter.ts) cannot rule them out: `$X = $X` matches any assignment. Each check is a superset
// of what the rule can match: when it answers no, the rule cannot match the text, and a file that
// no rule and no taint analysis can use is not parsed at all (analyze-file.ts).

/** Identifier characters, `$` included; any non-ASCII character counts as one (a doubt keeps it). */
const ident = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36 || c >= 0x80;
const space = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13 || c === 11 || c === 12;
const codes = (s: string): Set<number> => new Set([...s].map((c) => c.charCodeAt(0)));
/** An `=` right after one of these is another operator: `==`, `!=`, `<=`, `+=`, `:=`, `??=` ... */
const operatorBefore = codes("=!<>+-*/%&|^:?");
/** After one of these the expression before it goes on (`a.b`, `a[i]`, `a(x)`, `a + b`, `` a`t` ``). */
const goesOn = codes("([.`+-*%&|^<>=!?~");
const opening = codes("([{");
const closing = codes(")]}");
const quotes = codes("\"'`");
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
export function maySelfAssign(text: string): boolean {
  // Hostile text (`a=(a=(a=(...`) could make every right-hand side run to the end: past a budget
  // proportional to the text, the answer is yes.
  const budget = { left: 8 * text.length + 65_536 };
  for (let p = text.indexOf("="); p >= 0; p = text.indexOf("=", p + 1)) {
    const after = text.charCodeAt(p + 1);
    if (after === 61 || after === 62) continue; // `==`, `=>`
    const before = text.charCodeAt(p - 1);
    if (operatorBefore.has(before)) {
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
  // The left side's characters, last first, white space left out, and where each stands.
  const left: number[] = [];
  const at: number[] = [];
  let l = i;
  const leftAt = (m: number): number => {
    while (left.length <= m && l >= 0) {
      const c = text.charCodeAt(l);
      if (!space(c)) {
        left.push(c);
        at.push(l);
      }
      l--;
    }
    return m < left.length ? left[m]! : -1;
  };
  // The left side starts at a word's start, not inside it (`xx = x`), and not after a dot: in
  // `this.x = x` the side is `this.x`.
  const startsSide = (m: number): boolean => {
    if (ident(left[m]!) && ident(text.charCodeAt(at[m]! - 1))) return false;
    let b = at[m]! - 1;
    while (b >= 0 && space(text.charCodeAt(b))) b--;
    return text.charCodeAt(b) !== 46;
  };
  let j = p + 1;
  while (j < text.length && space(text.charCodeAt(j))) j++;
  if (j >= text.length) return false;
  const first = text.charCodeAt(j);
  // A comment before the value; a regex literal (`/.../`) is no assignable expression.
  if (first === 47) return text.charCodeAt(j + 1) === 47 || text.charCodeAt(j + 1) === 42;
  if (first === 35) return true;
  const right: number[] = [];
  let depth = 0;
  for (let q = j; q < text.length; q++) {
    if (--budget.left < 0) return true;
    const c = text.charCodeAt(q);
    if (space(c)) {
      if (c === 10 && depth === 0 && endsAtLineBreak(text, q, right)) return false;
      continue;
    }
    if (quotes.has(c)) {
      // A string goes into the comparison whole; its brackets and semicolons are text.
      let e = q + 1;
      while (e < text.length && text.charCodeAt(e) !== c) e += text.charCodeAt(e) === 92 ? 2 : 1;
      budget.left -= e - q;
      for (let k = q; k <= e && k < text.length; k++) if (!space(text.charCodeAt(k))) right.push(text.charCodeAt(k));
      q = e;
    } else {
      if (closing.has(c) && depth === 0) return false; // closes a bracket the assignment sits in
      right.push(c);
      if (opening.has(c)) depth++;
      else if (closing.has(c)) depth--;
    }
    if (depth === 0 && canEndAfter(text, q) && sidesEqual(right, leftAt) && startsSide(right.length - 1)) return true;
    if (depth === 0 && c === 59) return false; // `;`
  }
  return false;
}

/** Whether an expression can end right after `q`: not inside a word, and the next character on the line does not extend it. */
function canEndAfter(text: string, q: number): boolean {
  if (ident(text.charCodeAt(q)) && ident(text.charCodeAt(q + 1))) return false;
  let k = q + 1;
  while (k < text.length && (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 9 || text.charCodeAt(k) === 13)) k++;
  return k >= text.length || !goesOn.has(text.charCodeAt(k));
}

/** The right side so far equals the left side's last as many characters. */
function sidesEqual(right: number[], leftAt: (m: number) => number): boolean {
  const k = right.length;
  if (leftAt(0) !== right[k - 1] || leftAt(k - 1) !== right[0]) return false;
  for (let m = 0; m < k; m++) if (leftAt(k - 1 - m) !== right[m]) return false;
  return true;
}

/**
 * Whether the statement surely ended at the line break at `q` (outside brackets): the line ends in
 * a word, a literal or a closing bracket and the next line starts a word that continues nothing.
 * Anything else may continue the expression, and the scan goes on.
 */
function endsAtLineBreak(text: string, q: number, right: number[]): boolean {
  const last = right[right.length - 1];
  if (last === undefined || !(ident(last) || closing.has(last) || quotes.has(last))) return false;
  let k = q + 1;
  while (k < text.length && space(text.charCodeAt(k))) k++;
  if (k >= text.length) return true;
  if (!ident(text.charCodeAt(k))) return false;
  let e = k;
  while (e < text.length && ident(text.charCodeAt(e))) e++;
  return !continuing.has(text.slice(k, e));
}
