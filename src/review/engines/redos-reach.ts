// Whether a JavaScript pattern applied where it is written (`s.replace(/…/)`, `/…/.test(s)`) can
// meet input at all. A super-linear pattern costs time only on a long string someone else chose; a
// subject the program makes itself is no such string: a number's or a digest's rendering, the
// process's own facts, or whatever code at module level reads once while the module loads.
import type { SgNode, SgRoot } from "@ast-grep/napi";
import type { Finding } from "../types.ts";
import { callSiteArguments, patternUses } from "./redos-uses.ts";

const stringMethods = /^(?:replace|replaceAll|match|matchAll|split|search)$/;
const regexMethods = /^(?:test|exec)$/;
/** Renderings of fixed alphabet and length: numbers, dates, a hash or HMAC digest. */
const boundedRendering = /\.(?:digest|toFixed|toPrecision|toExponential|toISOString|toUTCString|getTime)\([^()]*\)$/;
/** The process's own facts (version, platform, paths, environment, its own command line), never a caller's. */
const ownFacts = /^(?:process\.|os\.\w+\(|__dirname\b|__filename\b|import\.meta\.)/;
/**
 * Output of a command the program runs itself (`execSync(…)`, a result's `.stdout`, the `stdout` a
 * callback is given): what the system prints, in the form the command fixes, not a string a caller
 * or a request chose. Parsers of `ps`, `git`, `netsh` or `ffmpeg` output apply many patterns to it.
 */
const commandOutput = /\b(?:stdout|stderr)\b|\b(?:execSync|execFileSync|spawnSync)\(/;
/** A browser page's address, title or frames are the visitor's, even in code that runs at load. */
const pageInput = /\b(?:location|document|window|navigator|self|top|parent)\b/;
const functionKinds = new Set([
  "function_declaration",
  "function_expression",
  "function",
  "arrow_function",
  "method_definition",
  "generator_function",
  "generator_function_declaration",
]);

/** The node the finding's location starts at (the regex literal or the `new RegExp` call). */
export function nodeAt(root: SgNode, f: Finding): SgNode | null {
  const line = f.location.startLine - 1;
  const column = f.location.startColumn - 1;
  for (const n of root.findAll({ rule: { any: [{ kind: "regex" }, { kind: "new_expression" }] } })) {
    const s = n.range().start;
    if (s.line === line && s.column === column) return n;
  }
  return null;
}

const unparen = (n: SgNode | null): SgNode | null => {
  let p = n;
  while (p?.kind() === "parenthesized_expression") p = p.parent();
  return p;
};

/** The call that applies the pattern and the string it runs on, when the pattern is used where it is written. */
function application(re: SgNode): { call: SgNode; subject: SgNode } | null {
  const up = unparen(re.parent());
  if (up?.kind() === "arguments") {
    const call = up.parent();
    const fn = call?.field("function");
    if (call && fn?.kind() === "member_expression" && stringMethods.test(fn.field("property")?.text() ?? "")) {
      const subject = fn.field("object");
      return subject ? { call, subject } : null;
    }
  }
  if (up?.kind() === "member_expression" && regexMethods.test(up.field("property")?.text() ?? "")) {
    const call = up.parent();
    const subject =
      call?.kind() === "call_expression"
        ? call
            .field("arguments")
            ?.children()
            .find((c) => c.isNamed())
        : undefined;
    return call && subject ? { call, subject } : null;
  }
  return null;
}

/** A function that runs once, right where it is written, with no parameters: `(function () { … })()`, `(() => …)()`. */
function immediateWithoutParams(fn: SgNode): boolean {
  if (
    (fn
      .field("parameters")
      ?.children()
      .filter((c) => c.isNamed()).length ?? 0) > 0
  )
    return false;
  if (fn.field("parameter")) return false;
  let up = unparen(fn.parent());
  if (up?.kind() === "member_expression" && /^(?:call|apply)$/.test(up.field("property")?.text() ?? "")) up = up.parent();
  return up?.kind() === "call_expression";
}

/** Code outside every function, or inside immediately run functions without parameters: it runs at load. */
function runsAtLoad(call: SgNode): boolean {
  for (let p = call.parent(); p; p = p.parent()) if (functionKinds.has(String(p.kind())) && !immediateWithoutParams(p)) return false;
  return true;
}

/** The name a subject starts from: `lines` in `lines[i].trim()`, `line` in `line`. */
function baseName(n: SgNode): string | null {
  let p: SgNode | null = n;
  while (p && ["member_expression", "subscript_expression", "call_expression", "parenthesized_expression"].includes(String(p.kind())))
    p =
      p.kind() === "call_expression"
        ? p.field("function")
        : p.kind() === "parenthesized_expression"
          ? (p.children().find((c) => c.isNamed()) ?? null)
          : p.field("object");
  return p?.kind() === "identifier" ? p.text() : null;
}

const iterators = /\.(?:forEach|map|filter|some|every|find|findIndex|flatMap|reduce)$/;

/**
 * What a local name holds, as the code it was made from, searched in the function that uses it: its
 * declarations and assignments, the `for … of` it iterates, the array whose `forEach`/`map` callback
 * gets it. Null when any of them is unknown (a parameter of an exported or called function).
 */
function originsOf(name: string, from: SgNode): SgNode[] | null {
  let scope: SgNode | null = from;
  while (scope && !functionKinds.has(String(scope.kind())) && scope.kind() !== "program") scope = scope.parent();
  if (!scope) return null;
  const out: SgNode[] = [];
  name = name.replace(/\$/g, "\\$");
  for (const d of scope.findAll({ rule: { kind: "variable_declarator", has: { field: "name", regex: `^${name}$`, kind: "identifier" } } })) {
    const v = d.field("value");
    if (!v) continue;
    out.push(v);
  }
  for (const a of scope.findAll({ rule: { kind: "assignment_expression", has: { field: "left", regex: `^${name}$`, kind: "identifier" } } }))
    out.push(a.field("right")!);
  for (const l of scope.findAll({ rule: { kind: "for_in_statement", has: { field: "left", regex: `^(?:(?:const|let|var)\\s+)?${name}$` } } }))
    out.push(l.field("right")!);
  // The function's own parameter: the callback of an iteration over a known array, what every call of a
  // function the module keeps to itself passes (redos-uses.ts), else unknown.
  const params = scope.field("parameters") ?? scope.field("parameter");
  const callee = unparen(scope.parent())?.kind() === "arguments" ? scope.parent()!.parent()?.field("function") : null;
  if (params && callee && new RegExp(`^\\(?\\s*${name}\\b`).test(params.text())) {
    if (!iterators.test(callee.text())) return null;
    out.push(callee.field("object")!);
  } else if (params) {
    const plain = name.replace(/\\\$/g, "$");
    const list = params.kind() === "identifier" ? [params] : params.children().filter((c) => c.isNamed());
    const index = list.findIndex((c) => c.text() === plain);
    if (index >= 0) {
      const args = callSiteArguments(scope, index);
      if (!args) return null;
      out.push(...args);
    } else if (list.some((c) => c.kind() !== "identifier" && c.text().includes(plain))) return null;
  }
  return out.length ? out : null;
}

/** Whether a value comes from a command's output, following local names up to a few steps. */
function fromCommandOutput(n: SgNode, depth = 0): boolean {
  if (commandOutput.test(n.text())) return true;
  const name = depth < 4 ? baseName(n) : null;
  const origins = name ? originsOf(name, n) : null;
  return !!origins?.length && origins.every((o) => fromCommandOutput(o, depth + 1));
}

/** True when the string a pattern is applied to is one no caller chooses. */
function subjectMeetsNoInput(use: { call: SgNode; subject: SgNode }): boolean {
  const subject = use.subject.text().replace(/\s+/g, "");
  if (boundedRendering.test(subject) || ownFacts.test(subject) || (!pageInput.test(subject) && runsAtLoad(use.call))) return true;
  // `(process.env.API_URL || "https://api.example.com")`: the process's own setting or the module's default.
  const either = /^\((.*)\)$/.exec(subject)?.[1]?.split(/\|\||\?\?/);
  if (either && either.length > 1 && either.every((o) => ownFacts.test(o) || /^(["'`])[^"'`$\\]*\1$/.test(o))) return true;
  return !/\b(?:req|request|ctx|body|query|params)\b/.test(subject) && fromCommandOutput(use.subject);
}

/**
 * True when the pattern at the finding meets no string a caller chooses: applied where it is written,
 * or kept under a name the module does not export and applied only so (`LINE.exec(out)`).
 */
export function meetsNoInput(tree: SgRoot, f: Finding): boolean {
  const re = nodeAt(tree.root(), f);
  if (!re) return false;
  const use = application(re);
  if (use) return subjectMeetsNoInput(use);
  const uses = patternUses(re)?.map(application);
  return !!uses?.length && uses.every((u) => u !== null && subjectMeetsNoInput(u));
}
