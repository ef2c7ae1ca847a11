// Where the analysis meets known collections (model/collection-values.ts): their creation at an assignment, calls on
// them (`add`, `put`, `get`, `remove`, `setAttribute`, configparser `set`/`get`), element reads and
// writes (`l[1]`, `d["k"] = v`), and a list read whole as an argument vector.
import type { TNode } from "../syntax/node.ts";
import type { Analyzer } from "../driver/analyzer.ts";
import { named } from "../syntax/syntax-types.ts";
import { constEval, operatorOf, unknown } from "../model/static-conditions.ts";
import type { Value } from "../model/state.ts";
import type { Coll, Elem } from "../model/collection-values.ts";
import * as C from "../model/collection-values.ts";
import { fixedProgram, harmlessProgram } from "./argument-vectors.ts";

const listTypes = /^new (?:ArrayList|LinkedList|Vector|CopyOnWriteArrayList|ArrayDeque)$/;
const mapTypes = /^new (?:HashMap|LinkedHashMap|TreeMap|Hashtable|ConcurrentHashMap|Properties|Map)$/;
const pyMaps = /^(?:dict|(?:configparser\.)?(?:Raw|Safe)?ConfigParser|(?:collections\.)?(?:OrderedDict|defaultdict))$/;

/** The collection a node names: a variable or a member path of variables (`request.environ`, `request.getSession()`). */
export function collName(a: Analyzer, n: TNode): string | null {
  const role = a.syn.roles[n.kind()];
  if (role === "ident") return n.text();
  // Java's session of a request is the same object at every call.
  if (n.kind() === "method_invocation" && n.field("name")?.text() === "getSession" && named(n.field("arguments")).length <= 1) {
    const obj = n.field("object");
    const base = obj ? collName(a, obj) : null;
    return base ? `${base}.getSession()` : null;
  }
  if (role !== "member") return null;
  const obj = n.field(a.syn.memberFields[0]);
  const base = obj ? collName(a, obj) : null;
  return base ? `${base}.${n.field(a.syn.memberFields[1])?.text() ?? ""}` : null;
}

const constOf = (a: Analyzer, n: TNode | undefined): string | number | null => {
  const c = n ? constEval(n, a.state.consts) : unknown;
  return typeof c === "string" || typeof c === "number" ? c : null;
};

/** Callee text of a call or constructor (`Arrays.asList`, `new HashMap`, `dict`). */
function calleeText(n: TNode): string {
  const k = n.kind();
  if (k === "object_creation_expression") return `new ${(n.field("type")?.text() ?? "").replace(/<.*>$/, "").replace(/^.*\./, "")}`;
  if (k === "new_expression") return `new ${(n.field("constructor")?.text() ?? "").replace(/\s+/g, "")}`;
  // java.util.Arrays.asList is Arrays.asList.
  if (k === "method_invocation")
    return `${n.field("object")?.text() ?? ""}.${n.field("name")?.text() ?? ""}`
      .replace(/^\./, "")
      .replace(/\s+/g, "")
      .replace(/^(?:[a-z_]\w*\.)+(?=[A-Z])/, "");
  return (n.field("function")?.text() ?? "").replace(/\s+/g, "");
}

/** The recorded elements of a list literal or `Arrays.asList(...)`/`List.of(...)`. */
function literal(a: Analyzer, n: TNode): Elem[] | undefined {
  const role = a.syn.roles[n.kind()];
  let elems: TNode[];
  if (role === "array") elems = named(n).filter((c) => !c.kind().includes("comment"));
  else if (role === "call" && /^(?:Arrays\.asList|List\.of)$/.test(calleeText(n))) elems = named(n.field("arguments"));
  else return undefined;
  if (!elems.length) return [];
  // A clean statement's literal was not walked (fast/relevance.ts): its elements are clean.
  return a.literalElems.get(elems[0]!.id()) ?? (a.inCleanStatement ? elems.map((e) => ({ v: null, n: e })) : undefined);
}

/** The elements of an argument: a literal's, or a known list's. */
export function elemsOf(a: Analyzer, n: TNode): readonly Elem[] | null {
  const lit = literal(a, n);
  if (lit) return lit;
  const name = collName(a, n);
  const c = name ? a.state.colls.get(name) : undefined;
  return c?.list && c.rest === null ? c.list : null;
}

/** The collection an assignment's value makes, if it is one the analysis knows element by element. */
function created(a: Analyzer, value: TNode, whole: Value): Coll | null {
  const role = a.syn.roles[value.kind()];
  const lit = literal(a, value);
  if (lit) return { list: lit, keys: null, rest: null };
  if (role === "array") return null;
  if (value.kind() === "array_creation_expression") {
    const init = named(value).find((c) => c.kind() === "array_initializer");
    if (init) return created(a, init, whole);
    const dims = named(value).filter((c) => c.kind() === "dimensions_expr");
    const n = dims.length === 1 ? constOf(a, named(dims[0]!)[0]) : null;
    return typeof n === "number" && n >= 0 && n < 64 ? { list: Array.from({ length: n }, () => ({ v: null, n: null })), keys: null, rest: null } : null;
  }
  if (value.kind() === "dictionary") {
    const keys = new Map<string, Value>();
    for (const p of named(value)) {
      const k = p.kind() === "pair" ? constOf(a, p.field("key") ?? undefined) : null;
      if (k === null) return { list: null, keys, rest: whole };
      keys.set(String(k), cheapValue(a, p.field("value"), whole));
    }
    return { list: null, keys, rest: null };
  }
  if (role !== "call" && role !== "new") return null;
  const text = calleeText(value);
  const args = named(value.field("arguments"));
  if (listTypes.test(text) || /^(?:list|(?:collections\.)?deque)$/.test(text)) {
    if (!args.length) return C.emptyList;
    const parts = text === "list" ? urlPartsList(args[0], whole) : null;
    if (parts) return { list: parts, keys: null, rest: null };
    const elems = args.length === 1 ? elemsOf(a, args[0]!) : null;
    return elems ? { list: elems, keys: null, rest: null } : typeof constOf(a, args[0]) === "number" ? C.emptyList : null;
  }
  if (/ConfigParser$/.test(text)) return { ...C.emptyMap, sections: true };
  if (mapTypes.test(text) || pyMaps.test(text)) return args.length && text !== "defaultdict" ? null : C.emptyMap;
  return null;
}

/** A dict entry's value without walking it again: literals are clean, variables are looked up, the rest is the dict's. */
function cheapValue(a: Analyzer, n: TNode | null, whole: Value): Value {
  if (!n) return null;
  if (constEval(n, a.state.consts) !== unknown) return null;
  if (a.syn.roles[n.kind()] === "ident" && a.state.vars.has(n.text())) return a.state.vars.get(n.text()) ?? null;
  return whole;
}

/** After `name = value`: the collection the name now holds, if known; member paths under it are forgotten. */
export function bindColl(a: Analyzer, name: string, value: TNode | null, whole: Value): void {
  const colls = a.state.colls;
  if (colls.size) for (const k of [...colls.keys()]) if (k === name || k.startsWith(`${name}.`)) colls.delete(k);
  const c = value ? created(a, value, whole) : null;
  if (c) colls.set(name, c);
}

/** The collection and constant key of an element `x[k]`, or of a config entry `conf["s"]["k"]`. */
function element(a: Analyzer, target: TNode): { name: string; key: string | number | null; c: Coll | undefined } | null {
  const obj = target.field(a.syn.indexField) ?? named(target)[0];
  if (!obj) return null;
  const key = constOf(
    a,
    named(target).find((c) => c.id() !== obj.id() && c !== obj),
  );
  const name = collName(a, obj);
  if (name) return { name, key, c: a.state.colls.get(name) };
  if (a.syn.roles[obj.kind()] !== "index") return null;
  // A config parser's section: conf["s"]["k"] is the entry (s, k).
  const inner = element(a, obj);
  if (!inner?.c?.sections || typeof inner.key !== "string") return null;
  return { name: inner.name, key: typeof key === "string" ? `${inner.key}\0${key}` : null, c: inner.c };
}

/** `x[i] = v`: a strong update of a known element; a constant key on a map not known yet starts one. */
export function writeIndex(a: Analyzer, target: TNode, v: Value): void {
  const e = element(a, target);
  if (!e) return;
  const { name, key, c } = e;
  let next: Coll | null = null;
  if (c?.list) next = C.listSet(c, typeof key === "number" ? key : null, { v, n: null });
  // conf["s"] = {...} writes a whole section: any of its entries may change.
  else if (c?.keys) next = C.mapPut(c, key === null || (c.sections && !String(key).includes("\0")) ? null : String(key), v);
  else if (typeof key === "string") next = C.mapPut({ list: null, keys: new Map(), rest: undefined }, key, v);
  if (next) a.state.colls.set(name, next);
  else a.state.colls.delete(name);
}

/** `x[i]` of a known collection, or undefined to read it whole. */
export function readIndex(a: Analyzer, node: TNode): Value | undefined {
  if (!a.state.colls.size) return undefined;
  const e = element(a, node);
  if (!e?.c || e.key === null) return undefined;
  const { c, key } = e;
  if (c.sections && !String(key).includes("\0")) return undefined;
  return c.list ? (typeof key === "number" ? C.listGet(c, key) : undefined) : C.mapGet(c, String(key));
}

const splitCall = /^(?:(?:urllib\.)?parse\.)?url(split|parse)\(/;

/** `list(urlsplit(x))`: five parts (six for urlparse), each as tainted as `x` was (evaluators/url-parts.ts); null for another argument. */
function urlPartsList(arg: TNode | undefined, whole: Value): Elem[] | null {
  const m = arg ? splitCall.exec(arg.text()) : null;
  return m ? Array.from({ length: m[1] === "split" ? 5 : 6 }, () => ({ v: whole, n: null })) : null;
}

/** Python `["git", "log"] + args`: a list joined after a fixed program is still an argument vector. */
export function concatArgv(a: Analyzer, node: TNode, parts: TNode[], v: Value): Value {
  if (!v || a.syn.ruleLanguage !== "python" || parts.length !== 2 || operatorOf(node) !== "+") return v;
  const first = elemsOf(a, parts[0]!)?.[0];
  if (!first || first.v || !first.n || !harmlessProgram(a, first.n)) return v;
  return { ...v, argv: true };
}

/** Python `cmd = ["java"]; cmd += args`: a list extended after its fixed program is still an argument vector. */
export function augArgv(a: Analyzer, left: TNode, v: Value): Value {
  if (!v || v.argv || a.syn.ruleLanguage !== "python" || left.kind() !== "identifier") return v;
  const name = left.text();
  return a.state.vars.get(name)?.argv || fixedProgramList(a, a.state.colls.get(name)?.list) ? { ...v, argv: true } : v;
}

/** Whether a known list starts with a fixed program (evaluators/argument-vectors.ts): an argument vector. */
function fixedProgramList(a: Analyzer, list: readonly Elem[] | null | undefined): boolean {
  const first = list?.[0];
  return first !== undefined && !first.v && first.n !== null && fixedProgram(a, first.n);
}

/** A variable read whole: a known list is an argument vector when its program is fixed (evaluators/argument-vectors.ts). */
export function readWhole(a: Analyzer, name: string, v: Value): Value {
  const c = a.state.colls.get(name);
  if (!v || !c?.list) return v;
  const argv = fixedProgramList(a, c.list);
  if (argv === Boolean(v.argv)) return v;
  if (argv) return { ...v, argv: true };
  const { argv: _, ...rest } = v;
  return rest;
}
