// The characters each group of a regular expression can match (Python's `re` and JavaScript syntax,
// the common subset): a group of `[a-zA-Z]{1,8}(-[a-zA-Z]{1,8})?` holds letters and dashes whatever
// text the match ran on. Only what is sure is said: a negated class, `.`, `\W` or a Unicode property
// admit any character, and a back-reference or an unknown construct gives no answer at all.

/** A set of characters: ASCII ones by code, any other only as "some beyond ASCII", or every character. */
export class Charset {
  readonly bits = new Uint32Array(4);
  any = false;
  nonAscii = false;

  add(code: number): void {
    if (code < 128) this.bits[code >> 5]! |= 1 << (code & 31);
    else this.nonAscii = true;
  }

  addRange(from: number, to: number): void {
    for (let c = from; c <= Math.min(to, 127); c++) this.add(c);
    if (to >= 128) this.nonAscii = true;
  }

  union(o: Charset): void {
    for (let i = 0; i < 4; i++) this.bits[i]! |= o.bits[i]!;
    this.any ||= o.any;
    this.nonAscii ||= o.nonAscii;
  }

  has(code: number): boolean {
    return this.any || (code < 128 ? (this.bits[code >> 5]! & (1 << (code & 31))) !== 0 : this.nonAscii);
  }
}

/** Each capturing group's characters (index 0: the whole match) and the groups' names. */
export interface PatternGroups {
  groups: Charset[];
  names: Map<string, number>;
}

const digits = (s: Charset) => s.addRange(48, 57);
const word = (s: Charset) => {
  s.addRange(65, 90);
  s.addRange(97, 122);
  digits(s);
  s.add(95);
  s.nonAscii = true;
};
const spaces = (s: Charset) => {
  for (const c of " \t\n\r\f\v") s.add(c.charCodeAt(0));
  s.nonAscii = true;
};
const controls: Record<string, number> = { n: 10, t: 9, r: 13, f: 12, v: 11, a: 7, e: 27 };

/** One escape at `p[i]` (after the backslash): its characters, "anchor" for one that matches none, or null (unknown). */
function escapeAt(p: string, i: number, inClass: boolean): { set: Charset | "anchor"; end: number } | null {
  const c = p[i];
  if (c === undefined) return null;
  const s = new Charset();
  if (c === "d") digits(s);
  else if (c === "w") word(s);
  else if (c === "s") spaces(s);
  else if ("DWSpP".includes(c)) s.any = true;
  else if (!inClass && "bBAZzG".includes(c)) return { set: "anchor", end: i + 1 };
  else if (inClass && c === "b") s.add(8);
  else if (/[0-9]/.test(c) || c === "k" || c === "N") return null;
  else if (controls[c] !== undefined) s.add(controls[c]!);
  else if (c === "x" || c === "u") {
    const hex = /^[0-9a-fA-F]+/.exec(p.slice(i + 1, i + (c === "x" ? 3 : 5)))?.[0];
    if (!hex || hex.length !== (c === "x" ? 2 : 4)) return null;
    s.add(Number.parseInt(hex, 16));
    return { set: s, end: i + 1 + hex.length };
  } else s.add(c.charCodeAt(0));
  return { set: s, end: i + 1 };
}

/** A class `[…]` starting at `p[i]`: its characters (a negated one: any) and the index after it, or null. */
function charClass(p: string, i: number): { set: Charset; end: number } | null {
  const s = new Charset();
  let j = i + 1;
  if (p[j] === "^") {
    s.any = true;
    j++;
  }
  let first = true;
  let prev: number | null = null;
  for (; j < p.length; first = false) {
    const c = p[j]!;
    if (c === "]" && !first) return { set: s, end: j + 1 };
    let code: number | null;
    if (c === "\\") {
      const e = escapeAt(p, j + 1, true);
      if (!e || e.set === "anchor") return null;
      s.union(e.set);
      code = singleCode(e.set);
      j = e.end;
    } else {
      code = c.charCodeAt(0);
      j++;
      // A range `a-z` (a dash first, last or after a range is itself).
      if (prev !== null && c === "-" && p[j] !== "]" && j < p.length) {
        const hi = p[j] === "\\" ? escapeAt(p, j + 1, true) : { set: null, end: j + 1 };
        if (!hi) return null;
        const to = hi.set === null ? p.charCodeAt(j) : hi.set !== "anchor" ? singleCode(hi.set) : null;
        if (to === null || to < prev) return null;
        s.addRange(prev, to);
        j = hi.end;
        prev = null;
        continue;
      }
      s.add(code);
    }
    prev = code;
  }
  return null;
}

/** The one character a set holds, else null. */
function singleCode(s: Charset): number | null {
  if (s.any || s.nonAscii) return null;
  let found: number | null = null;
  for (let c = 0; c < 128; c++) {
    if (!s.has(c)) continue;
    if (found !== null) return null;
    found = c;
  }
  return found;
}

interface Frame {
  set: Charset;
  /** The group's number; -1 for a group that captures nothing. */
  capture: number;
  /** A lookaround: what it matches is no part of the text matched around it. */
  discard: boolean;
}

/** The groups of `pattern`; null when a construct it holds is not understood. */
export function patternGroups(pattern: string, flags: { verbose?: boolean; ignoreCase?: boolean } = {}): PatternGroups | null {
  let verbose = !!flags.verbose;
  let ignoreCase = !!flags.ignoreCase;
  const groups: Charset[] = [new Charset()];
  const names = new Map<string, number>();
  const stack: Frame[] = [{ set: groups[0]!, capture: 0, discard: false }];
  const top = () => stack[stack.length - 1]!;
  const literal = (code: number) => {
    top().set.add(code);
    const ch = String.fromCharCode(code);
    if (ignoreCase && ch.toLowerCase() !== ch.toUpperCase()) for (const o of [ch.toLowerCase(), ch.toUpperCase()]) top().set.add(o.charCodeAt(0));
  };
  for (let i = 0; i < pattern.length; ) {
    const c = pattern[i]!;
    if (verbose && /\s/.test(c)) i++;
    else if (verbose && c === "#") i = pattern.includes("\n", i) ? pattern.indexOf("\n", i) + 1 : pattern.length;
    else if (c === "\\") {
      const e = escapeAt(pattern, i + 1, false);
      if (!e) return null;
      if (e.set !== "anchor") top().set.union(e.set);
      i = e.end;
    } else if (c === "[") {
      const k = charClass(pattern, i);
      if (!k) return null;
      if (ignoreCase) for (let x = 65; x <= 90; x++) if (k.set.has(x) || k.set.has(x + 32)) k.set.add(x), k.set.add(x + 32);
      top().set.union(k.set);
      i = k.end;
    } else if (c === "(") {
      const rest = pattern.slice(i, i + 4);
      const flagGroup = /^\(\?([aiLmsux]+)(\)|:)/.exec(pattern.slice(i, i + 12));
      const named = /^\(\?P?<([A-Za-z_]\w*)>/.exec(pattern.slice(i, i + 40));
      if (flagGroup) {
        verbose ||= flagGroup[1]!.includes("x");
        ignoreCase ||= flagGroup[1]!.includes("i");
        i += flagGroup[0].length;
        if (flagGroup[2] === ":") stack.push({ set: new Charset(), capture: -1, discard: false });
      } else if (named) {
        names.set(named[1]!, groups.length);
        stack.push({ set: new Charset(), capture: groups.length, discard: false });
        groups.push(stack[stack.length - 1]!.set);
        i += named[0].length;
      } else if (rest.startsWith("(?:") || rest.startsWith("(?>")) {
        stack.push({ set: new Charset(), capture: -1, discard: false });
        i += 3;
      } else if (/^\(\?(?:=|!|<=|<!)/.test(rest)) {
        stack.push({ set: new Charset(), capture: -1, discard: true });
        i += rest[2] === "<" ? 4 : 3;
      } else if (rest.startsWith("(?")) return null;
      else {
        stack.push({ set: new Charset(), capture: groups.length, discard: false });
        groups.push(top().set);
        i++;
      }
    } else if (c === ")") {
      const f = stack.pop();
      if (!f || !stack.length) return null;
      if (!f.discard) top().set.union(f.set);
      i++;
    } else if (c === ".") {
      top().set.any = true;
      i++;
    } else if (c === "{" && /^\{\d*,?\d*\}/.test(pattern.slice(i, i + 12))) i = pattern.indexOf("}", i) + 1;
    else {
      if (!"^$|*+?".includes(c)) literal(c.charCodeAt(0));
      i++;
    }
  }
  return stack.length === 1 ? { groups, names } : null;
}
