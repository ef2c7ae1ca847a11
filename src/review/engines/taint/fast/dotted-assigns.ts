// Assignment sinks named with their object (`ctx.body`, `location.href`, `session.*`) are found by the
// candidate scan (prefilter.ts) from their last word alone: `body:` in an options object or a type, a
// `session` variable, `location` in a comment. The analysis reports such a sink only where the object
// stands beside that word (evaluators/assignments.ts memberKeys: `ctx.body = x`, `this.ctx.body = x`,
// `req.session.user = x`). A file whose every candidate is such a word without its object, and whose
// text matches no other sink pattern anywhere, has no sink the walk could reach: the engine does not
// parse it for taint (a pattern finding still brings it to the analysis with every candidate).
import type { Alternative } from "./sink-scan.ts";
import { sinkScanner } from "./sink-scan.ts";
import { escapeRegExp as esc } from "../../../text.ts";

/** How far back the object is looked for. */
const reach = 256;

interface Dotted {
  /** The entry's scanned alternative, sticky: does it match at an offset. */
  re: RegExp;
  /** Whether the object stands beside the word matched at `at`. */
  beside: (source: string, at: number) => boolean;
}

/**
 * An entry's test of its object: before the last word (`ctx` . `body`), or after the word for
 * `session.*`. A comment where the dot would be (`ctx /* c *\/ .body`, a line comment before a
 * line's `.body`) leaves it unsure, so beside.
 */
function besideTest(entry: string): (source: string, at: number) => boolean {
  const ids = entry.match(/[\w$]+/g) ?? [];
  if (entry.endsWith(".*")) {
    const after = new RegExp(`${esc(ids.at(-1) ?? "")}\\s*[./]`, "y");
    return (source, at) => {
      after.lastIndex = at;
      return after.test(source);
    };
  }
  const before = new RegExp(`(?<![\\w$])${esc(ids.at(-2) ?? "")}\\s*\\.\\s*$`);
  return (source, at) => {
    const text = source.slice(Math.max(0, at - reach), at);
    const trail = /[\s.]*$/.exec(text)!;
    if (trail.index === 0) return true;
    const head = text.slice(0, trail.index);
    if (head.endsWith("*/") || (trail[0].includes("\n") && head.slice(head.lastIndexOf("\n") + 1).includes("//"))) return true;
    return before.test(text);
  };
}

/** True unless every offset is a dotted sink's last word without its object and no other sink pattern matches the text. */
export type DottedCheck = (source: string, offsets: readonly number[]) => boolean;

/**
 * The check for one language's alternatives. `dotted`: the assignment entries with a dot (not `x[]`
 * entries) and their alternatives; `others`: every other alternative. A pattern both kinds share is
 * another's. Null when there is no dotted entry.
 */
export function dottedCheck(dotted: { entry: string; alt: Alternative }[], others: Alternative[]): DottedCheck | null {
  const otherPatterns = new Set(others.map((a) => a.pattern));
  const own = dotted.filter((d) => !otherPatterns.has(d.alt.pattern));
  if (!own.length) return null;
  const tests: Dotted[] = own.map((d) => ({ re: new RegExp(d.alt.pattern, "y"), beside: besideTest(d.entry) }));
  const otherAt = others.length ? new RegExp(others.map((a) => a.pattern).join("|"), "y") : null;
  let otherScan: ((source: string) => number[]) | undefined;
  return (source, offsets) => {
    if (!offsets.length) return false;
    for (const at of offsets) {
      if (otherAt) {
        otherAt.lastIndex = at;
        if (otherAt.test(source)) return true;
      }
      let matched = false;
      for (const t of tests) {
        t.re.lastIndex = at;
        if (!t.re.test(source)) continue;
        matched = true;
        if (t.beside(source, at)) return true;
      }
      // An offset no alternative matches here: not understood, so not ruled out.
      if (!matched) return true;
    }
    // A dotted word's match may have covered another sink's (the scan goes on from a match's end).
    otherScan ??= sinkScanner(others);
    return otherScan(source).length > 0;
  };
}
