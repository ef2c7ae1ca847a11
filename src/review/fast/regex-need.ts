// What a regular expression requires of the text it matches: its literal parts (prefilter.ts
// derives a rule's requirement from its patterns and regexes; this is the regex half).
import type { Need } from "./need.ts";
import { best } from "./need.ts";

const special = new Set([..."\\^$.|?*+()[]{}"]);

/**
 * Literal parts of a regex the matched text must contain, as lower-case substrings: runs of plain
 * characters and groups of plain alternatives (`(a|b)`). Anything else only ends a run.
 */
export function regexNeed(src: string): Need {
  let re = src.replace(/^\(\?i\)/, "");
  // A top-level alternation: one clause of the branches' best terms, when every branch has one.
  const branches = splitTop(re);
  if (branches === null) return [];
  if (branches.length > 1) {
    const picks = branches.map((b) => best(regexNeed(b)));
    return picks.every((p) => p) ? [[...new Set(picks.flat() as string[])]] : [];
  }
  re = branches[0]!;
  const out: Need = [];
  // Atoms: a literal character, a group of literal alternatives, a group's own requirement, or an
  // unknown piece (null).
  const atoms: (string | string[] | { need: Need } | null)[] = [];
  for (let i = 0; i < re.length; i++) {
    const c = re[i]!;
    if (c === "\\") {
      const n = re[i + 1];
      i++;
      atoms.push(n !== undefined && !/[A-Za-z0-9]/.test(n) ? n : null);
    } else if (c === "(") {
      // The matching parenthesis, not the first one: nested groups must not end this one early.
      const close = groupEnd(re, i);
      if (close < 0) break;
      const inner = re.slice(i + 1, close);
      const body = inner.replace(/^\?:/, "");
      if (body.startsWith("?"))
        atoms.push(null); // lookaround, named group, flags: needs nothing
      else {
        const alts = body.split("|");
        atoms.push(alts.every((a) => /^[A-Za-z0-9_-]{2,}$/.test(a)) ? alts : { need: regexNeed(body) });
      }
      i = close;
    } else if (c === "[") {
      const close = re.indexOf("]", i + 2);
      atoms.push(null);
      if (close < 0) break;
      i = close;
    } else if (c === "?" || c === "*" || c === "+" || c === "{") {
      // A quantified atom may be absent or repeated: it is not a known literal.
      atoms[atoms.length - 1] = null;
      if (c === "{") {
        const close = re.indexOf("}", i);
        if (close < 0) break;
        i = close;
      }
    } else if (c === "^" || c === "$") atoms.push(null);
    else atoms.push(special.has(c) ? null : c);
  }
  let run = "";
  const endRun = () => {
    if (run.length >= 2) out.push([`t:${run.toLowerCase()}`]);
    run = "";
  };
  for (const a of atoms) {
    if (typeof a === "string") run += a;
    else {
      endRun();
      if (Array.isArray(a)) out.push(a.map((x) => `t:${x.toLowerCase()}`));
      else if (a) out.push(...a.need);
    }
  }
  endRun();
  return out;
}

/**
 * Walks `re` from `start`, skipping escapes and character classes: `visit` sees every other character with the group
 * depth after it (and its index) and stops the walk by returning true. Where it stopped (-1: at the end) and the end state.
 */
function walk(re: string, start: number, visit: (c: string, depth: number, i: number) => boolean): { at: number; depth: number; inClass: boolean } {
  let depth = 0,
    inClass = false;
  for (let i = start; i < re.length; i++) {
    const c = re[i]!;
    if (c === "\\") {
      i++;
      continue;
    }
    if (inClass) {
      if (c === "]") inClass = false;
      continue;
    }
    if (c === "[") inClass = true;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    if (visit(c, depth, i)) return { at: i, depth, inClass };
  }
  return { at: -1, depth, inClass };
}

/** Index of the `)` closing the group opened at `open`, skipping escapes and classes; -1 if none. */
function groupEnd(re: string, open: number): number {
  return walk(re, open, (c, depth) => c === ")" && depth === 0).at;
}

/** Splits a regex at top-level `|`; null when it cannot tell (unbalanced). */
export function splitTop(re: string): string[] | null {
  const out: string[] = [];
  let from = 0;
  const end = walk(re, 0, (c, depth, i) => {
    if (c === "|" && depth === 0) {
      out.push(re.slice(from, i));
      from = i + 1;
    }
    return depth < 0;
  });
  if (end.at >= 0 || end.depth !== 0 || end.inClass) return null;
  out.push(re.slice(from));
  return out;
}
