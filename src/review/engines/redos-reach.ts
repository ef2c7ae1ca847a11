// Whether a JavaScript pattern applied where it is written (`s.replace(/…/)`, `/…/.test(s)`) can
// meet input at all. A super-linear pattern costs time only on a long string someone else chose; a
// subject the program makes itself is no such string: a number's or a digest's rendering, the
// process's own facts, or whatever code at module level reads once while the module loads.
import type { SgNode, SgRoot } from "@ast-grep/napi";
import type { Finding } from "../types.ts";

const stringMethods = /^(?:replace|replaceAll|match|matchAll|split|search)$/;
const regexMethods = /^(?:test|exec)$/;
/** Renderings of fixed alphabet and length: numbers, dates, a hash or HMAC digest. */
const boundedRendering = /\.(?:digest|toFixed|toPrecision|toExponential|toISOString|toUTCString|getTime)\([^()]*\)$/;
/** The process's own facts (version, platform, paths, environment, its own command line), never a caller's. */
const ownFacts = /^(?:process\.|os\.\w+\(|__dirname\b|__filename\b|import\.meta\.)/;
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
function nodeAt(root: SgNode, f: Finding): SgNode | null {
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

/** True when the pattern at the finding is applied where it is written to a string no caller chooses. */
export function meetsNoInput(tree: SgRoot, f: Finding): boolean {
  const re = nodeAt(tree.root(), f);
  const use = re && application(re);
  if (!use) return false;
  const subject = use.subject.text().replace(/\s+/g, "");
  return boundedRendering.test(subject) || ownFacts.test(subject) || (!pageInput.test(subject) && runsAtLoad(use.call));
}
