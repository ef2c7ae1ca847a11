// What a call makes of a value tainted in some members only (a request handed on whole). A package the file
// imports (not a file of its own: `./cookie` is the program's) reads the request for what it returns: `auth(req)`
// is the Authorization header's user and password, `requestIp.getClientIp(req)` a header's text, input as a
// whole. Any other function called so (a callback or setting the caller passed in, a helper not shown) is the
// program's: what it returns holds input in the request's members only, if at all (a proxy's interceptor given
// `req` returns the upstream's body).
import type { Analyzer } from "../driver/analyzer.ts";
import type { Value } from "../model/state.ts";
import { wholeOf } from "../model/state.ts";
import { importBindings } from "../syntax/js-imports.ts";

// The file being analysed is the same for many calls in a row: its import names are kept for the last one.
let last: { source: string; names: Set<string> } | null = null;

function importedNames(source: string): Set<string> {
  if (last?.source !== source) last = { source, names: new Set(packageBindings(source)) };
  return last.names;
}

function* packageBindings(source: string): Generator<string> {
  for (const b of importBindings(source)) if (!b.spec.startsWith(".") && !b.spec.startsWith("/")) yield b.local;
}

/** `v` (the least sanitized argument) as the result of calling `callee` (its text) in JavaScript. */
export function moduleResult(a: Analyzer, callee: string, v: Value): Value {
  if (!v?.fields || (a.syn.prefix !== "js" && a.syn.prefix !== "ts")) return v;
  // An object literal of the program's (Taint.built) may become any string in a function not shown.
  const root = callee.replace(/^new\s+/, "").split(".")[0]!;
  return v.built || importedNames(a.source).has(root) ? wholeOf(v) : v;
}
