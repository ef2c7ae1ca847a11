// Checks a project writes itself, known by their names: `if (!allowPath(p, root)) return;`,
// `if not is_safe_path(p): abort(404)`, and a validator called as a statement that throws or raises
// on failure (`validateKeyName(name)`). Such a check vouches for its arguments where it holds, as a
// listed guard does (evaluators/allow-list-guards.ts); a failing branch that does not leave keeps them tainted (the join).
import type { TNode } from "../syntax/node.ts";
import type { Syntax } from "../syntax/syntax-types.ts";
import { named } from "../syntax/syntax-types.ts";
import { classBit } from "../syntax/classes.ts";

/** A function whose true result means its arguments passed a check. */
const checkName = new RegExp(
  // `_is_callback(view)`, `is_registered(name)`: a name looked up among the ones the program registered.
  "^(?:_?(?:is|has|are)_?(?:(?:[A-Z][a-z]+|[a-z]+_))?" +
    "(?:[Vv]alid|[Ss]afe|[Aa]llowed|[Pp]ermitted|[Tt]rusted|[Ww]hitelisted|[Aa]llowlisted|[Aa]uthori[sz]ed|[Ii]nside|[Ww]ithin|[Cc]ontained|" +
    "[Rr]egistered|[Kk]nown|[Cc]allback)|" +
    "[a-z]+_?[Ii]s_?(?:[Ii]nside|[Ww]ithin|[Ss]afe|[Vv]alid|[Aa]llowed)|[a-z][a-z_]*_allowed$|" +
    "[cC]heck|[vV]alidate|[vV]erify|[aA]llow(?:ed)?|[eE]nsure|[aA]ssert|[vV]alid|[sS]afe)(?:[A-Z_0-9]|$)",
);
/**
 * A function called for its effect that throws or raises when its arguments fail the check; pathlib's
 * `p.relative_to(root)` raises ValueError unless `p` lies under `root` (a listed guard of the receiver).
 */
const throwingCheck = /^(?:(?:[cC]heck|[vV]alidate|[vV]erify|[eE]nsure|[aA]ssert)(?:[A-Z_0-9]|$)|relative_to$)/;

const last = (callee: string): string => callee.slice(callee.lastIndexOf(".") + 1);

/** True when a call of `callee` in a condition checks its arguments. */
export function isCheckCall(callee: string): boolean {
  return checkName.test(last(callee));
}

/** True when a statement that is only a call of `callee` vouches for the arguments after it. */
function isThrowingCheck(callee: string): boolean {
  return throwingCheck.test(last(callee));
}

const statementHead = /^(?:await\s+)?[\w$.]*?\b(?:[cC]heck|[vV]alidate|[vV]erify|[eE]nsure|[aA]ssert|relative_to\()/;

/** The call of a statement that is only a throwing check (`validateKeyName(name);`, `await checkPath(p)`), else null. */
export function throwingCheckStatement(stmt: TNode, source: string, syn: Syntax): TNode | null {
  const at = stmt.range().start.index;
  if (!statementHead.test(source.slice(at, at + 80))) return null;
  let e = named(stmt)[0];
  if (e?.kind() === "await_expression" || e?.kind() === "await") e = named(e)[0];
  if (!e || syn.roles[e.kind()] !== "call") return null;
  const fn = e.field("function");
  return fn && isThrowingCheck(fn.text().replace(/\s+/g, "")) ? e : null;
}

/** Escapes a project writes itself, known by their names as checks are: `escapeShellArg(x)`, `quote_identifier(t)`,
 * `sanitizeFilename(n)`, `sanitizeShellString(s)` (not `normalizePath`, which keeps `..`). Each vouches for its class only. */
const namedEscapes: [RegExp, number][] = [
  [/^(?:shell|cmd|command|args?)_?(?:escape|quote)|^(?:escape|quote)_?(?:shell|cmd|command)(?:_?arg(?:ument)?s?)?$/i, classBit("command-injection")],
  // A system-info package's `sanitizeShellString(name)` / `sanitizeString(iface)` strips the shell's characters.
  [/^sanitize_?(?:shell|cmd|command)?_?(?:string|str|arg(?:ument)?s?)$/i, classBit("command-injection")],
  [/^(?:escape|quote)_?(?:sql|identifier|ident|literal)|^sql_?(?:escape|quote)/i, classBit("sql-injection")],
  [/^(?:sanitize|clean|safe)_?(?:file_?)?(?:name|path)$|^secure_?filename$/i, classBit("path-traversal")],
  // A file's own HTML escaper (`escapeHtml(s)`, `htmlEscape`, Next.js's `htmlEscapeJsonString`, `encodeXML`, `sanitizeHtml`).
  [/^(?:escape_?(?:html|xml|entities|attr(?:ibute)?)|html_?(?:escape|encode)\w*|encode_?(?:html|xml|entities)|sanitize_?html)$/i, classBit("xss")],
  // A static server's `collapseLeadingSlashes(path)` before a directory redirect: `//evil.example` becomes `/evil.example`.
  [/^(?:collapse|strip|remove|trim)_?leading_?slash(?:es)?$/i, classBit("open-redirect")],
];

/** The classes a call of `callee` sanitizes by its name; 0 when none. */
export function namedSanitizerMask(callee: string): number {
  const name = last(callee);
  let mask = 0;
  for (const [r, bit] of namedEscapes) if (r.test(name)) mask |= bit;
  return mask;
}
