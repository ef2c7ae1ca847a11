// A call's sinks: which listed sinks a call is, under their conditions (a literal argument, the function's or the
// file's text, the receiver, a format string), and which of its arguments reach them.
import type { TNode } from "../syntax/node.ts";
import type { Analyzer } from "../driver/analyzer.ts";
import type { SinkSpec } from "../syntax/rule-specs.ts";
import { keywordArg, keywordName } from "../syntax/syntax-types.ts";
import type { Value } from "../model/state.ts";
import { safelyFormatted } from "./format-args.ts";
import { ownCommandName, ownPathName, wholeChain } from "../model/whole-params.ts";
import { listingEntry } from "./listing-entries.ts";
import { keyedValue, seenKeyed } from "./keyed-objects.ts";
import { escapeRegExp } from "../../../text.ts";

/** `new URL(u).getHost()`: the call's result only read by a listed method, told by the text after it. */
function readAtOnce(a: Analyzer, node: TNode, after: RegExp): boolean {
  const end = node.range().end.index;
  return after.test(a.source.slice(end, end + 40));
}

const callNext = /^\s*\(/;

/**
 * `handler = getattr(self, action)`, `const handler = handlers[action]`: the value is a name's, and the rest of the
 * function calls that name (`handler(request)`, `handler.call(this, req)`), told by its text.
 */
function calledLater(a: Analyzer, value: TNode): boolean {
  const decl = value.parent();
  const kind = decl?.kind();
  const target = kind === "assignment" ? decl!.field("left") : kind === "variable_declarator" ? decl!.field("name") : null;
  if (target?.kind() !== "identifier") return false;
  const end = a.scope ? a.scope.range().end.index : a.source.length;
  const call = new RegExp(`(?<![\\w$.])${escapeRegExp(target.text())}\\s*(?:\\(|\\.\\s*(?:call|apply)\\s*\\()`);
  return call.test(a.source.slice(decl!.range().end.index, end));
}

/** A library entry's parameter handed whole to a file sink (`fs.rmSync(dir)`, `open(path)`): the caller names
 * the file and the function does what it was asked; traversal needs a base directory the value escapes
 * (`path.join(root, rel)`), and a value built or copied on the way is still reported. The name's own place, or a
 * sibling or child of it no `..` leads out of (`os.path.join(path, ".git")`, `dir / "manage.py"`), is the caller's
 * too. "param": the same from a parameter of a helper being summarised, for its callers to judge (function-summaries.ts). */
function wholeCallerPath(a: Analyzer, spec: Pick<SinkSpec, "className" | "callersOwn">, t: NonNullable<Value>, arg: TNode): "library" | "param" | null {
  // `callersOwn` sinks (a template compiled): the parameter itself, as the caller gave it.
  const core = spec.className === "path-traversal" ? ownPathName(arg.text()) : spec.callersOwn ? ownCommandName(arg.text()) : null;
  if (!core) return null;
  const whole = wholeChain(t, a.rules.library?.spec.id);
  return whole && whole.name === core ? whole.from : null;
}

const requestObject = /^(?:req|request|ctx)(?:\.request)?\.(?:query|params|headers|cookies|signedCookies)$/;

/**
 * An argument's node kind; JavaScript: a variable declared as an object or array literal (`const body = { q }`, or a
 * `let`/`var` never assigned again) is one, and in every language so is a value tainted in some of its members only
 * (a `request` or `ctx` handed on whole, or what an unknown call made of one): an object, logged by util.inspect or
 * sent as JSON, not a string its members' text reaches.
 */
function argKind(a: Analyzer, p: TNode, v: NonNullable<Value>): string {
  const kind = p.kind() as string;
  // Python: a Lambda event or a request handed on whole is a dict or an object, printed by its repr.
  if (v.fields) return a.syn.prefix === "py" ? "dictionary" : "object";
  if (a.syn.prefix !== "js" && a.syn.prefix !== "ts") return kind;
  // A request's parsed parts as a whole (`console.log(request.query)`, `res.send(req.params)`): objects, printed
  // by util.inspect or sent as JSON, their strings quoted and escaped.
  if (kind === "member_expression" && requestObject.test(p.text())) return "object";
  if (kind !== "identifier") return kind;
  const text = a.scopeText();
  const name = p.text().replace(/\$/g, "\\$");
  const decl = new RegExp(`\\b(const|let|var)\\s+${name}\\s*(?::[^=;]+)?=\\s*([{[])`).exec(text);
  if (!decl) return kind;
  // `var obj = {…}` filled member by member (`obj.context = …`) is still that object: unless it is assigned again.
  const assigned = new RegExp(`(?<![\\w$.])${name}\\s*(?:=(?!=)|\\+=)`, "g");
  if (decl[1] !== "const" && [...text.matchAll(assigned)].length > 1) return kind;
  // The literal must be the whole value (not `[a, b].join()` or `{…}.toString()`): what follows its closing bracket ends the statement.
  const open = decl.index + decl[0].length - 1;
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const ch = text[i];
    if (ch === "{" || ch === "[" || ch === "(") depth++;
    else if (ch === "}" || ch === "]" || ch === ")") depth--;
    if (depth === 0) return /^\s*(?:;|\n|$)/.test(text.slice(i + 1, i + 3)) ? (decl[2] === "[" ? "array" : "object") : kind;
  }
  return kind;
}

function unquote(n: TNode): string {
  const t = n.text().replace(/\s+/g, "");
  return /^["'`]/.test(t) ? t.slice(1, -1) : t;
}

export function conditionHolds(spec: Pick<SinkSpec, "when">, positional: TNode[], all: TNode[]): boolean {
  const w = spec.when;
  if (!w) return true;
  if (w.arg !== undefined) return positional[w.arg] ? unquote(positional[w.arg]!) === w.equals : false;
  const v = w.keyword === undefined ? null : keywordArg(all, w.keyword)?.field("value");
  return v ? unquote(v) === w.equals : false;
}

/**
 * JavaScript: a call through a computed member (`handlers[name](req)`, `handlers[name].call(…)`) picks the function its
 * key names, the prototype's (`constructor`, `__proto__`'s) included: the key is the `computedCalls` sinks' argument.
 */
export function recordComputedCall(a: Analyzer, node: TNode, fn: TNode | null): void {
  let member = fn;
  if (member?.kind() === "member_expression" && /^(?:call|apply)$/.test(member.field("property")?.text() ?? "")) member = member.field("object");
  if (member?.kind() === "subscript_expression") recordKey(a, node, member);
}

/** `const handler = handlers[action]` where the function calls `handler` further on: the pick is the sink. */
export function recordPicked(a: Analyzer, value: TNode): void {
  if (value.kind() === "subscript_expression" && calledLater(a, value)) recordKey(a, value, value);
}

function recordKey(a: Analyzer, at: TNode, member: TNode): void {
  const key = member.field("index");
  const v = key ? a.ev(key) : null;
  if (v) recordSinks(a, at, a.rules.computedCalls, null, [key!], [key!], new Map([[key!, v]]), null);
}

/**
 * Whether the argument `unlessArg` names (by position, or by its keyword) matches its regex; an identifier naming a
 * class the file declares matches by one of its bases too (`class Loader(yaml.SafeLoader)` is a safe loader).
 */
function unlessArgHolds(a: Analyzer, u: NonNullable<SinkSpec["unlessArg"]>, positional: TNode[], all: TNode[]): boolean {
  const kw = u.keyword ? keywordArg(all, u.keyword)?.field("value") : null;
  const text = (kw ?? positional[u.arg])?.text() ?? "";
  if (u.regex.test(text)) return true;
  if (!/^[A-Za-z_]\w*$/.test(text)) return false;
  const decl = new RegExp(`(?:^|\\n)[ \\t]*class\\s+${text}\\s*\\(([^)]*)\\)`).exec(a.source);
  return !!decl && decl[1]!.split(",").some((b) => u.regex.test(b.trim()));
}

/** Records a hit for each of the call's sinks (`sinks`) whose positions a tainted argument (or the receiver) reaches. */
export function recordSinks(
  a: Analyzer,
  node: TNode,
  sinks: readonly SinkSpec[],
  recv: TNode | null,
  positional: TNode[],
  all: TNode[],
  vals: Map<TNode, Value>,
  recvT: Value,
): void {
  // Python's `**options` passes keywords: it holds none of the call's positions (mako's `Template(uri=u, **args)`).
  const byPosition = positional.some((p) => p.kind() === "dictionary_splat") ? positional.filter((p) => p.kind() !== "dictionary_splat") : positional;
  for (const spec of sinks) {
    if (!conditionHolds(spec, positional, all)) continue;
    if (spec.unless.length && spec.unless.some((r) => r.test(a.scopeText()))) continue;
    if (spec.fileContains.length && !spec.fileContains.some((r) => a.fileMatches(r))) continue;
    if (recv && spec.exceptReceivers.some((r) => r.test(recv.text()))) continue;
    if (spec.unlessArg && unlessArgHolds(a, spec.unlessArg, positional, all)) continue;
    if (spec.ifArg && !spec.ifArg.regex.test(positional[spec.ifArg.arg]?.text() ?? "")) continue;
    if (spec.calledAtOnce && !readAtOnce(a, node, callNext) && !calledLater(a, node)) continue;
    const positions = spec.args ? spec.args.map((i) => byPosition[i]) : spec.keywords ? [] : all;
    if (spec.keywords) for (const k of all) if (spec.keywords.has(keywordName(k) ?? "")) positions.push(k);
    const formatted = safelyFormatted(positional, spec.formatSafe);
    for (const p of positions) {
      if (p && formatted?.has(p)) continue;
      const v = !p
        ? null
        : spec.objectKeys && p.kind() === "object"
          ? keyedValue(a, p, spec.objectKeys)
          : spec.keyedOnly && !seenKeyed(a, p, spec.objectKeys!)
            ? null
            : vals.get(p);
      // A string run as code (`code` sinks) is marked safe from operator objects only: not here.
      const t = v && spec.code && v.str ? { ...v, mask: v.mask & ~spec.cls } : v;
      if (
        t &&
        !(t.mask & spec.cls) &&
        !(spec.argv && t.argv) &&
        !(spec.noShell && a.rules.shellOnly.has(t.step.sourceId)) &&
        !spec.ignoreKinds.has(argKind(a, p!, t))
      ) {
        const whole = wholeCallerPath(a, spec, t, p!);
        if (whole === "library") continue;
        if (spec.className === "path-traversal" && listingEntry(a, p!)) continue;
        // A path written at a later position (a copy's destination) is judged as given there (driver/library-contract.ts).
        const later = spec.args?.[0] && spec.className === "path-traversal" ? p! : undefined;
        if (!spec.readOnly || !readAtOnce(a, node, spec.readOnly)) a.recordHit(node, spec, t, undefined, whole === "param", later);
        break;
      }
    }
    if (!spec.receiver || !recvT) continue;
    // A path object the caller handed in (`path.unlink()` on a library entry's `path`) is the caller's own file.
    // Judged by the receiver's own value: the member read off a parameter (`path.unlink`) starts a flow of its own.
    const own = recv && a.syn.roles[recv.kind()] === "ident" ? a.ev(recv) : null;
    const whole = recv ? wholeCallerPath(a, spec, own ?? recvT, recv) : null;
    if (whole !== "library") a.recordHit(node, spec, recvT, undefined, whole === "param");
  }
}
