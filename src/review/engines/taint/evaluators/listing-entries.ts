// Python: a path joined from a directory listing's own parts (`os.path.join(root, name)` over `os.walk(top)`, a
// listed directory with one of its `os.listdir` entries). An entry's name holds no separator and is never "..":
// the joined path stays in the directory listed, and whether that directory may be read is the listing call's own
// question (JavaScript's readdir entries: driver/library-contract.ts entryUnder).
import type { TNode } from "../syntax/node.ts";
import type { Analyzer } from "../driver/analyzer.ts";
import { escapeRegExp } from "../../../text.ts";

const joined = /^(?:os\.path\.|posixpath\.)?join\(\s*([\w.]+)\s*,\s*(\w+)\s*\)$/;

export function listingEntry(a: Analyzer, arg: TNode): boolean {
  if (a.syn.prefix !== "py") return false;
  const m = joined.exec(arg.text().trim());
  if (!m) return false;
  const base = m[1]!;
  const entry = m[2]!;
  const scope = a.scopeText();
  const name = escapeRegExp(entry);
  // `for root, dirs, files in os.walk(top):` … `for name in files:` … `os.path.join(root, name)`.
  for (const w of scope.matchAll(/\bfor\s+\(?\s*(\w+)\s*,\s*(\w+)\s*,\s*(\w+)\s*\)?\s+in\s+os\.walk\(/g)) {
    if (w[1] === base && new RegExp(`\\bfor\\s+${name}\\s+in\\s+(?:sorted\\(\\s*)?(?:${w[2]}|${w[3]})\\b`).test(scope)) return true;
  }
  // `for name in os.listdir(folder):` … `os.path.join(folder, name)`.
  const listed = new RegExp(`\\bfor\\s+${name}\\s+in\\s+(?:sorted\\(\\s*)?os\\.listdir\\(\\s*${escapeRegExp(base)}\\s*\\)`);
  return listed.test(scope);
}
