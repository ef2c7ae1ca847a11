// Collections known element by element: a list by index, a map (also a session, request attributes
// or a config parser) by constant key. `l.add("a"); l.add(t); l.remove(0); l.get(1)` reads the
// element that is there, not the whole list. Values are immutable: every write makes a new Coll.
import type { TNode } from "../syntax/node.ts";
import type { Value } from "./state.ts";
import { worse } from "./values.ts";

/** One list element: its value and the node it came from (its constant text makes an argument vector's program). */
export interface Elem {
  v: Value;
  n: TNode | null;
}

export interface Coll {
  list: readonly Elem[] | null;
  keys: ReadonlyMap<string, Value> | null;
  /**
   * Elements past the listed ones, or keys not listed: their value (null: none or clean), or
   * undefined when unknown (a collection made elsewhere): reads fall back to the variable's value.
   */
  rest: Value | undefined;
  /** A config parser: entries are named by section and key. */
  sections?: true;
}

export const emptyList: Coll = { list: [], keys: null, rest: null };
export const emptyMap: Coll = { list: null, keys: new Map(), rest: null };

const restOr = (a: Value | undefined, b: Value): Value | undefined => (a === undefined ? undefined : worse(a, b));

/** Position `i` of a list (negative counts from the end when the length is known), or -1. */
function at(c: Coll, i: number, insert = false): number {
  const n = c.list!.length;
  if (!Number.isInteger(i)) return -1;
  if (i < 0) return c.rest === null ? (i + n >= 0 ? i + n : -1) : -1;
  return i < n || (insert && i === n) ? i : -1;
}

/** Element `i`, undefined when not known (read the whole collection instead). */
export function listGet(c: Coll, i: number): Value | undefined {
  const p = at(c, i);
  if (p >= 0) return c.list![p]!.v;
  return i >= c.list!.length ? c.rest : undefined;
}

export function listAppend(c: Coll, e: Elem): Coll {
  // Past an unknown number of elements, a new one joins them.
  if (c.rest !== null) return { ...c, rest: restOr(c.rest, e.v) };
  return { ...c, list: [...c.list!, e] };
}

export function listExtend(c: Coll, elems: readonly Elem[] | null, whole: Value): Coll {
  if (elems && c.rest === null) return { ...c, list: [...c.list!, ...elems] };
  // An unknown number of elements follows.
  return { ...c, rest: c.rest === null ? whole : restOr(c.rest, whole) };
}

/** Inserts before position `i`; null when the position is not known. */
export function listInsert(c: Coll, i: number, e: Elem): Coll | null {
  const p = at(c, i, true);
  if (p < 0) return null;
  const list = c.list!.slice();
  list.splice(p, 0, e);
  return { ...c, list };
}

/** Removes position `i` (the last one for undefined): the removed value and the list after, or null. */
export function listRemove(c: Coll, i: number | undefined): { v: Value; c: Coll } | null {
  const p = i === undefined ? (c.rest === null ? c.list!.length - 1 : -1) : at(c, i);
  if (p < 0) return null;
  const list = c.list!.slice();
  const [e] = list.splice(p, 1);
  return { v: e!.v, c: { ...c, list } };
}

/** Overwrites position `i`; an unknown position may be any element. */
export function listSet(c: Coll, i: number | null, e: Elem): Coll | null {
  if (i === null) return { ...c, list: c.list!.map((x) => ({ v: worse(x.v, e.v), n: null })), rest: restOr(c.rest, e.v) };
  const p = at(c, i);
  if (p < 0) return null;
  const list = c.list!.slice();
  list[p] = e;
  return { ...c, list };
}

export function mapGet(c: Coll, k: string): Value | undefined {
  return c.keys!.has(k) ? c.keys!.get(k)! : c.rest;
}

/** Writes key `k`; a key not known (null) may overwrite any. */
export function mapPut(c: Coll, k: string | null, v: Value): Coll {
  if (k === null) {
    const keys = new Map([...c.keys!].map(([x, y]) => [x, worse(y, v)] as const));
    return { ...c, keys, rest: restOr(c.rest, v) };
  }
  const keys = new Map(c.keys!);
  keys.set(k, v);
  return { ...c, keys };
}

/** Removes key `k`: reads of it are clean again when the map started empty. */
export function mapRemove(c: Coll, k: string): Coll {
  const keys = new Map(c.keys!);
  if (c.rest === undefined) keys.set(k, null);
  else keys.delete(k);
  return { ...c, keys };
}

function joinOne(a: Coll, b: Coll): Coll | null {
  const rest = a.rest === undefined || b.rest === undefined ? undefined : worse(a.rest, b.rest);
  if (a.list && b.list) {
    // Lengths that differ (a loop or a branch appended): the common prefix stays known, the
    // elements past it join the rest (`cmd = ["git", "log"]; for f in files: cmd.append(f)`).
    const n = Math.min(a.list.length, b.list.length);
    const list = a.list.slice(0, n).map((e, i) => {
      const f = b.list![i]!;
      return e === f ? e : { v: worse(e.v, f.v), n: e.n && f.n && e.n.text() === f.n.text() ? e.n : null };
    });
    let extra: Value | undefined = rest;
    for (const e of [...a.list.slice(n), ...b.list.slice(n)]) extra = extra === undefined ? undefined : worse(extra, e.v);
    return { list, keys: null, rest: extra };
  }
  if (!a.keys || !b.keys) return null;
  const keys = new Map<string, Value>();
  for (const k of new Set([...a.keys.keys(), ...b.keys.keys()])) {
    const x = a.keys.has(k) ? a.keys.get(k)! : a.rest;
    const y = b.keys.has(k) ? b.keys.get(k)! : b.rest;
    // Unknown on one path: reads fall back to the variable's value.
    if (x !== undefined && y !== undefined) keys.set(k, worse(x, y));
    else if (rest !== undefined) return null;
  }
  return a.sections && b.sections ? { list: null, keys, rest, sections: true } : { list: null, keys, rest };
}

/** Collections known on both paths (the same shape and length); others fall back to their variable's value. */
export function joinColls(a: Map<string, Coll>, b: Map<string, Coll>): Map<string, Coll> {
  const out = new Map<string, Coll>();
  if (!a.size || !b.size) return out;
  for (const [k, ca] of a) {
    const cb = b.get(k);
    if (!cb) continue;
    const j = ca === cb ? ca : joinOne(ca, cb);
    if (j) out.set(k, j);
  }
  return out;
}
