// What an operand of a check is about: a variable, a member path, or the host of a URL (parsed in
// place, `urlparse(u).netloc`, or held by a variable, `parsed.netloc`), and for which classes the
// check vouches: an allow-listed value is safe everywhere, an allow-listed host only as a destination.
import type { TNode } from "../syntax/node.ts";
import type { Syntax } from "../syntax/syntax-types.ts";
import { named } from "../syntax/syntax-types.ts";
import { operatorOf } from "./static-conditions.ts";
import { allClassesMask, classBit } from "../syntax/classes.ts";

/** A variable (or member path) and the classes it is safe for where the check holds. `host`: the
 * check read the host of the URL `name` holds or is parsed from. */
export interface Guard {
  name: string;
  mask: number;
  host?: true;
  str?: true;
  /** A literal directory prefix (`file.startsWith("/srv/files/")`): it confines a path the walk knows resolved too. */
  under?: true;
  /** A lone `/` prefix (evaluators/prefix-checks.ts): a relative URL, or `//host` unless the value is also `noDouble`. */
  slash?: true;
  /** The value does not start `//` (nor `/\`): vouches for nothing alone (mask 0), completes a `slash` guard. */
  noDouble?: true;
  /** The check reads a lexically resolved form of the name (`filepath.Clean(p)`, `os.path.abspath(p)`): a directory
   * prefix confines the name itself, which the system resolves the same way when it opens it. */
  resolved?: true;
}

export const destinationMask = classBit("open-redirect") | classBit("ssrf");
const nosqlBit = classBit("nosql-injection");

export const literalKinds = new Set([
  "string",
  "number",
  "integer",
  "int_literal",
  "interpreted_string_literal",
  "raw_string_literal",
  "string_literal",
  "decimal_integer_literal",
  "true",
  "false",
  "null_literal",
  "none",
  "null",
]);

/** A URL parser applied to a variable (`urlparse(u)`, `new URL(u)`, `URI.create(u)`); whitespace removed. */
const parser =
  String.raw`(?:(?:(?:urllib\.)?parse\.)?(?:urlparse|urlsplit)|(?:java\.net\.)?URI\.create|new(?:java\.net\.)?UR[IL])` +
  String.raw`\(([A-Za-z_$][\w$]*)(?:,[^()]*)?\)`;
/** Case folding and trimming keep a host what it was. */
const folded = String.raw`(?:\.(?:lower|casefold|upper|strip|rstrip|lstrip|toLowerCase|toUpperCase|trim)\((?:Locale\.[A-Z]+)?\))*`;
const hostPart = String.raw`\.(netloc|hostname|host|origin|getHost\(\)|getAuthority\(\))`;
export const parsedUrl = new RegExp(`^${parser}$`);
export const parsedHost = new RegExp(`^${parser}${hostPart}${folded}$`);
const heldHost = new RegExp(`^([A-Za-z_$][\\w$]*)${hostPart}${folded}$`);
/** A variable case-folded or trimmed (`host.lower()`): checked, it is allow-listed but for its case, or its blanks. */
const foldedIdent = new RegExp(`^([A-Za-z_$][\\w$]*)(${folded})$`);
/** Members that name a JavaScript URL's or a message event's origin: checked, they vouch for the whole object, as before. */
const originMembers = new Set(["hostname", "host", "origin"]);

const full = (name: string): Guard => ({ name, mask: allClassesMask });

/** A path normalized lexically, its one argument a name: Go's Clean, Python's normpath/abspath/realpath, Node's normalize/resolve. */
const normalized = /^(?:filepath\.Clean|path\.Clean|os\.path\.(?:normpath|abspath|realpath)|path\.(?:normalize|resolve))\(([A-Za-z_$][\w$]*)\)$/;

/** `req.query.sort`: a member path on a variable, cleaned where it is allow-listed (ternaries, see driver/analyzer.ts). */
function memberPath(n: TNode, syn: Syntax): string | null {
  let root: TNode | null = n;
  for (let i = 0; root && syn.roles[root.kind()] === "member" && i < 6; i++) root = root.field(syn.memberFields[0]);
  return root && syn.roles[root.kind()] === "ident" && root !== n ? n.text().replace(/\s+/g, "") : null;
}

/** `typeof x` (a variable or member path) compared with a literal: x, safe for what the literal's type rules out. */
export function typeofGuard(n: TNode, lit: TNode, syn: Syntax): Guard | null {
  const arg = n.field("argument");
  if (!arg) return null;
  const name = syn.roles[arg.kind()] === "ident" ? arg.text() : syn.roles[arg.kind()] === "member" ? memberPath(arg, syn) : null;
  if (!name) return null;
  // A number or nothing carries no payload; a string is no operator object (NoSQL) but still injects elsewhere.
  if (/^["'](number|boolean|undefined)["']$/.test(lit.text())) return full(name);
  return /^["']string["']$/.test(lit.text()) ? { name, mask: nosqlBit, str: true } : null;
}

export const isTypeof = (n: TNode): boolean => n.kind() === "unary_expression" && operatorOf(n) === "typeof";

/** What `n` checks, when it is a variable, a member path or a URL's host. */
export function checkedName(n: TNode, syn: Syntax): Guard | null {
  const role = syn.roles[n.kind()];
  if (role === "ident") return full(n.text());
  // A compiled regex applied to a variable: PATTERN.matcher(p).matches() checks p.
  if (n.kind() === "method_invocation" && n.field("name")?.text() === "matcher") {
    const args = named(n.field("arguments"));
    return args.length === 1 && syn.roles[args[0]!.kind()] === "ident" ? full(args[0]!.text()) : null;
  }
  if (role !== "member" && role !== "call") return null;
  const text = n.text();
  if (text.length > 300) return null;
  const t = text.replace(/\s+/g, "");
  const inline = parsedHost.exec(t);
  if (inline) return { name: inline[1]!, mask: destinationMask, host: true };
  const held = heldHost.exec(t);
  if (held) {
    // Not the request itself: its Host header says nothing about its other parts.
    if (/^(req|request|ctx)$/.test(held[1]!)) return null;
    const js = syn.prefix === "js" || syn.prefix === "ts";
    return { name: held[1]!, mask: js && originMembers.has(held[2]!) ? allClassesMask : destinationMask, host: true };
  }
  // `Number.isInteger(Number(pid))`: a strict conversion (not parseInt, which reads "1; rm" as 1) checked is its operand checked.
  const numeric = role === "call" && (syn.prefix === "js" || syn.prefix === "ts") ? /^Number\(([A-Za-z_$][\w$]*)\)$/.exec(t) : null;
  if (numeric) return full(numeric[1]!);
  const norm = role === "call" ? normalized.exec(t) : null;
  if (norm) return { name: norm[1]!, mask: classBit("path-traversal"), resolved: true };
  const own = role === "call" ? foldedIdent.exec(t) : null;
  // Trimmed, it may still end in a line break: as a destination it is checked all the same.
  if (own?.[2]) return { name: own[1]!, mask: /trim|strip/.test(own[2]) ? destinationMask : allClassesMask };
  const path = role === "member" ? memberPath(n, syn) : null;
  return path ? full(path) : null;
}
