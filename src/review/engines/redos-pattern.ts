// The pattern a ReDoS finding's match holds, as JavaScript source and flags: a regex literal, a string
// given to RegExp, or a Python `re` call's string in JavaScript's spelling.
import { pyStringAt, unescapeString } from "../literals.ts";

/** Python `re` syntax as JavaScript's where they differ in spelling only; flags from `(?aiLmsux)` and `re.X`. */
function fromPython(pattern: string, callText: string): { source: string; flags: string } {
  let flags = "";
  let source = pattern.replace(/^\(\?([aiLmsux]+)\)/, (_, f: string) => ((flags += f), ""));
  source = source
    .replace(/\(\?P<(\w+)>/g, "(?<$1>")
    .replace(/\(\?P=(\w+)\)/g, "\\k<$1>")
    .replace(/\\A/g, "^")
    .replace(/\\Z/g, "$");
  if (/\bre\.(I|IGNORECASE)\b/.test(callText)) flags += "i";
  if (/\bre\.(S|DOTALL)\b/.test(callText)) flags += "s";
  if (/\bre\.(M|MULTILINE)\b/.test(callText)) flags += "m";
  return { source, flags: [...new Set(flags.replace(/[^ims]/g, ""))].join("") };
}

/** The literal pattern a match holds (a regex literal, or the string given to RegExp / re.*), else null. */
export function patternOf(matched: string, python: boolean): { source: string; flags: string } | null {
  if (python) {
    // Read as Python reads it: a backslash before a letter Python gives no meaning to stays (`"\d+"` is `\d+`,
    // not `d+`), and adjacent literals join (`r"^(\w+" r"\.?)+$"`).
    const open = /^[\s\S]*?\(\s*(?=[rRbBuU]{0,2}["'])/.exec(matched);
    const lit = open ? pyStringAt(matched, open[0].length, true) : null;
    if (!lit) return null;
    const p = fromPython(lit.value, matched);
    // `re.match` tries the pattern at the string's start only, `re.fullmatch` against the whole string: a JavaScript
    // pattern is tried at every position unless anchored, which would judge `re.match(r"-?\d+$", s)` quadratic.
    const call = /^\s*re\s*\.\s*(match|fullmatch)\s*\(/.exec(matched)?.[1];
    if (call) p.source = call === "match" ? `^(?:${p.source})` : `^(?:${p.source})$`;
    // `re.sub`, `re.findall`, `re.split` and kin search from every position, as JavaScript's `g` flag does (redos-forms.ts).
    if (/^\s*re\s*\.\s*(?:sub|subn|findall|finditer|split)\s*\(/.test(matched)) p.flags += "g";
    return p;
  }
  const lit = /^\/((?:[^/\\\n[]|\\.|\[(?:[^\]\\\n]|\\.)*\])+)\/([a-z]*)$/.exec(matched.trim());
  if (lit) return { source: lit[1]!, flags: lit[2]! };
  const ctor = /^(?:new\s+)?RegExp\s*\(\s*(["'`])((?:\\[\s\S]|(?!\1)[^\\])*)\1\s*(?:,\s*(["'`])([a-z]*)\3\s*)?\)$/.exec(matched.trim());
  if (ctor && !(ctor[1] === "`" && ctor[2]!.includes("${"))) return { source: unescapeString(ctor[2]!, false), flags: ctor[4] ?? "" };
  return null;
}

/**
 * Python: a pattern compiled into a name (`DATE_RE = re.compile(…)`, a class's `_reg`) that the file only ever
 * applies with `.match(` or `.fullmatch(` is tried at the string's start only, as `re.match` is: "match" when any
 * use is `.match`, "fullmatch" when all are; null when the name is used otherwise (searched, substituted, handed on).
 */
export function compiledUse(line: string, source: string): "match" | "fullmatch" | null {
  const def = /^\s*(?:(?:self|cls)\s*\.\s*)?([A-Za-z_]\w*)\s*(?::[^=]*)?=\s*re\s*\.\s*compile\s*\(/.exec(line);
  if (!def) return null;
  const name = def[1]!;
  let kind: "match" | "fullmatch" | null = null;
  for (const use of source.matchAll(
    new RegExp(`(?<![\\w])${name}(?![\\w])(\\s*\\.\\s*(\\w+)\\s*\\(|\\s*(?::[^=\\n]*)?=\\s*re\\s*\\.\\s*compile\\s*\\()?`, "g"),
  )) {
    if (use[1] === undefined) return null;
    const method = use[2];
    if (method === undefined) continue; // another `name = re.compile(` of the same name: judged on its own line.
    if (method !== "match" && method !== "fullmatch") return null;
    kind = method === "match" || kind === "match" ? "match" : "fullmatch";
  }
  return kind;
}
