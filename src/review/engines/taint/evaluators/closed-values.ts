// Values a function cannot be handed from outside: literals, numbers, constants by convention
// (`UPPER_CASE`, `config.x`), locals assigned only literals, loop variables over literal lists, imports and
// top-level bindings built only from such values, and sanitized values. Read from the text and the tree
// only, without the walk's state: driver/unsourced.ts asks it of sinks no known source reaches, and
// evaluators/calls.ts of a file read whose path is fixed (`fs.readFileSync(path.join(__dirname, "a.html"))`).
import type { TNode } from "../syntax/node.ts";
import type { Analyzer } from "../driver/analyzer.ts";
import { named } from "../syntax/syntax-types.ts";
import { operatorOf } from "../model/static-conditions.ts";
import { blankStrings, escapeRegExp, withoutStrings } from "../../../text.ts";
import { closedFromCallers, headEnd } from "./closed-params.ts";
import { namedSanitizerMask } from "./custom-checks.ts";
import { type ClosedNames, closedText } from "./closed-text.ts";

const constantRoots = /^(?:[A-Z][A-Z0-9_]*|__dirname|__filename|__file__|config|conf|cfg|settings|constants|consts|defaults)$/;
const leafKinds = new Set([
  "string_fragment",
  "escape_sequence",
  "number",
  "integer",
  "float",
  "true",
  "false",
  "null",
  "undefined",
  "none",
  "regex",
  "string_content",
  "string_start",
  "string_end",
  "comment",
]);
export const concatOps = new Set(["+", "%"]);

/** A path made of literals alone (`path.join("./node_modules/.bin/eslint")`, `path.resolve(__dirname, "bin")`). */
const fixedPathPart = String.raw`(?:"[^"\\]*"|'[^'\\]*'|__dirname|__filename)`;
const fixedPath = new RegExp(String.raw`^(?:path\.)?(?:join|resolve|normalize)\(\s*${fixedPathPart}(?:\s*,\s*${fixedPathPart})*\s*\)$`);

/**
 * A sanitizer whatever its arguments (`.replace` is one for XPath only when it puts `&apos;` in), and of the sink's
 * classes when they are known: Python's `.replace` cleans a log line, not markup, and `str(x)` a NoSQL filter, not SQL.
 */
function closingSanitizer(a: Analyzer, callee: string): boolean {
  return !!a.rules.sanitizers
    .lookup(callee)
    ?.some((s) => !s.when && !s.argMatches && !s.keywordMatches && !s.tagged && (!a.closedFor || (s.mask & a.closedFor) !== 0));
}

/** True when `n`'s value may come from outside the function (`scopeText`: the function's text; `locals`: names judged so far). */
export function openPart(a: Analyzer, n: TNode, depth: number, scopeText: string, locals: Map<string, boolean>): boolean {
  if (depth > 32) return true;
  const k = n.kind();
  if (leafKinds.has(k)) return false;
  const any = (kids: TNode[]): boolean => kids.some((c) => openPart(a, c, depth + 1, scopeText, locals));
  switch (k) {
    case "identifier":
      return !constantName(a, n.text(), scopeText, locals, depth);
    case "member_expression":
    case "attribute": {
      const prop = n.field(a.syn.memberFields[1])?.text() ?? "";
      if (a.rules.cleanMembers.has(prop)) return false;
      // A source's member path (`process.argv`, `sys.argv`, `request.args`) is never closed, whatever binds its root.
      const path = n.text().replace(/\s+/g, "");
      if (a.rules.paths.some((p) => path === p.prefix || path.startsWith(`${p.prefix}.`) || path.startsWith(`${p.prefix}[`))) return true;
      // A process id (`child.pid`, `process.pid`, `proc.ppid`) is a number: `kill ${child.pid}` names no other process
      // than the one the program started.
      if (prop === "pid" || prop === "ppid") return false;
      const root = n.text().split(/[.[(]/)[0]!.trim();
      // A member of a closed top-level name (`pkg.version` of `require("../package.json")`, `path.sep`).
      return !constantRoots.test(root) && !(/^[A-Za-z_$][\w$]*$/.test(root) && constantName(a, root, scopeText, locals, depth));
    }
    case "binary_expression":
    case "binary_operator":
      // Arithmetic and comparisons make numbers and booleans.
      return concatOps.has(operatorOf(n)) ? any(named(n)) : false;
    case "call_expression":
    case "call": {
      const fn = n.field("function");
      const callee = (fn?.text() ?? "").replace(/\s+/g, "");
      if (closingSanitizer(a, callee) || namedSanitizerMask(callee)) return false;
      const kids = named(n.field("arguments"));
      // A source call (`input()`, `sys.stdin.read()`) is open; a file read is closed only on a fixed path, not a descriptor (`readFileSync(0)`).
      const source = (a.rules.sourceCalls.lookup(callee) ?? a.rules.sourceCalls.lookup(callee.slice(callee.lastIndexOf(".") + 1)))?.[0];
      if (source && (!source.fixedPathSafe || kids[0]?.kind() === "number" || kids[0]?.kind() === "integer")) return true;
      const recv = fn && (fn.kind() === "member_expression" || fn.kind() === "attribute") ? fn.field(a.syn.memberFields[0]) : null;
      return any(recv ? [recv, ...kids] : kids);
    }
    default:
      return any(named(n));
  }
}

const literal = String.raw`(?:"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|\x60[^\x60$\\]*\x60|\d[\w.]*)`;
/** `flag ? "a -V" : other ? "b -V" : "c -V"`: a choice among literals by conditions that hold no string. */
const choiceStep = new RegExp(String.raw`^[^?"'\x60;]+\?\s*${literal}\s*:\s*`);
const lastLiteral = new RegExp(String.raw`^${literal}\s*;?\s*$`);
function literalChoice(value: string): boolean {
  let rest = value.trim();
  if (!choiceStep.test(rest)) return false;
  for (let m = choiceStep.exec(rest); m; m = choiceStep.exec(rest)) rest = rest.slice(m[0].length);
  return lastLiteral.test(rest);
}

/** A constant by convention, a local this function assigns nothing but literals, or a name the function
 * never binds whose one top-level binding is an import or holds such values (`const bin = path.join(__dirname, "tool")`). */
function constantName(a: Analyzer, name: string, scopeText: string, locals: Map<string, boolean>, depth: number): boolean {
  if (constantRoots.test(name)) return true;
  let v = locals.get(name);
  if (v === undefined) {
    const esc = escapeRegExp(name);
    // Found in the text with string literals blanked (`WHERE name = '%s'` assigns nothing), read from the text itself.
    const code = blankStrings(scopeText);
    const values = [...code.matchAll(new RegExp(`(?<![\\w$.])${esc}\\s*(?:\\+|-)?=(?!=)\\s*(\\S[^;\\n]*)`, "g"))].map((m) => {
      const at = m.index + m[0].length - m[1]!.length;
      return scopeText.slice(at, at + m[1]!.length);
    });
    locals.set(name, false);
    if (closedLoop(a, esc, scopeText, depth)) v = true;
    // Top-level code: its names are the file's own bindings.
    else if (scopeText === a.source) v = topLevelClosed(a, name, depth);
    else if (values.length) {
      const names: ClosedNames = {
        name: (n) => constantName(a, n, scopeText, locals, depth + 1),
        // Only a sanitizer of the sink's class (a shell escape before a command, not a path join).
        sanitizer: (callee) => (((a.rules.sanitizers.lookup(callee)?.reduce((m, s) => m | s.mask, 0) ?? 0) | namedSanitizerMask(callee)) & a.closedFor) !== 0,
      };
      // A value only begun on its line (a triple-quoted string, a template without a substitution there) is read as the literal it starts.
      v = values.every((c) => /^(?:"""|'''|`[^`$]*$|\d)/.test(c) || fixedPath.test(c.trim()) || literalChoice(c) || closedText(c, name, names));
    } else if (!boundIn(esc, scopeText)) v = topLevelClosed(a, name, depth);
    else v = closedFromCallers(a, name, scopeText, depth, openPart, (n, body) => boundIn(escapeRegExp(n), body, false));
    locals.set(name, v);
  }
  return v;
}

/** The name is only the variable of loops over literal lists or closed names (`for (const t of ["a", "b"])`,
 * `for table in TABLES:`) and bound nowhere else in the function. */
function closedLoop(a: Analyzer, esc: string, scopeText: string, depth: number): boolean {
  const loop = new RegExp(`\\bfor\\s*(?:\\(\\s*(?:const|let|var)\\s+${esc}\\s+of\\s+([^\\n]*?)\\s*\\)|${esc}\\s+in\\s+([^\\n]*?)\\s*:\\s*$)`, "gm");
  const lists = [...scopeText.matchAll(loop)].map((m) => m[1] ?? m[2]!);
  if (!lists.length) return false;
  const rest = scopeText.replace(loop, "");
  if (boundIn(esc, rest) || new RegExp(`(?<![\\w$.])${esc}\\s*(?:\\+|-)?=(?!=)`).test(rest)) return false;
  return lists.every((l) => {
    const items = /^[[(]([^[\]()]*)[\])]$/.exec(l.trim());
    if (items) return items[1]!.split(",").every((x) => /^\s*(?:(["'`])[^"'`]*\1|\d+)?\s*$/.test(x));
    return /^[A-Za-z_$][\w$]*$/.test(l.trim()) && constantName(a, l.trim(), "", new Map(), depth + 1);
  });
}

/** The name may be bound in the function other than by `name = ...`: in its head (a parameter), a
 * declaration or destructuring, a loop, `as`, `catch`, a tuple target, a nested function's parameters.
 * A cautious text test: a read may match too, which only keeps the value open. */
function boundIn(esc: string, source: string, withHead = true): boolean {
  // Words in string literals bind nothing (`typeof f === "function"` is no function head).
  const scopeText = withoutStrings(source);
  const body = headEnd(scopeText);
  const w = `(?<![\\w$.])${esc}(?![\\w$])`;
  if (withHead && new RegExp(w).test(body < 0 ? scopeText : scopeText.slice(0, body))) return true;
  return [
    `\\b(?:const|let|var)\\s+[^=;]*${w}`,
    `\\bfor\\b[^\\n;:]*${w}[^\\n;:]*\\b(?:of|in)\\b`,
    `\\b(?:as|catch|global|nonlocal)\\s*\\(?\\s*${w}`,
    `${w}\\s*,[^=\\n;()]*=(?!=)`,
    `[(,]\\s*${w}\\s*(?:,[^()]*)?\\)\\s*=>|${w}\\s*=>`,
    `\\b(?:function|def)\\b[^(]*\\([^)]*${w}|\\blambda\\b[^:]*${w}`,
  ].some((r) => new RegExp(r).test(scopeText));
}

/** The one top-level binding of `name` is an import or a declaration whose value is built from closed values only. */
function topLevelClosed(a: Analyzer, name: string, depth: number): boolean {
  const root = a.fileRoot;
  if (!root || depth > 16) return false;
  const word = new RegExp(`(?<![\\w$.])${escapeRegExp(name)}(?![\\w$])`);
  let init: TNode | null | undefined;
  let count = 0;
  for (const stmt of named(root)) {
    if (!word.test(stmt.text())) continue;
    const k = stmt.kind() as string;
    if (k === "import_statement" || k === "import_from_statement") {
      if (!word.test(stmt.text().replace(/(["'`]).*?\1/g, ""))) continue;
      count++;
      init = null;
      continue;
    }
    const decl = k === "export_statement" ? stmt.field("declaration") : stmt;
    const dk = decl?.kind() as string | undefined;
    if (dk === "lexical_declaration" || dk === "variable_declaration") {
      for (const d of named(decl!).filter((c) => c.kind() === "variable_declarator")) {
        if (d.field("name")?.text() !== name) continue;
        count++;
        init = d.field("value");
      }
    } else if (dk === "expression_statement") {
      const asg = named(decl!)[0];
      if (asg?.kind() === "assignment" && asg.field("left")?.text() === name) {
        count++;
        init = asg.field("right");
      }
    }
  }
  // Bound once and never assigned again anywhere (a `let` changed by some function is no constant).
  if (count !== 1 || init === undefined) return false;
  if (init === null) return true;
  const again = a.source.match(new RegExp(`(?<![\\w$.])${escapeRegExp(name)}\\s*(?:\\+|-)?=(?!=)`, "g"))?.length ?? 0;
  if (again > 1) return false;
  // Its parts are names of the top level too: no function's text binds them.
  return !openPart(a, init, depth + 1, "", new Map());
}
