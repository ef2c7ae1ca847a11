// Python `with open(path, "rb") as fh`: the name holds a file the caller named. What it reads is the
// server's data, not the caller's text, except to a reader that runs or resolves what it reads: pickle and
// yaml.load run the file's objects, an XML parser fetches its entities. Whoever picks the path picks that
// file (an upload, a cache or config file in a shared directory), so `pickle.load(fh)` stays the bug
// `pickle.load(open(path, "rb"))` is.
import type { TNode } from "../syntax/node.ts";
import type { Analyzer } from "../driver/analyzer.ts";
import type { Value } from "../model/state.ts";
import { allClassesMask, classBit } from "../syntax/classes.ts";

const openers = new Set(["open", "io.open", "codecs.open"]);
/** Sanitized for every class but the readers': the file's content reaches no other sink as the caller's text. */
const notRead = allClassesMask & ~(classBit("deserialization") | classBit("xxe"));

/** The value a `with` binds for a file opened by a tainted name, else null. */
export function openedFile(a: Analyzer, value: TNode, v: Value): Value {
  if (!v || a.syn.roles[value.kind()] !== "call" || !openers.has(value.field("function")?.text() ?? "")) return null;
  // A path the caller configured an object with (a cache or build directory it set: evaluators/constructor-fields.ts)
  // holds the caller's own files: what is read there is theirs, as the path is.
  const configured = v.step.sourceId === a.rules.library?.spec.id && v.mask & pathBit;
  return { ...v, mask: v.mask | (configured ? allClassesMask : notRead) };
}

const pathBit = classBit("path-traversal");
