// Calls: sources, sanitizers, collection writes and the return value of everything else; sinks in call-sinks.ts.
import type { TNode } from "../syntax/node.ts";
import type { Analyzer } from "../driver/analyzer.ts";
import { lastSegment } from "../syntax/rule-specs.ts";
import { keywordArg, keywordName, named } from "../syntax/syntax-types.ts";
import { allClassesMask, classBit } from "../syntax/classes.ts";
import type { Value } from "../model/state.ts";
import { sourceTaint, withStep, worse } from "../model/state.ts";
import { evalArgv } from "./argument-vectors.ts";
import { arrayCallbackValue } from "./callback-elements.ts";
import { applySummary, sourceHelperValue } from "./function-summaries.ts";
import type { Ctx } from "./function-summaries.ts";
import { ownObjectMethod } from "../functions/local-callees.ts";
import { ownReceiver } from "./constructor-fields.ts";
import { applyExternal } from "./cross-file-calls.ts";
import { collCall } from "./collection-calls.ts";
import { openPart } from "./closed-values.ts";
import { namedSanitizerMask } from "./custom-checks.ts";
import { conditionHolds, recordComputedCall, recordSinks } from "./call-sinks.ts";
import { findallValue, groupCall } from "./match-groups.ts";
import { schemaMethods, schemaParse } from "./schema-parse.ts";
import { moduleResult } from "./module-results.ts";
import { queryWrite, withFixedFormat } from "./fixed-prefix.ts";
import { decoded } from "./url-paths.ts";
import { rebuiltUrl } from "./url-parts.ts";

/** Calls that build a list from their arguments, read as an argument vector like an array literal. */
const listOf = new Set(["Arrays.asList", "List.of", "Stream.of"]);

const strip = (s: string): string => (/\s/.test(s) ? s.replace(/\s+/g, "") : s);

/** A leading package path: lower-case segments followed by a class name. */
const javaPackage = /^(?:[a-z_][a-z0-9_]*\.)+(?=[A-Z])/;

/** The path a file read is given (its first argument, else the receiver: `Path(p).read_text()`) is fixed text of the program. */
function fixedPath(a: Analyzer, callee: Callee, positional: TNode[]): boolean {
  const path = positional[0] ?? callee.recv;
  return !!path && path.kind() !== "number" && path.kind() !== "integer" && !openPart(a, path, 0, a.scopeText(), new Map());
}

export interface Callee {
  text: string;
  recv: TNode | null;
  fn: TNode | null;
}

/**
 * `(0, m_1.exec)`: how TypeScript and Babel call an imported function without a `this` (`import { exec }
 * from "child_process"; exec(cmd)` compiles to `(0, child_process_1.exec)(cmd)`) is a call of `m_1.exec`.
 */
function indirect(fn: TNode | null): TNode | null {
  if (fn?.kind() !== "parenthesized_expression") return fn;
  const seq = fn.named()[0];
  const [zero, target, more] = seq?.kind() === "sequence_expression" ? seq.named() : [];
  return zero?.kind() === "number" && target && !more && (target.kind() === "member_expression" || target.kind() === "identifier") ? target : fn;
}

/** The callee of a call as text (`a.b.c`, `new T`), its receiver node and the callee node. */
export function calleeOf(a: Analyzer, node: TNode, isNew: boolean): Callee {
  const kind = node.kind();
  if (kind === "method_invocation") {
    const obj = node.field("object");
    const name = node.field("name")?.text() ?? "";
    // Java names a class with its package (org.example.Util.run); rules name the class.
    return { text: obj ? `${strip(obj.text()).replace(javaPackage, "")}.${name}` : name, recv: obj, fn: null };
  }
  if (isNew) {
    const t = node.field("type") ?? node.field("constructor");
    let type = strip(t?.text() ?? "").replace(/<.*>$/, "");
    // Java names a class with its package (new java.io.File); rules name the class.
    if (kind === "object_creation_expression") type = type.slice(type.lastIndexOf(".") + 1);
    return { text: `new ${type}`, recv: null, fn: null };
  }
  const fn = indirect(node.field("function"));
  if (!fn) return { text: "", recv: null, fn: null };
  const recv = a.syn.roles[fn.kind()] === "member" ? fn.field(a.syn.memberFields[0]) : null;
  return { text: strip(fn.text()), recv, fn };
}

export function evalCall(a: Analyzer, node: TNode, isNew: boolean): Value {
  const rules = a.rules;
  const callee = calleeOf(a, node, isNew);
  const method = lastSegment(callee.text);
  let recvT: Value = null;
  if (node.kind() === "method_invocation") {
    if (callee.recv) recvT = a.ev(callee.recv);
    if (recvT && rules.cleanMembers.has(method)) recvT = null;
  } else if (callee.fn && callee.recv) {
    recvT = a.ev(callee.fn);
  } else if (callee.fn && a.syn.roles[callee.fn.kind()] !== "ident") {
    recvT = a.ev(callee.fn);
  }
  // `f(x for x in xs)`: a generator expression is the call's one argument, not its argument list.
  const list = node.field("arguments");
  const all = list?.kind() === "generator_expression" ? [list] : named(list);
  const positional = all.filter((c) => c.kind() !== "keyword_argument");
  let firstTainted: Value = null;
  const vals = new Map<TNode, Value>();
  for (const arg of all) {
    const v = a.ev(arg);
    vals.set(arg, v);
    // The least sanitized argument (the first among equals): `path.join(root, rel)` is as unsafe as `rel`.
    if (v) firstTainted = worse(firstTainted, v);
  }

  // Clean arguments and receiver leave a watched call as it is: look it up only when tainted.
  const passed = worse(firstTainted, recvT);
  if (passed && a.watch.size) {
    const w = a.watch.get(node.id());
    if (w) w.taint = worse(w.taint, passed);
  }

  if (listOf.has(callee.text)) return evalArgv(a, all, vals);
  const known = collCall(a, callee, method, positional, vals);
  if (known !== undefined) return known;

  const sinks = rules.sinks.lookup(callee.text);
  // A method the file writes into its own object runs, not the library method a sink of that name stands for.
  const defs = sinks && (a.summaries as Ctx | null)?.shared.defs;
  if (sinks && !(defs && ownObjectMethod(defs, a.syn, node, callee, positional.length, () => a.scopeText())))
    recordSinks(a, node, sinks, callee.recv, positional, all, vals, recvT);
  if (a.rules.computedCalls.length && callee.fn) recordComputedCall(a, node, callee.fn);

  // Array callbacks (JavaScript): `ids.map(() => "?")` makes constants, a filter by an allow-list keeps allowed elements.
  const mapped = recvT && callee.recv && positional.length === 1 ? arrayCallbackValue(a, method, recvT, positional[0]!) : undefined;
  if (mapped !== undefined) return mapped;

  // After the sinks: a call can be both (redirect() is an open-redirect sink whose response is no HTML body).
  const sanitize = rules.sanitizers
    .lookup(callee.text)
    ?.filter(
      (x) =>
        conditionHolds(x, positional, all) &&
        (!x.argMatches || x.argMatches.every((m) => m.regex.test(positional[m.arg]?.text() ?? ""))) &&
        (!x.keywordMatches || keywordText(all, x.keywordMatches.keyword, x.keywordMatches.regex)) &&
        (!x.tagged || list?.kind() === "template_string") &&
        !(x.exceptReceivers && callee.recv && x.exceptReceivers.some((r) => r.test(callee.recv!.text()))),
    );
  const byName = namedSanitizerMask(callee.text);
  const base = worse(firstTainted, recvT);
  // A call both sanitizer and source (a file read: its text is no XSS, and a weaker source elsewhere) is the source when nothing tainted goes in.
  if ((sanitize?.length || byName) && (base || !rules.sourceCalls.lookup(callee.text))) {
    const mask = (sanitize ?? []).reduce((m, x) => m | x.mask, byName);
    if (!base || ((base.mask | mask) & allClassesMask) === allClassesMask) return null;
    // A listed bare name (mongo-sanitize's `sanitize`) may be the file's own helper or one it imports, whose escape counts too.
    const own =
      !recvT && firstTainted && !callee.recv ? (applySummary(a, node, callee, all, vals) ?? applyExternal(a, node, callee, all, vals, null)) : undefined;
    const out = own === undefined ? base : own;
    return out && { ...out, mask: out.mask | mask };
  }

  // A module's validation schema keeps only its keys, and some of them admit no text (evaluators/schema-parse.ts).
  if (firstTainted && callee.recv && schemaMethods.has(method)) {
    const parsed = schemaParse(a, callee.recv, method, firstTainted, node);
    if (parsed !== undefined) return parsed;
  }

  const source = rules.sourceCalls.lookup(callee.text);
  if (source?.[0] && !(source[0].fixedPathSafe && fixedPath(a, callee, positional)))
    return sourceTaint(node, source[0].id, source[0].confidence, "source", source[0].mask);

  if (firstTainted && callee.recv && rules.writeReceiver.has(method)) {
    const root = a.rootOf(callee.recv);
    if (root && !a.state.vars.get(root)) a.state.vars.set(root, withStep(queryWrite(a, callee.recv, firstTainted), node));
  }
  const outT = worse(recvT, firstTainted);
  if (outT && rules.outArgs.has(method)) {
    for (const arg of positional) {
      const target = arg.kind() === "unary_expression" ? arg.field("operand") : null;
      if (target && a.syn.roles[target.kind()] === "ident") a.state.vars.set(target.text(), withStep(outT, node));
    }
  }
  // A match's groups hold what their patterns admit (evaluators/match-groups.ts).
  const grouped =
    recvT && callee.recv && a.syn.prefix === "py"
      ? groupCall(a, callee.recv, method, positional, plain(recvT))
      : firstTainted && (callee.text === "re.findall" || callee.text === "regex.findall")
        ? findallValue(a, positional, firstTainted)
        : undefined;
  if (grouped !== undefined) return grouped;
  const rebuilt = firstTainted && positional.length === 1 ? rebuiltUrl(a, callee.text, positional[0]!) : undefined;
  if (rebuilt !== undefined) return rebuilt;
  // A function of this file: what its summary says (evaluators/function-summaries.ts).
  const self = recvT ? null : ownReceiver(a, callee.recv);
  const summed = recvT ? undefined : firstTainted || self ? applySummary(a, node, callee, all, vals, self) : sourceHelperValue(a, node, callee, all);
  if (summed !== undefined) return summed;
  // A function of another file of the repository, when it is given (driver/cross-file-context.ts).
  const external = passed ? applyExternal(a, node, callee, all, vals, recvT) : undefined;
  if (external !== undefined) return external;
  if (callee.recv && rules.readReceiver.has(method)) return recvT;
  if (!callee.recv && rules.readFirst.has(callee.text)) return worse(vals.get(positional[0]!) ?? null, vals.get(positional[2]!) ?? null);
  if (recvT) return recvT.step.kind === "param" ? sourceTaint(node, recvT.step.sourceId, recvT.confidence, "source", recvT.mask) : plain(recvT);
  if (!rules.propagateUnknown) return null;
  const out = decoded(callee.text, plain(unstrung(moduleResult(a, callee.text, handedBack(a, all, vals, firstTainted)))));
  return method === "format" && callee.recv ? withFixedFormat(a, callee.recv, out) : out;
}

/** Whether a keyword argument of that name is passed with text matching `re`. */
function keywordText(all: TNode[], keyword: string, re: RegExp): boolean {
  const k = keywordArg(all, keyword);
  return !!k && re.test(k.field("value")?.text() ?? "");
}

/** The arguments' worst value but for keyword arguments an unknown call does not hand back (`cwd=location`). */
function handedBack(a: Analyzer, all: TNode[], vals: Map<TNode, Value>, worst: Value): Value {
  const inert = a.rules.inertKeywords;
  if (!worst || !inert.size) return worst;
  let v: Value = null;
  for (const arg of all) if (!inert.has(keywordName(arg) ?? "")) v = worse(v, vals.get(arg) ?? null);
  return v;
}

const nosqlBit = classBit("nosql-injection");

/** What a function makes of a string it is given may be an object again (`JSON.parse(s)`): no longer
 * known to be a string. A method called on the string keeps it (`s.trim()`, above). */
function unstrung(v: Value): Value {
  if (!v?.str) return v;
  const { str: _, ...rest } = v;
  return { ...rest, mask: v.mask & ~nosqlBit };
}

/** What a call makes of an argument vector (String.join, toString) is no longer one, nor of a parsed URL object. */
function plain(v: Value): Value {
  if (!v?.argv && !v?.url) return v;
  const { argv: _, url: __, ...rest } = v;
  return rest;
}
