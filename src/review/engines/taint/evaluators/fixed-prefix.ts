// (Also MongoDB $eq operands, the other JavaScript value mark.) URLs whose destination is fixed by their first part:
// `"/products/" + slug`, `${API_BASE}/items/${id}` (Python: `f"{API}/items/{id}"`, `"https://api.example.com/items/%s" % id` too),
// `"https://partner.example.com/lookup?q=" + q`. Whatever follows a path or query separator after
// a fixed host (or a relative path of one segment or more) cannot change the host, so the value is
// no open redirect and no SSRF, though it stays tainted for every other class.
import type { TNode } from "../syntax/node.ts";
import type { Syntax } from "../syntax/syntax-types.ts";
import { named } from "../syntax/syntax-types.ts";
import { operatorOf } from "../model/static-conditions.ts";
import { classBit } from "../syntax/classes.ts";
import type { Taint, Value } from "../model/state.ts";
import { asString } from "../model/state.ts";
import type { Analyzer } from "../driver/analyzer.ts";
import { rootIdent } from "./assignments.ts";

const destinationClasses = classBit("open-redirect") | classBit("ssrf");
/**
 * Relative path with a first segment (`/items/`, `./callback?`, `../up/`, `items/`), or scheme://host followed by a
 * separator; C stands for a clean expression. A first segment without a colon is a path, never a scheme.
 */
const fixedStart = /^(\/[^/\\]|\.\.?\/|[\w.-]+[/?#]|(?:[a-z][a-z0-9+.-]*|C):\/\/[^/?#\\]+[/?#]|C[/?#])/i;

/** The parts of a `+` chain or a template, in order. */
function partsOf(node: TNode, syn: Syntax): TNode[] {
  if (node.kind() === "template_string") return node.namedChildren().length ? [node] : [];
  let left = node;
  const rights: TNode[] = [];
  while (syn.roles[left.kind()] === "binary" && operatorOf(left) === "+") {
    const [l, r] = named(left);
    if (!l || !r) break;
    rights.unshift(r);
    left = l;
  }
  return [left, ...rights];
}

/** A template's text and substitutions, in order, as the parts of a `+` chain. */
function flatParts(node: TNode, syn: Syntax): TNode[] {
  return partsOf(node, syn).flatMap((p) =>
    p.kind() === "template_string" ? named(p).map((c) => (c.kind() === "template_substitution" ? (named(c)[0] ?? c) : c)) : [p],
  );
}

/** The text the value is known to start with; a clean non-literal part reads as C. Stops at the first tainted part. */
function knownPrefix(node: TNode, syn: Syntax, isTainted: (n: TNode) => boolean): string {
  let out = "";
  for (const p of partsOf(node, syn)) {
    const k = p.kind() as string;
    if (k === "string") out += p.text().slice(1, -1);
    else if (k === "template_string") {
      // The literal text before the first substitution, then the substitution if clean.
      const text = p.text();
      const subs = named(p).filter((c) => c.kind() === "template_substitution");
      const first = subs[0];
      if (!first) return out + text.slice(1, -1);
      out += text.slice(1, first.range().start.index - p.range().start.index);
      const inner = named(first)[0];
      if (!inner || isTainted(inner)) return out;
      out += "C" + text.slice(first.range().end.index - p.range().start.index, (subs[1] ?? null) ? subs[1]!.range().start.index - p.range().start.index : -1);
      return out;
    } else if (isTainted(p)) return out;
    else out += "C";
    if (fixedStart.test(out)) return out;
  }
  return out;
}

const isJs = (a: Analyzer): boolean => a.syn.prefix === "js" || a.syn.prefix === "ts";

/**
 * The known start of one Python string literal, read up to `stop` (a format's first conversion or field); an
 * f-string's clean interpolation reads as C. `cut`: what ended it early, the stop or a tainted interpolation.
 */
function pyStringStart(str: TNode, stop: RegExp | null, isTainted: (n: TNode) => boolean): { text: string; cut: "stop" | "value" | null } {
  let text = "";
  for (const c of str.namedChildren()) {
    const k = c.kind();
    if (k === "string_content") {
      const t = c.text();
      const at = stop ? t.search(stop) : -1;
      if (at >= 0) return { text: text + t.slice(0, at), cut: "stop" };
      text += t;
    } else if (k === "interpolation") {
      const e = c.field("expression") ?? named(c)[0];
      if (!e || isTainted(e)) return { text, cut: "value" };
      text += "C";
    }
  }
  return { text, cut: null };
}

/**
 * Python: the text a `+` chain, an f-string or a `"…%s…" % args` format is known to start with (the format up to
 * its first conversion); a clean part reads as C. Stops at the first tainted part.
 */
function pyKnownPrefix(node: TNode, syn: Syntax, isTainted: (n: TNode) => boolean): string {
  const format = node.kind() === "binary_operator" && operatorOf(node) === "%";
  if (format) return pyFormatPrefix(node, isTainted);
  let out = "";
  for (const p of partsOf(node, syn)) {
    if (p.kind() !== "string") {
      if (isTainted(p)) return out;
      out += "C";
      continue;
    }
    const start = pyStringStart(p, null, isTainted);
    out += start.text;
    if (start.cut) return out;
  }
  return out;
}

/** One printf-style conversion (`%s`, `%-5d`, `%.2f`); `%(name)s` takes a mapping, whose values are not followed. */
const conversion = /^%[-#0 +]*\d*(?:\.\d+)?[hlL]?[diouxXeEfFgGcrsa]/;

/**
 * `"%s://%s/items/%s" % (scheme, host, item)`: the format's text with each conversion read as C while the value it
 * takes is clean. Stops at the first tainted value, or a conversion whose value is not known.
 */
function pyFormatPrefix(node: TNode, isTainted: (n: TNode) => boolean): string {
  const [format, args] = named(node);
  if (format?.kind() !== "string") return "";
  const start = pyStringStart(format, null, isTainted);
  if (start.cut) return start.text;
  // A tuple gives one value per conversion; any other single value fills the first one only.
  const values = args?.kind() === "tuple" ? named(args) : args ? [args] : [];
  const text = start.text;
  let out = "";
  let next = 0;
  for (let at = 0; at < text.length; ) {
    const pct = text.indexOf("%", at);
    if (pct < 0) return out + text.slice(at);
    out += text.slice(at, pct);
    if (text[pct + 1] === "%") {
      out += "%";
      at = pct + 2;
      continue;
    }
    const conv = conversion.exec(text.slice(pct, pct + 12));
    const value = values[next++];
    if (!conv || !value || isTainted(value)) return out;
    out += "C";
    if (fixedStart.test(out)) return out;
    at = pct + conv[0].length;
  }
  return out;
}

/** `v` marked safe for redirects and SSRF when the text it is known to start with fixes the destination. */
const fixedBy = (v: Taint, prefix: string): Taint => (fixedStart.test(prefix) ? { ...v, mask: v.mask | destinationClasses } : v);

const memberRead = /^((?:self\.)?[\w$]+)\.([\w$]+)(?:\(\))?$/;

/**
 * `request.scheme`, `self.request.get_host()`: what the server sets on a request parameter or source path
 * (trustedParamMembers), which reads clean (evaluators/reads.ts).
 */
function serverSetPart(a: Analyzer, n: TNode): boolean {
  const m = memberRead.exec(n.text());
  if (!m || !a.rules.trustedParamMembers.has(m[2]!)) return false;
  const obj = m[1]!;
  return a.state.vars.get(obj)?.step.kind === "param" || a.rules.paths.some((p) => p.prefix === obj);
}

/** Whether a part of a string may be tainted, judged without evaluating it again. */
function taintedPart(a: Analyzer, n: TNode): boolean {
  const role = a.syn.roles[n.kind()];
  if (role === "literal") return false;
  if ((role === "member" || role === "call") && serverSetPart(a, n)) return false;
  if (role !== "ident" && role !== "member") return true;
  const r = rootIdent(a, n);
  return r === null || !!a.state.vars.get(r) || a.rules.pathRoots.has(r);
}

const redirectBit = classBit("open-redirect");
const nosqlBit = classBit("nosql-injection");
/** The request's own scheme, host and path (`req.protocol`, `req.get("host")`, `req.originalUrl`). */
const ownScheme = /^(?:req|request)\.protocol$/;
const ownHost = /^(?:req|request)\.(?:hostname|host|headers\.host|headers\[["']host["']\]|(?:get|header)\(\s*["']host["']\s*\))$/;
const ownPath = /^(?:req|request)\.(?:originalUrl|url|path)$/;

/**
 * `"https://" + req.hostname + req.originalUrl` (the move to HTTPS, a created resource's Location): the request's own
 * host, then its own path (which starts with "/"), sends the browser back to the site it asked. No open redirect:
 * a link cannot choose the Host its victim's browser sends. The server fetching it is still SSRF (its requester
 * chose that Host).
 */
function ownSite(node: TNode, syn: Syntax): boolean {
  let out = "";
  for (const p of flatParts(node, syn)) {
    const text = p.text().replace(/\s+/g, "");
    if (p.kind() === "string") out += p.text().slice(1, -1);
    else if (p.kind() === "string_fragment") out += p.text();
    else if (ownScheme.test(text)) out += "http";
    else if (ownHost.test(text)) out += "H";
    else if (ownPath.test(text)) return /^https?:\/\/H$/.test(out);
    else return /^https?:\/\/H[/?#]/.test(out);
  }
  return /^https?:\/\/H(?:[/?#]|$)/.test(out);
}

/** The page's whole address or origin (`document.location`, `location.href`, `window.location.origin`, `document.URL`). */
const pageAddress = /^(?:(?:window|document|self)\.)?location(?:\.(?:href|origin))?$|^document\.URL$/;

/**
 * `${document.location}?cmd=auth&pin=${pin}`: a URL starting with the page's own address in a browser leads back to
 * the page's own origin, whatever follows; a part of it (`location.hash`) is another matter.
 */
function pageOwnStart(node: TNode, syn: Syntax): boolean {
  const first = flatParts(node, syn).find((p) => !(p.kind() === "string" && p.text().length <= 2));
  return !!first && pageAddress.test(first.text().replace(/\s+/g, ""));
}

/** `v` (the value of `node`, a `+` chain or template) marked safe for redirects and SSRF when its start fixes the destination. */
export function withFixedDestination(a: Analyzer, node: TNode, v: Value): Value {
  if (!v) return v;
  if (a.syn.prefix === "py")
    return (v.mask & destinationClasses) === destinationClasses
      ? v
      : fixedBy(
          v,
          pyKnownPrefix(node, a.syn, (n) => taintedPart(a, n)),
        );
  if (!isJs(a)) return v;
  // A template or `+` makes a string (or a number): no operator object (asString).
  if (!v.str) v = asString(v);
  if ((v.mask & destinationClasses) === destinationClasses) return v;
  if (pageOwnStart(node, a.syn)) return { ...v, mask: v.mask | destinationClasses } satisfies Taint;
  if (!fixedStart.test(knownPrefix(node, a.syn, (n) => taintedPart(a, n)))) {
    return !(v.mask & redirectBit) && ownSite(node, a.syn) ? { ...v, mask: v.mask | redirectBit } : v;
  }
  return { ...v, mask: v.mask | destinationClasses } satisfies Taint;
}

/**
 * Python `"https://api.example.com/items/{}".format(x)`: the format's text up to its first replacement field fixes the
 * destination as a prefix does (`v`: what the call makes of its arguments).
 */
export function withFixedFormat(a: Analyzer, format: TNode, v: Value): Value {
  if (!v || a.syn.prefix !== "py" || format.kind() !== "string" || (v.mask & destinationClasses) === destinationClasses) return v;
  // An f-string's own values come before its fields are filled: left as they are.
  const start = pyStringStart(format, /\{(?!\{)/, () => true);
  return start.cut === "value" ? v : fixedBy(v, start.text);
}

/**
 * `url.searchParams.set("state", state)`: a value written into a URL's query (encoded there) cannot change where the
 * URL leads; the URL it taints is no open redirect or SSRF for it.
 */
export function queryWrite(a: Analyzer, recv: TNode, v: Taint): Taint {
  return isJs(a) && /\.searchParams$/.test(recv.text()) ? { ...v, mask: v.mask | destinationClasses } : v;
}

/** MongoDB's `{ $eq: value }` compares with the value as it is: an operator object inside matches nothing.
 * `$where`, `$function` and `$accumulator` run a string as JavaScript: being one makes it no safer (a JavaScript
 * object's, a Python dict's or a Go bson.M's entry alike). */
export function eqOperand(a: Analyzer, pair: TNode, v: Value): Value {
  if (!v || !(isJs(a) || a.syn.prefix === "py" || a.syn.prefix === "go")) return v;
  const key = pair.field("key")?.text() ?? "";
  if (/^["']?\$eq["']?$/.test(key)) return { ...v, mask: v.mask | nosqlBit };
  return v.str && /^["']?\$(where|function|accumulator)["']?$/.test(key) ? { ...v, mask: v.mask & ~nosqlBit } : v;
}
