// A WHATWG URL's path (`new URL(req.url, base).pathname`): the parser resolves its `.` and `..` segments, `%2e%2e`
// among them, and leaves an encoded slash encoded, so no segment of it climbs out of a directory it is joined to.
// Decoding it (`decodeURIComponent(url.pathname)`) turns `..%2f` into `../` again, as it does to any name a path
// check passed: a decoder takes back what path checks vouched for.
import type { TNode } from "../syntax/node.ts";
import type { Taint, Value } from "../model/state.ts";
import { classBit } from "../syntax/classes.ts";

const pathBit = classBit("path-traversal");
const urlClass = /^(?:url\.)?URL$/;
const decoders = /^(?:decodeURIComponent|decodeURI|unescape|querystring\.unescape|qs\.unescape)$/;

/** `new URL(…)`'s value, marked as a parsed URL object. */
export function urlObject(node: TNode, v: Value): Value {
  if (!v) return v;
  const ctor = node.field("constructor")?.text();
  return ctor && urlClass.test(ctor) ? { ...v, url: true } : v;
}

/** Member `name` of a parsed URL object `t`: its pathname is safe to join to a directory. */
export function urlMember(t: Taint, name: string): Taint | undefined {
  if (!t.url) return undefined;
  const { url: _, ...rest } = t;
  return name === "pathname" ? { ...rest, mask: t.mask | pathBit } : rest;
}

/** A decoder's result: no longer safe from path traversal, whatever its argument was checked for. */
export function decoded(callee: string, v: Value): Value {
  return v && decoders.test(callee) && v.mask & pathBit ? { ...v, mask: v.mask & ~pathBit } : v;
}
