// Functions that read a source themselves: `def current_query(): return request.args.get("q")`,
// `function getParam(n) { return new URLSearchParams(location.search).get(n); }`. A call to one
// passes no tainted argument, so no summary was asked for; its value is what its body returns
// (evaluators/function-summaries.ts sourceHelperValue). Found on the text: the functions around a source's mentions.
import type { Span } from "../fast/function-spans.ts";
import { defName } from "./file-defs.ts";
import { innermostSweep } from "../fast/function-spans.ts";
import { escapeRegExp as esc } from "../../../text.ts";

/** Source mentions looked at, at most: a file of handlers mentions them everywhere, in functions called by the framework. */
const maxMentions = 256;

/** Names of the file's named functions whose text mentions a source and that are called in it (a name written twice). */
export function sourceHelpers(source: string, fileFuncs: () => Span[], sources: RegExp): Set<string> | null {
  const re = new RegExp(sources.source, `${sources.flags.replace("g", "")}g`);
  const at: number[] = [];
  for (let m = re.exec(source); m && at.length < maxMentions; m = re.exec(source)) {
    at.push(m.index);
    if (m[0] === "") re.lastIndex++;
  }
  if (!at.length) return null;
  const funcs = fileFuncs();
  const names = new Set<string>();
  const seen = new Set<Span>();
  const around = innermostSweep(funcs);
  for (const off of at) {
    const inner = around(off);
    if (!inner || seen.has(inner)) continue;
    seen.add(inner);
    const name = defName(inner.node, source);
    if (name.length > 1 && source.indexOf(name, source.indexOf(name) + name.length) >= 0) names.add(name);
  }
  return names.size ? names : null;
}

/** A call of one of `names`, for the text tests of scopes and statements. */
export function helperCallTest(names: Set<string> | null): RegExp | null {
  return names ? new RegExp(`(?<![\\w$])(?:${[...names].map(esc).join("|")})\\s*\\(`) : null;
}
