// Which statements of an analysed scope can matter, decided on the source text before their nodes
// are wrapped (every wrapped node and every question asked of it is a native call).
//
// - A clean statement mentions no tainted variable, no source (path or source call) and holds
//   no function: every value in it is clean, so it reaches no sink with taint and taints nothing.
//   It still binds variables (constants prune branches later), returns and breaks: the analysis
//   walks its statements and assignments but not the expressions whose value it already knows.
// - After the last point where something can be reported (a sink word, a call a pattern finding
//   flagged, a nested function, an opaque statement), nothing the walk learns is used: statements
//   starting there are not walked, except inside loops (the second pass flows backwards).
//
// Words are matched on identifier boundaries of ASCII identifier characters, so any doubt (a `$`
// or a non-ASCII neighbour) counts as a mention and the statement is walked as before.
import type { CompiledRules } from "../syntax/rule-specs.ts";
import type { Syntax } from "../syntax/syntax-types.ts";
import type { Value } from "../model/state.ts";
import { escapeRegExp as esc } from "../../../text.ts";
import { calledNext } from "./picked-calls.ts";

const words = (s: string): string[] => s.match(/[\w$\u0080-\uffff]+/g) ?? [];
/** Alternatives (regex sources) on ASCII identifier boundaries. */
const bounded = (alts: Iterable<string>, flags: string): RegExp | null => {
  const list = [...new Set(alts)].filter((a) => a !== "");
  return list.length ? new RegExp(`(?<![A-Za-z0-9_])(?:${list.join("|")})(?![A-Za-z0-9_])`, flags) : null;
};
/** Ways out of a loop other than its end or a plain `break`: these make its walk matter to the function's exits. */
const loopExits = /(?<![\w$.])(?:return|throw|raise|yield|await|goto|(?:break|continue)[ \t]+(?!;)[A-Za-z_$])(?![\w$])/;
const jumps = /(?<![\w$.])(?:break|continue)(?![\w$])/;
const identChar = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;

/** True when `name` occurs in `text` not inside a longer ASCII identifier. */
export function mentions(text: string, name: string): boolean {
  if (name === "") return true;
  for (let i = text.indexOf(name); i >= 0; i = text.indexOf(name, i + 1)) {
    if (!identChar(text.charCodeAt(i - 1)) && !identChar(text.charCodeAt(i + name.length))) return true;
  }
  return false;
}

interface Words {
  sources: RegExp | null;
  sinks: RegExp | null;
  /** The sink words without `return`: for a scope where no return sink can apply. */
  callSinks: RegExp | null;
}
const cache = new WeakMap<CompiledRules, Words>();

function wordsFor(rules: CompiledRules, syn: Syntax): Words {
  let w = cache.get(rules);
  if (!w) {
    const last = (entry: string): string => words(entry).at(-1) ?? entry;
    const calls = <T>(t: { exact: Map<string, T[]>; suffix: Map<string, { suffix: string }[]> }): string[] => [
      ...t.exact.keys(),
      ...[...t.suffix.values()].flat().map((s) => s.suffix),
    ];
    // Opaque statements (`with`, `goto`) mark the scope incomplete wherever they are.
    const opaque = Object.entries(syn.roles)
      .filter(([, r]) => r === "opaque")
      .map(([k]) => k.replace(/_statement$/, ""));
    // A path source needs its whole prefix (`self.request`, not any `self`), tokens apart only by
    // white space as in the analysis, which compares the member text without it.
    const prefix = (p: string): string => (p.match(/[\w$\u0080-\uffff]+|\S/g) ?? []).map(esc).join("\\s*");
    const sinkWords = [...calls(rules.sinks).map(last), ...[...rules.assignSinks.keys()].flatMap(words), ...opaque];
    w = {
      sources: bounded([...rules.paths.map((p) => prefix(p.prefix)), ...calls(rules.sourceCalls).map(last).map(esc)], ""),
      sinks: withComputed(bounded([...sinkWords, ...(rules.returnSinks.length ? ["return"] : [])].map(esc), "g"), rules),
      callSinks: withComputed(bounded(sinkWords.map(esc), "g"), rules),
    };
    cache.set(rules, w);
  }
  return w;
}

/** A call through a computed member (rules `computedCalls`) is a sink at its `]`, wherever its key is (fast/prefilter.ts). */
const withComputed = (re: RegExp | null, rules: CompiledRules): RegExp | null =>
  rules.computedCalls.length ? new RegExp(`${re ? `${re.source}|` : ""}\\](?=${calledNext})`, "g") : re;

export class Relevance {
  private readonly source: string;
  private readonly words: Words;
  /** Start offsets of every function of the file, ascending. */
  private readonly funcStarts: number[];
  /** Start offsets of the calls and assignments pattern findings flagged. */
  private readonly watchStarts: number[];
  /** Assignments can hide inside expressions (JS, Java): an expression is skipped only without one. */
  private readonly nestedAssign: boolean;

  /** Calls of functions that read a source themselves (functions/source-helpers.ts): mentions of a source too. */
  private readonly helperCalls: RegExp | null;

  constructor(source: string, rules: CompiledRules, syn: Syntax, funcStarts: number[], watchStarts: number[], helperCalls: RegExp | null = null) {
    this.source = source;
    this.helperCalls = helperCalls;
    this.words = wordsFor(rules, syn);
    this.funcStarts = funcStarts;
    this.watchStarts = watchStarts;
    this.nestedAssign = syn.nestedAssign;
  }

  /**
   * The last offset in [start, end) where the walk can report something, or -1. `returns`: whether a
   * `return` can be a sink there (a view's return value is its response: evaluators/returns.ts).
   */
  lastPoint(start: number, end: number, returns = true): number {
    let last = -1;
    const re = returns ? this.words.sinks : this.words.callSinks;
    if (re) {
      re.lastIndex = 0;
      const text = this.source.slice(start, end);
      for (let m = re.exec(text); m; m = re.exec(text)) last = start + m.index;
    }
    for (const s of this.watchStarts) if (s >= start && s < end && s > last) last = s;
    const f = this.firstFuncAfter(start);
    for (let i = f; i < this.funcStarts.length && this.funcStarts[i]! < end; i++) last = Math.max(last, this.funcStarts[i]!);
    return last;
  }

  /**
   * How much of a statement in [start, end) the walk may skip: "none" (it can matter), "expr" (any
   * expression), "rhs" (only the value of the one assignment it holds).
   */
  cleanLevel(start: number, end: number, vars: ReadonlyMap<string, Value>, colls?: ReadonlyMap<string, unknown>): "none" | "expr" | "rhs" {
    const text = this.cleanText(start, end, vars, colls);
    if (text === null) return "none";
    if (!this.nestedAssign) return "expr";
    const assigns = text.match(/(?<![=!])=(?!=)/g)?.length ?? 0;
    return assigns === 0 ? "expr" : assigns === 1 ? "rhs" : "none";
  }

  /**
   * The text of a loop or `if` in [start, end) that mentions nothing tainted and leaves by no path of its own (no
   * `return`, `throw`, `yield`, `await` or labelled jump; an `if` no `break` or `continue` either, which would take
   * the state at that point to its loop): walking it only binds clean values, so the walk may skip it and forget
   * what it assigns (driver/statements.ts). Not one that tests a variable holding a check (`held`). Null for any other statement.
   */
  cleanCompound(
    start: number,
    end: number,
    vars: ReadonlyMap<string, Value>,
    colls: ReadonlyMap<string, unknown>,
    held: ReadonlyMap<string, unknown> | null,
    loop: boolean,
  ): string | null {
    const text = this.cleanText(start, end, vars, colls);
    if (text === null || loopExits.test(text) || (!loop && jumps.test(text))) return null;
    // A variable holding a check's outcome (`if not ok: abort(400)`) guards what was checked where it is tested.
    if (held) for (const name of held.keys()) if (mentions(text, name)) return null;
    return text;
  }

  /** The statement's text when it mentions no tainted variable, source or collection known element by element, and holds no function. */
  private cleanText(start: number, end: number, vars: ReadonlyMap<string, Value>, colls?: ReadonlyMap<string, unknown>): string | null {
    const f = this.firstFuncAfter(start);
    if (f < this.funcStarts.length && this.funcStarts[f]! < end) return null;
    const text = this.source.slice(start, end);
    if (this.words.sources?.test(text) || this.helperCalls?.test(text)) return null;
    for (const [name, v] of vars) if (v && mentions(text, name)) return null;
    // What is known of a collection element by element changes with every call on it (evaluators/collection-sites.ts).
    if (colls?.size) for (const name of colls.keys()) if (mentions(text, name.slice(0, (name + ".").indexOf(".")))) return null;
    return text;
  }

  /** Index of the first function starting at or after `offset`. */
  private firstFuncAfter(offset: number): number {
    const a = this.funcStarts;
    let lo = 0;
    let hi = a.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (a[mid]! < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
