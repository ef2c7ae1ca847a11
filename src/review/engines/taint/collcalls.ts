// Calls on known collections (colls.ts): list `add`/`append`/`insert`/`extend`/`remove`/`pop`/`get`/
// `set`, map `put`/`get`/`getOrDefault`/`remove`, attributes (`setAttribute`/`getAttribute` of a
// session or request) and configparser `set(section, key, v)`/`get(section, key)` by constant key.
import type { TNode } from "./node.ts";
import type { Analyzer } from "./analyze.ts";
import type { Callee } from "./calls.ts";
import { constEval, unknown } from "./consts.ts";
import type { Value } from "./state.ts";
import { worse } from "./state.ts";
import type { Coll } from "./colls.ts";
import * as C from "./colls.ts";
import { collName, elemsOf } from "./collections.ts";

const listAdd = new Set(["add", "append", "addLast", "offer", "offerLast"]);
const mapPut = new Set(["put", "setAttribute", "setProperty", "putValue", "__setitem__"]);
const mapGet = new Set(["get", "getOrDefault", "getAttribute", "getProperty", "getValue", "getint", "getfloat", "getboolean", "optString"]);
const mapRemove = new Set(["remove", "removeAttribute", "removeValue", "pop", "remove_option"]);
/** Methods that read without changing: a known collection stays known. */
const readOnly = new Set(["size", "isEmpty", "contains", "containsKey", "containsValue", "length", "has_section", "has_option",
  "sections", "options", "keys", "values", "items", "stream", "iterator", "toString", "equals", "hashCode", "indexOf", "index",
  "count", "getAttributeNames", "copy", "forEach", "entrySet", "keySet", "includes", "has", "join", "toArray", "getSession",
  "add_section", "getParameter", "getHeader"]);

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
  const val = (i: number): Value => (args[i] ? vals.get(args[i]!) ?? null : null);
  // configparser: set(section, key, value) and get(section, key) name one entry by two strings.
  const py = a.syn.ruleLanguage === "python";
  const sectioned = c ? c.sections === true : py && method === "set" && args.length === 3;
  const key = (): string | null => {
    if (sectioned) return k(0) !== null && k(1) !== null ? `${k(0)}\0${k(1)}` : null;
    const x = k(0);
    return x === null ? null : String(x);
  };
  if (!c) {
    // A write under a constant key starts what is known of a map made elsewhere (a session, a request).
    const isPut = mapPut.has(method) || sectioned;
    if (isPut && typeof k(0) === "string" && (!sectioned || typeof k(1) === "string")) colls.set(name, C.mapPut(sectioned ? { ...open, sections: true } : open, key(), val(sectioned ? 2 : 1)));
    return undefined;
  }
  if (readOnly.has(method)) return undefined;
  let next: Coll | null = null;
  let out: Value | undefined;
  if (c.list) {
    const i = k(0);
    if (listAdd.has(method) && args.length === 1) next = C.listAppend(c, { v: val(0), n: args[0]! });
    else if ((method === "add" && args.length === 2) || method === "insert") next = typeof i === "number" ? C.listInsert(c, i, { v: val(1), n: args[1]! }) : null;
    else if (method === "extend" || method === "addAll") next = args.length === 1 ? C.listExtend(c, elemsOf(a, args[0]!), val(0)) : null;
    else if (method === "get" && typeof i === "number") return C.listGet(c, i);
    else if (method === "set" && args.length === 2) {
      out = typeof i === "number" ? C.listGet(c, i) : undefined;
      next = C.listSet(c, typeof i === "number" ? i : null, { v: val(1), n: args[1]! });
    } else if ((method === "remove" && !py) || method === "pop" || method === "removeLast" || method === "poll" || method === "removeFirst") {
      const at = method === "removeFirst" || method === "poll" ? 0 : method === "removeLast" || (method === "pop" && !args.length) ? undefined : i;
      const r = typeof at === "number" || at === undefined ? C.listRemove(c, at) : null;
      if (r) {
        colls.set(name, r.c);
        return r.v;
      }
    } else if (method === "clear") next = C.emptyList;
  } else if (c.keys) {
    if (mapPut.has(method) || (method === "set" && sectioned)) next = C.mapPut(c, key(), val(sectioned ? 2 : 1));
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
  if (out !== undefined && next) {
    colls.set(name, next);
    return out;
  }
  if (next) colls.set(name, next);
  else colls.delete(name);
  return undefined;
}
