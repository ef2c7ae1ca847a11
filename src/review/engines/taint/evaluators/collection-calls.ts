// Calls on known collections (model/collection-values.ts): list `add`/`append`/`insert`/`extend`/`remove`/`pop`/`get`/
// `set`, map `put`/`get`/`getOrDefault`/`remove`, attributes (`setAttribute`/`getAttribute` of a
// session or request) and configparser `set(section, key, v)`/`get(section, key)` by constant key.
import type { TNode } from "../syntax/node.ts";
import type { Analyzer } from "../driver/analyzer.ts";
import type { Callee } from "./calls.ts";
import { constEval, unknown } from "../model/static-conditions.ts";
import type { Value } from "../model/state.ts";
import { worse } from "../model/state.ts";
import type { Coll } from "../model/collection-values.ts";
import * as C from "../model/collection-values.ts";
import { collName, elemsOf } from "./collection-sites.ts";

const listAdd = new Set(["add", "append", "addLast", "offer", "offerLast"]);
const mapPut = new Set(["put", "setAttribute", "setProperty", "putValue", "__setitem__"]);
const mapGet = new Set(["get", "getOrDefault", "getAttribute", "getProperty", "getValue", "getint", "getfloat", "getboolean", "optString"]);
const mapRemove = new Set(["remove", "removeAttribute", "removeValue", "pop", "remove_option", "delete"]);
/** Methods that read without changing: a known collection stays known. */
const readOnly = new Set([
  "size",
  "isEmpty",
  "contains",
  "containsKey",
  "containsValue",
  "length",
  "has_section",
  "has_option",
  "sections",
  "options",
  "keys",
  "values",
  "items",
  "stream",
  "iterator",
  "toString",
  "equals",
  "hashCode",
  "indexOf",
  "index",
  "count",
  "getAttributeNames",
  "copy",
  "forEach",
  "entrySet",
  "keySet",
  "includes",
  "has",
  "join",
  "toArray",
  "getSession",
  "add_section",
  "getParameter",
  "getHeader",
]);

const java = (a: Analyzer): boolean => a.syn.ruleLanguage === "java";
/** Methods that take the first element off (`pop` is the front of a Java deque, the end elsewhere). */
const takeFirst = new Set(["removeFirst", "poll", "pollFirst", "popleft", "shift"]);
const takeLast = new Set(["removeLast", "pollLast"]);
const addFirst = new Set(["addFirst", "offerFirst", "unshift", "appendleft"]);
const peekFirst = new Set(["getFirst", "peek", "peekFirst", "element"]);
const peekLast = new Set(["getLast", "peekLast"]);

/** A call on a known list: what it reads (undefined: nothing known) and the list after (null: no longer known). */
function listCall(
  a: Analyzer,
  c: Coll,
  method: string,
  args: TNode[],
  val: (i: number) => Value,
  i: string | number | null,
): { next: Coll | null; read: Value | undefined } {
  const one = args.length === 1;
  const py = a.syn.ruleLanguage === "python";
  const elem = (j: number) => ({ v: val(j), n: args[j]! });
  const take = (at: number | undefined) => {
    const r = C.listRemove(c, at);
    return r ? { next: r.c, read: r.v } : { next: null, read: undefined };
  };
  if (one && (listAdd.has(method) || (method === "push" && !java(a)))) return { next: C.listAppend(c, elem(0)), read: undefined };
  if (one && (addFirst.has(method) || (method === "push" && java(a)))) return { next: C.listInsert(c, 0, elem(0)), read: undefined };
  if ((method === "add" && args.length === 2) || method === "insert" || method === "splice") {
    return { next: typeof i === "number" && args.length === 2 ? C.listInsert(c, i, elem(1)) : null, read: undefined };
  }
  if (method === "extend" || method === "addAll") return { next: one ? C.listExtend(c, elemsOf(a, args[0]!), val(0)) : null, read: undefined };
  if (method === "get" && typeof i === "number") return { next: c, read: C.listGet(c, i) };
  if (peekFirst.has(method) && !args.length) return { next: c, read: C.listGet(c, 0) };
  if (peekLast.has(method) && !args.length) return { next: c, read: C.listGet(c, -1) };
  if (method === "set" && args.length === 2) {
    return { next: C.listSet(c, typeof i === "number" ? i : null, elem(1)), read: typeof i === "number" ? C.listGet(c, i) : undefined };
  }
  if (takeFirst.has(method) || (method === "pop" && java(a))) return take(0);
  if (takeLast.has(method) || (method === "pop" && !args.length)) return take(undefined);
  if ((method === "pop" && py && typeof i === "number") || (method === "remove" && !py && typeof i === "number")) return take(i);
  // remove(value): the first element with that constant value, when every one before it is known.
  if (method === "remove" && one && typeof i === "string") {
    const at = c.list!.findIndex((e) => e.n !== null && constEval(e.n, a.state.consts) === i);
    const before = c.list!.slice(0, at < 0 ? c.list!.length : at);
    if (at >= 0 && before.every((e) => e.n !== null && constEval(e.n, a.state.consts) !== unknown)) return { ...take(at), read: null };
    return { next: null, read: undefined };
  }
  if (method === "clear") return { next: C.emptyList, read: undefined };
  return { next: null, read: undefined };
}

const open: Coll = { list: null, keys: new Map(), rest: undefined };

/**
 * A call on a collection: updates what is known of it and returns the value read, or undefined
 * when the call is not a known read (the caller goes on as for any call).
 */
export function collCall(a: Analyzer, callee: Callee, method: string, args: TNode[], vals: Map<TNode, Value>): Value | undefined {
  if (!callee.recv || (!a.state.colls.size && !mapPut.has(method) && method !== "set")) return undefined;
  const name = collName(a, callee.recv);
  if (!name) return undefined;
  const colls = a.state.colls;
  const c = colls.get(name);
  const k = (i: number): string | number | null => {
    const n = args[i];
    const v = n ? constEval(n, a.state.consts) : unknown;
    return typeof v === "string" || typeof v === "number" ? v : null;
  };
  const val = (i: number): Value => (args[i] ? (vals.get(args[i]!) ?? null) : null);
  // configparser: set(section, key, value) and get(section, key) name one entry by two strings.
  const py = a.syn.ruleLanguage === "python";
  const sectioned = c ? c.sections === true : py && method === "set" && args.length === 3;
  // JavaScript's Map: set(key, value) and delete(key).
  const jsSet = method === "set" && args.length === 2 && !py && !java(a) && !c?.list;
  const key = (): string | null => {
    if (sectioned) return k(0) !== null && k(1) !== null ? `${k(0)}\0${k(1)}` : null;
    const x = k(0);
    return x === null ? null : String(x);
  };
  if (!c) {
    // A write under a constant key starts what is known of a map made elsewhere (a session, a request).
    const isPut = mapPut.has(method) || sectioned || jsSet;
    if (isPut && typeof k(0) === "string" && (!sectioned || typeof k(1) === "string"))
      colls.set(name, C.mapPut(sectioned ? { ...open, sections: true } : open, key(), val(sectioned ? 2 : 1)));
    return undefined;
  }
  if (readOnly.has(method)) return undefined;
  let next: Coll | null = null;
  if (c.list) {
    const r = listCall(a, c, method, args, val, k(0));
    if (r.read !== undefined) {
      if (r.next) colls.set(name, r.next);
      else colls.delete(name);
      return r.read;
    }
    next = r.next;
  } else if (c.keys) {
    if (mapPut.has(method) || (method === "set" && sectioned) || jsSet) next = C.mapPut(c, key(), val(sectioned ? 2 : 1));
    else if (mapGet.has(method) || (method === "get" && py)) {
      const kk = key();
      const v = kk === null ? undefined : C.mapGet(c, kk);
      // get(key, default): the default when the key is missing.
      const dflt = !sectioned && args.length === 2 ? val(1) : null;
      return v === undefined ? undefined : worse(v, dflt);
    } else if (mapRemove.has(method)) {
      const kk = key();
      if (kk !== null) {
        const v = C.mapGet(c, kk);
        colls.set(name, C.mapRemove(c, kk));
        return v === undefined ? undefined : worse(v, args.length === 2 ? val(1) : null);
      }
    } else if (method === "clear") next = C.emptyMap;
  }
  if (next) colls.set(name, next);
  else colls.delete(name);
  return undefined;
}
