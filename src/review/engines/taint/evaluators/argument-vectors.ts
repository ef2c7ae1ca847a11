// Argument vectors: `new String[]{"ls", "-l", dir}`, `["git", "log", ref]`. Run without a shell, a
// tainted element after a fixed program is one argument, not a command line; a shell or an
// interpreter as the program (`["sh", "-c", x]`) or a tainted program is still command injection.
import type { TNode } from "../syntax/node.ts";
import type { Analyzer } from "../driver/analyzer.ts";
import type { Value } from "../model/state.ts";
import { worse } from "../model/state.ts";
import { constEval, unknown } from "../model/static-conditions.ts";
import type { Elem } from "../model/collection-values.ts";
import { fromLibrary } from "./entry-points.ts";

/** Programs that read a later argument as code: shells, `env`/`sudo` wrappers and script interpreters. */
const runsCode = new RegExp(
  String.raw`^(?:.*[/\\])?(?:(?:ba|z|da|k|c|tc|fi|a)?sh|cmd|powershell|pwsh|env|sudo|su|xargs|nohup|` +
    String.raw`python[0-9.]*|perl|ruby|node|php|bun|deno|osascript|eval)(?:\.exe)?$`,
  "i",
);

function literalText(a: Analyzer, n: TNode): string | null {
  const t = n.text();
  if (/^(["'])[^"'\\]*\1$/.test(t)) return t.slice(1, -1);
  const c = constEval(n, a.state.consts);
  return c !== unknown && typeof c === "string" ? c : null;
}

/**
 * Records the element values of an array literal or `Arrays.asList(...)` by its first element's
 * node id (read back by evaluators/collection-sites.ts). Kept on the analyzer, not in a module-level WeakMap: a young key in an old
 * WeakMap keeps its value (and the file's tree) alive until a full collection.
 */
function recordElems(a: Analyzer, first: TNode | undefined, elems: Elem[]): void {
  if (first) a.literalElems.set(first.id(), elems);
}

/** True when `n` names a fixed program that does not run its arguments as code. */
export function fixedProgram(a: Analyzer, n: TNode): boolean {
  const program = literalText(a, n);
  return program !== null && program !== "" && !runsCode.test(program);
}

/** A name or attribute for a program the code is configured with (`self.binary`, `ffmpegPath`), clean where
 * the list is built: not a shell or interpreter by its name. */
const interpreterWords = /sh$|shell|interp|exe(?:cutable)?$|python|node|perl|ruby|php|cmd|command|script|eval/i;
function configuredProgram(n: TNode): boolean {
  if (!/^[\w$.]+$/.test(n.text())) return false;
  const word = /[\w$]+$/.exec(n.text())?.[0] ?? "";
  return word !== "" && !runsCode.test(word) && !interpreterWords.test(word);
}

/** A program that leaves its arguments as arguments: fixed text other than a shell or interpreter, or a configured name (`self.binary`). */
export function harmlessProgram(a: Analyzer, n: TNode): boolean {
  return fixedProgram(a, n) || (literalText(a, n) === null && configuredProgram(n));
}

/** The value of an array literal (or the arguments of `Arrays.asList`/`List.of`): marked `argv` when its program is fixed and harmless. */
export function evalArgv(a: Analyzer, elems: TNode[], values?: Map<TNode, Value>): Value {
  let v: Value = null;
  let first: Value = null;
  // Each element's value is kept for the list it may become (evaluators/collection-sites.ts).
  const record: Elem[] = [];
  for (let i = 0; i < elems.length; i++) {
    const e = values ? (values.get(elems[i]!) ?? null) : a.ev(elems[i]!);
    if (i === 0) first = e;
    record.push({ v: e, n: elems[i]! });
    v = worse(v, e);
  }
  recordElems(a, elems[0], record);
  if (!v) return null;
  const { argv: _, ...plain } = v;
  // A program the package's caller chose under a configured name is theirs to run (`[self.binary, "-i", src]`).
  if (!elems[0] || (first && !(fromLibrary(a, first) && configuredProgram(elems[0])))) return plain;
  return harmlessProgram(a, elems[0]) ? { ...plain, argv: true } : plain;
}
