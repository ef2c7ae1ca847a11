// Groups of a regular expression's match: after `m = LANG_RE.match(part)`, `m.group("lang")` holds only
// what the group's pattern admits (model/regex-charsets.ts), whatever text the match ran on. A group of
// letters and dashes holds no slash, quote, shell or markup character: safe for those classes.
// Python: `m.group(…)`, `m.groups()`, `m.groupdict()`, `m[1]`, `re.findall(…)`; JavaScript: `m[1]`, `m.groups.name`.
// The match is found by its assignment's text in the scope, the pattern as a literal or a module constant.
import type { TNode } from "../syntax/node.ts";
import type { Analyzer } from "../driver/analyzer.ts";
import type { Value } from "../model/state.ts";
import { classBit } from "../syntax/classes.ts";
import { sanitizedFor } from "../model/state.ts";
import { escapeRegExp } from "../../../text.ts";
import { type Charset, patternGroups } from "../model/regex-charsets.ts";
import { jsRegexAt, pyStringAt } from "../../../literals.ts";

/** Characters that let a value do harm at a class's sinks; a group admitting none of them is safe there. */
const harmful: [string, string][] = [
  ["path-traversal", "/\\.\0%"],
  ["command-injection", " \t\n\r;&|$`\\'\"<>(){}[]*?!~#%"],
  ["argument-injection", "- \t\n\r"],
  ["sql-injection", "'\"`\\; \t\n\r-#/*()"],
  ["nosql-injection", "$'\"{}\\"],
  ["ldap-injection", "*()\\&|=!<>~\0"],
  ["xpath-injection", "'\"[]()/@=*|"],
  ["xss", "<>\"'&`:() \t\n\r"],
  ["open-redirect", "/\\:.@%"],
  ["ssrf", "/\\:.@%"],
  ["log-injection", "\n\r"],
  ["regex-injection", ".*+?()[]{}|^$\\"],
  ["code-injection", "()[]{}'\"`.;:=+ \t\n\r\\"],
];

/** The classes a value holding only the characters of every one of `sets` is safe for. */
function charsetsMask(sets: Charset[]): number {
  let mask = 0;
  for (const [cls, bad] of harmful) if (sets.every((s) => !s.any && ![...bad].some((c) => s.has(c.charCodeAt(0))))) mask |= classBit(cls);
  return mask;
}

/** Of a tainted `v` read from the match `recv` holds, the groups `which` (null: every group), as safe as they
 * admit; undefined when `recv` holds no match the scope shows, or its pattern is not understood. */
export function matchGroupValue(a: Analyzer, recv: TNode, which: (string | number)[] | null, v: Value): Value | undefined {
  if (!v || a.syn.roles[recv.kind()] !== "ident") return undefined;
  const groups = matchGroups(a, recv);
  if (!groups) return undefined;
  const sets = which === null ? groups.groups.slice(1) : which.map((w) => groups.groups[typeof w === "number" ? w : (groups.names.get(w) ?? -1)]);
  if (!sets.length || sets.some((s) => !s)) return undefined;
  const mask = charsetsMask(sets as Charset[]);
  return mask ? sanitizedFor(v, mask) : undefined;
}

/** Python's reads of a match's groups: `m.group()`, `m.group(1)`, `m.group("lang", "q")`, `m.groups()`, `m.groupdict()`. */
export function groupCall(a: Analyzer, recv: TNode, method: string, args: TNode[], v: Value): Value | undefined {
  if (method === "groups" || method === "groupdict") return args.length ? undefined : matchGroupValue(a, recv, null, v);
  if (method !== "group") return undefined;
  const keys = args.length ? args.map((x) => groupKey(x.text())) : [0];
  return keys.every((k) => k !== null) ? matchGroupValue(a, recv, keys as (string | number)[], v) : undefined;
}

/** `re.findall(r"…", s)`: a list of what the pattern's one group (or the whole match, without one) admits; with several groups, tuples of them. */
export function findallValue(a: Analyzer, args: TNode[], v: Value): Value | undefined {
  const pattern = args[0];
  if (!v || !pattern || a.syn.prefix !== "py") return undefined;
  const lit = pyStringAt(a.source, pattern.range().start.index, true);
  if (!lit || lit.end !== pattern.range().end.index) return undefined;
  const groups = patternGroups(lit.value);
  if (!groups) return undefined;
  const mask = charsetsMask(groups.groups.length === 1 ? groups.groups : groups.groups.slice(1));
  return mask ? sanitizedFor(v, mask) : undefined;
}

/** `lang, q = m.group("lang", "q")`, `major, minor = m.groups()`: each target's own group; null for another value. */
export function unpackedGroups(a: Analyzer, call: TNode, count: number, v: Value): Value[] | null {
  if (!v || a.syn.prefix !== "py" || a.syn.roles[call.kind()] !== "call") return null;
  const fn = call.field("function");
  const recv = fn?.field("object");
  const method = fn?.field("attribute")?.text();
  if (!recv || (method !== "group" && method !== "groups")) return null;
  const args = call.field("arguments")?.named() ?? [];
  if (method === "groups" ? args.length > 0 : args.length !== count) return null;
  const keys = method === "groups" ? Array.from({ length: count }, (_, i) => i + 1) : args.map((x) => groupKey(x.text()));
  return keys.map((k) => (k === null ? v : (matchGroupValue(a, recv, [k], v) ?? v)));
}

/** A group's literal number or name (`1`, `"lang"`), else null. */
export function groupKey(text: string): string | number | null {
  if (/^\d+$/.test(text)) return Number(text);
  return /^[rRbBuU]?(["'`])([A-Za-z_]\w*)\1$/.exec(text)?.[2] ?? null;
}

/** A match made by `re.match(r"…", s)` (search, fullmatch, finditer), `re.compile(r"…").match(s)` or `NAME.match(s)`. */
const pyMatch = new RegExp(
  String.raw`^(?:(?:re|regex)\.(?:match|search|fullmatch|finditer)\(\s*|(?:re|regex)\.compile\(\s*(?=[rRbBuU]*["'])|` +
    String.raw`([A-Za-z_]\w*)\.(?:match|search|fullmatch|finditer)\()`,
);
const jsMatch = /^(?:([A-Za-z_$][\w$]*)\.exec\(|(?=\/)|[\w$.]+\.match\(\s*(?:([A-Za-z_$][\w$]*)\s*\)|(?=\/)))/;

/** The groups of the pattern whose match `recv` holds at this point of the scope, or null. */
function matchGroups(a: Analyzer, recv: TNode) {
  const name = recv.text();
  const src = a.source;
  const at = recv.range().start.index;
  const from = a.scope ? a.scope.range().start.index : 0;
  // The last assignment before the read (`m = …`, `m := …`, `for m in …`).
  const assign = new RegExp(`(?<![\\w$.])(?:for\\s+${escapeRegExp(name)}\\s+in\\s+|(?:const|let|var)?\\s*${escapeRegExp(name)}\\s*:?=(?!=)\\s*)`, "g");
  assign.lastIndex = from;
  let rhs = -1;
  for (let m = assign.exec(src); m && m.index < at; m = assign.exec(src)) rhs = m.index + m[0].length;
  if (rhs < 0) return null;
  const text = src.slice(rhs, Math.min(at, rhs + 400));
  if (a.syn.prefix === "py") {
    const m = pyMatch.exec(text);
    if (!m) return null;
    const lit = m[1] ? moduleConstant(src, m[1], true) : { at: rhs + m[0].length, inParens: true };
    return lit === null ? null : pyPattern(src, lit.at, lit.inParens);
  }
  if (a.syn.prefix !== "js" && a.syn.prefix !== "ts") return null;
  const m = jsMatch.exec(text);
  if (!m) return null;
  const constName = m[1] ?? m[2];
  const lit = constName ? moduleConstant(src, constName, false)?.at : rhs + m[0].length;
  if (lit === undefined) return null;
  const re = jsRegexAt(src, lit);
  // A global match is a list of whole matches, not one match's groups.
  return re && !re.flags.includes("g") ? patternGroups(re.source, { ignoreCase: re.flags.includes("i") }) : null;
}

/** Where the pattern literal of a constant starts: `NAME = re.compile(r"…")` (Python), `const NAME = /…/` (JavaScript). */
function moduleConstant(src: string, name: string, py: boolean): { at: number; inParens: boolean } | null {
  const def = py
    ? new RegExp(`(?:^|\\n)[ \\t]*${escapeRegExp(name)}\\s*=\\s*((?:re|regex)\\.compile\\(\\s*)?(?=[rRbBuU]*["'])`)
    : new RegExp(`\\b(?:const|let|var)\\s+${escapeRegExp(name)}\\s*=\\s*(?=/)`);
  const m = def.exec(src);
  return m ? { at: m.index + m[0].length, inParens: !!m[1] } : null;
}

/** A Python pattern literal at `i` with the flags after it (`re.X`, `re.I`). */
function pyPattern(src: string, i: number, inParens: boolean) {
  const lit = pyStringAt(src, i, inParens);
  if (!lit) return null;
  const after = src.slice(lit.end, lit.end + 80).split(")")[0] ?? "";
  const verbose = /\bre\.(?:X|VERBOSE)\b/.test(after);
  const ignoreCase = /\bre\.(?:I|IGNORECASE)\b/.test(after);
  return patternGroups(lit.value, { verbose, ignoreCase });
}
