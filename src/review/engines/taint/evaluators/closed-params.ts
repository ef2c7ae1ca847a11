// A parameter of a private helper is closed when every call of the helper in the file passes a closed
// value at its place (`_vacuum(cursor, table)` called only inside `for table in TABLES:`): constant
// propagation through helpers, for sinks no known source reaches. Exported or public functions are
// called from elsewhere and stay open.
import type { TNode } from "../syntax/node.ts";
import type { Analyzer } from "../driver/analyzer.ts";
import { keywordArg, named } from "../syntax/syntax-types.ts";
import { escapeRegExp, withoutStrings } from "../../../text.ts";

type Rebound = (name: string, body: string) => boolean;
type Judge = (a: Analyzer, n: TNode, depth: number, scopeText: string, locals: Map<string, boolean>) => boolean;

const pyHead = /^\s*(?:async\s+)?def\s+([A-Za-z_]\w*)\s*\(([^)]*)\)/;
const jsHead = /^\s*(?:export\s+)?(?:async\s+)?(?:function\s*\*?\s*)?([A-Za-z_$][\w$]*)\s*\(([^)]*)\)\s*(?::[^{]*)?\{/;
const scopeKinds = new Set([
  "function_definition",
  "function_declaration",
  "function_expression",
  "function",
  "arrow_function",
  "method_definition",
  "generator_function_declaration",
]);

/** The helper's name and its parameters' names in order, when `scopeText` is a private named function. */
function helperHead(a: Analyzer, scopeText: string): { fn: string; params: string[] } | null {
  const py = a.syn.prefix === "py";
  const m = (py ? pyHead : jsHead).exec(scopeText);
  if (!m || /^(?:if|for|while|switch|catch|function)$/.test(m[1]!)) return null;
  const fn = m[1]!;
  // A destructuring or rest parameter (`{ a, b }`, `[x, y]`, `...rest`, `*args`, `**kw`) names no one argument: it
  // holds its place unnamed.
  const params = topLevelParts(m[2]!).map((p) => /^\s*([A-Za-z_$][\w$]*)/.exec(p)?.[1] ?? "");
  if (py) {
    if (!fn.startsWith("_") || fn.startsWith("__")) return null;
    if (params[0] === "self" || params[0] === "cls") params.shift();
  } else if (
    new RegExp(`\\bexports?\\b[^\\n]*(?<![\\w$.])${escapeRegExp(fn)}(?![\\w$])|(?<![\\w$.])${escapeRegExp(fn)}(?![\\w$])[^\\n]*\\bexports\\b`).test(a.source)
  )
    return null;
  return { fn, params };
}

/** A parameter list split at its own commas, not those inside brackets (`{ a, b }`, `Dict[str, int]`, defaults `f(x, y)`). */
function topLevelParts(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i]!;
    if (c === "(" || c === "[" || c === "{" || c === "<") depth++;
    else if (c === ")" || c === "]" || c === "}" || (c === ">" && list[i - 1] !== "=")) depth = Math.max(0, depth - 1);
    else if (c === "," && depth === 0) {
      out.push(list.slice(from, i));
      from = i + 1;
    }
  }
  out.push(list.slice(from));
  return out;
}

/** Where a function's head (its parameter list) ends: the `)` before its body (`{`, `:`, `=>`, a TypeScript return
 * type or a Python annotation between); -1 when none is found. */
export function headEnd(scopeText: string): number {
  return scopeText.search(/\)\s*(?:->[^:\n]*)?:|\)\s*(?::[^{=\n]*)?\{|=>/);
}

function enclosingScope(n: TNode): TNode | null {
  for (let p = n.parent(); p; p = p.parent()) if (scopeKinds.has(p.kind())) return p;
  return null;
}

/** True when `name`, a parameter of the private helper `scopeText`, gets a closed value from every call in the file. */
export function closedFromCallers(a: Analyzer, name: string, scopeText: string, depth: number, judge: Judge, rebound: Rebound): boolean {
  const root = a.fileRoot;
  if (!root || depth > 8) return false;
  const head = helperHead(a, scopeText);
  const at = head?.params.indexOf(name) ?? -1;
  if (!head || at < 0) return false;
  const callKind = a.syn.prefix === "py" ? "call" : "call_expression";
  const calls = root.findAll({ rule: { kind: callKind, has: { field: "function", regex: `(^|\\.)${escapeRegExp(head.fn)}$` } } });
  // Every mention is the definition or a call: a helper passed as a callback (`rows.forEach(helper)`) gets values unseen.
  // Words inside string literals (`exec("getconf " + key)`) are no mentions.
  const code = withoutStrings(a.source);
  const mentions = code.match(new RegExp(`(?<![\\w$])${escapeRegExp(head.fn)}(?![\\w$])`, "g"))?.length ?? 0;
  if (!calls.length || mentions !== calls.length + 1) return false;
  // Bound again in its body (a loop, `as`, destructuring): not the value callers pass.
  const end = headEnd(scopeText);
  const body = end < 0 ? "" : scopeText.slice(end + 1);
  if (rebound(name, body)) return false;
  return calls.every((call) => {
    const args = named(call.field("arguments"));
    const kw = keywordArg(args, name);
    const arg = kw ? kw.field("value") : args.filter((x) => x.kind() !== "keyword_argument")[at];
    if (!arg || arg.kind() === "spread_element" || arg.kind() === "list_splat") return false;
    const scope = enclosingScope(call);
    const text = scope ? scope.text() : a.source;
    // A recursive call passes what the helper already holds.
    if (text === scopeText) return arg.text() === name;
    return !judge(a, arg, depth + 1, text, new Map());
  });
}
