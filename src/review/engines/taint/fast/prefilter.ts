// Cheap text checks before any tree walk: native rule queries compile their regexes on every call
// (about 1 ms each), so candidate sinks are found with JS regexes over the source instead.
import { handlerShapeText, librarySinkAt } from "../evaluators/entry-points.ts";
import type { CompiledRules } from "../syntax/rule-specs.ts";
import { sinkScanner } from "./sink-scan.ts";
import { dottedCheck } from "./dotted-assigns.ts";
import { pickedCallOffsets } from "./picked-calls.ts";
import type { Alternative } from "./sink-scan.ts";
import { escapeRegExp as esc } from "../../../text.ts";

export interface Prefilter {
  /** Matches the text of every call or assignment that may be a sink (a superset). */
  sinks: RegExp;
  /** Start offsets of the matches of `sinks` (global), found faster (fast/sink-scan.ts). */
  sinkOffsets: (source: string) => number[];
  /** Matches text that may produce untrusted data without a framework parameter. */
  sources: RegExp | null;
  /** `sources.test(text)`, false without `sources`; texts holding none of the words every match needs are not scanned. */
  hasSource: (text: string) => boolean;
  /** Matches any file that may hold a source at all, framework parameters included. */
  anySource: RegExp | null;
  /**
   * The candidate sinks of a file that may hold a source, else null. A file whose only possible
   * source is library input (evaluators/entry-points.ts) keeps the candidates of the sinks library input can reach.
   */
  candidates: (source: string) => number[] | null;
  /** Whether a text may hold a source other than library input (a request, a framework's parameters, a known source call). */
  knownSource: (source: string) => boolean;
  /**
   * False when every one of a file's candidates is the last word of a dotted assignment sink without
   * its object and no other sink pattern matches its text (fast/dotted-assigns.ts): nothing to walk.
   */
  walkable: (source: string, candidates: readonly number[]) => boolean;
}

const tokens = (s: string): string[] => s.match(/[\w$]+|[^\w$\s]/g) ?? [];

function callAlt(entry: string): Alternative {
  if (entry.startsWith("new ")) {
    const ts = tokens(entry.slice(4));
    // A Java class may follow its package (new java.io.File), matched as the rule's class (evaluators/calls.ts).
    return { pattern: `\\bnew\\s+(?:[a-z_][\\w$]*\\s*\\.\\s*)*${ts.map(esc).join("\\s*")}\\s*[(<]`, literal: ["new", ...ts] };
  }
  const ts = tokens(entry);
  // `res.status().send` stands for a chain with any arguments inside (`res.status(400).send`).
  const body = ts.map(esc).join("\\s*").replaceAll("\\(\\s*\\)", "\\([^()]*\\)");
  // A class name may follow its package (Java: org.example.Util.run, matched as Util.run).
  const before = /^[A-Z]/.test(entry) ? "(?<![\\w$])" : "(?<![\\w$.])";
  // `(0, cp_1.exec)(cmd)`: how TypeScript's CommonJS output calls an imported function (evaluators/calls.ts).
  const call = "\\s*\\)?\\s*\\(";
  return { pattern: entry.startsWith(".") ? `${body}${call}` : `${before}${body}${call}`, literal: ts };
}

/** The longest identifier among a pattern's literal tokens, "" when it has none. */
function longestWord(ts: string[]): string {
  let best = "";
  for (const t of ts) if (/^[\w$]+$/.test(t) && t.length > best.length) best = t;
  return best;
}

function callPattern(entry: string): string {
  return callAlt(entry).pattern;
}

/** Text of a callback source (rules `callbacks`): its call with the literal it needs (`.on("entry"`), or its key (`onentry`). */
function callbackAlts(rules: CompiledRules): Alternative[] {
  const out: Alternative[] = [];
  for (const [entry, specs] of [
    ...(rules.callbacks?.exact ?? []),
    ...[...(rules.callbacks?.suffix.values() ?? [])].flat().map((s) => [s.suffix, [s.spec]] as const),
  ]) {
    for (const spec of specs) {
      if (spec.keys) for (const k of spec.keys) out.push({ pattern: `\\b${esc(k)}\\s*[:(]`, literal: [k] });
      else if (spec.when?.arg === 0) {
        const alt = callAlt(entry);
        out.push({ pattern: `${alt.pattern}\\s*["'\`]${esc(spec.when.equals)}["'\`]`, literal: [...alt.literal, spec.when.equals] });
      } else out.push(callAlt(entry));
    }
  }
  return out;
}

function assignAlt(entry: string): Alternative {
  const ids = entry.match(/[\w$]+/g) ?? [];
  const raw = ids[ids.length - 1] ?? entry;
  const last = esc(raw);
  return { pattern: entry.endsWith("[]") ? `\\b${last}\\s*\\[` : `\\b${last}\\b[^\\n;=:]{0,80}(?:=(?!=)|:)`, literal: [raw] };
}

/** Text where a function may be an entry point by what it is (evaluators/entry-points.ts): a library's export, a handler's shape. */
function entryParts(rules: CompiledRules): string[] {
  const out = rules.library?.fileContains ? [rules.library.fileContains.source] : [];
  if (rules.language === "javascript" || rules.language === "typescript") out.push(handlerShapeText);
  return out;
}

/** A call through a computed member (`handlers[name](…)`, `handlers[name].call(…)`; rules `computedCalls`), found at its `]`. */
const computedAlts: Alternative[] = [
  { pattern: "\\]\\s*\\(", literal: ["]", "("] },
  { pattern: "\\]\\s*\\.\\s*(?:call|apply)\\s*\\(", literal: ["]", "."] },
];

/** The candidates with the picks the text calls later (fast/picked-calls.ts), in order. */
function withPicked(offsets: number[], source: string): number[] {
  const picked = source.includes("[") ? pickedCallOffsets(source) : [];
  return picked.length ? [...new Set([...offsets, ...picked])].sort((x, y) => x - y) : offsets;
}

// By rules object: a file importing names under other names has its own copy (syntax/python-imports.ts).
const cache = new WeakMap<CompiledRules, Prefilter>();

export function prefilterFor(rules: CompiledRules): Prefilter {
  let p = cache.get(rules);
  if (p) return p;
  const calls = [...rules.sinks.exact.keys(), ...[...rules.sinks.suffix.values()].flat().map((s) => s.suffix)];
  const alts = new Map<string, Alternative>();
  // A view's return statement is a sink where the rules have return sinks (Flask).
  const returns: Alternative[] = rules.returnSinks.length ? [{ pattern: "\\breturn\\b", literal: ["return"] }] : [];
  const assigns = [...rules.assignSinks.keys()];
  const computed = rules.computedCalls.length ? computedAlts : [];
  for (const a of [...calls.map(callAlt), ...assigns.map(assignAlt), ...returns, ...computed]) if (!alts.has(a.pattern)) alts.set(a.pattern, a);
  const isDotted = (e: string): boolean => e.includes(".") && !e.endsWith("[]");
  const dotted = dottedCheck(
    assigns.filter(isDotted).map((entry) => ({ entry, alt: assignAlt(entry) })),
    [...calls.map(callAlt), ...assigns.filter((e) => !isDotted(e)).map(assignAlt), ...returns, ...computed],
  );
  const parts = [...alts.keys()];
  const srcCalls = [...rules.sourceCalls.exact.keys(), ...[...rules.sourceCalls.suffix.values()].flat().map((s) => s.suffix)];
  const callbacks = callbackAlts(rules);
  const srcParts = [
    ...rules.paths.map((x) => `\\b${tokens(x.prefix).map(esc).join("\\s*")}\\b`),
    ...srcCalls.map(callPattern),
    ...callbacks.map((c) => c.pattern),
  ];
  // Each alternative matches its tokens literally: its longest word is in every text it matches.
  const srcWords = [
    ...new Set([...rules.paths.map((x) => tokens(x.prefix)), ...srcCalls.map((c) => callAlt(c).literal), ...callbacks.map((c) => c.literal)].map(longestWord)),
  ];
  const paramParts = rules.params.flatMap((x) => [
    ...x.names.map((r) => `\\b${r.source.slice(1, -1)}\\b`),
    ...x.types.map((r) => r.source.slice(1, -1)),
    ...[...x.annotations].map((a) => `@${esc(a)}\\b`),
    ...x.decorators.map((r) => r.source.replace(/^\^/, "")),
  ]);
  const either = (parts: string[]): RegExp | null => (parts.length ? new RegExp(parts.join("|")) : null);
  p = {
    sinks: new RegExp(parts.join("|"), "g"),
    sinkOffsets: sinkScanner([...alts.values()]),
    // A file that may hold a library's entry points (evaluators/entry-points.ts) may have a source in any function.
    sources: either(srcParts),
    hasSource: () => false,
    anySource: either([...srcParts, ...paramParts, ...entryParts(rules)]),
    candidates: () => null,
    knownSource: () => false,
    walkable: dotted ?? (() => true),
  };
  const sources = p.sources;
  if (sources) p.hasSource = srcWords.every((w) => w !== "") ? (t) => srcWords.some((w) => t.includes(w)) && sources.test(t) : (t) => sources.test(t);
  const framework = either([...srcParts, ...paramParts, ...entryParts(rules).filter((x) => x !== rules.library?.fileContains?.source)]);
  const library = rules.library?.fileContains ?? null;
  const offsets = p.sinkOffsets;
  p.knownSource = (source) => framework?.test(source) ?? false;
  p.candidates = (source) => {
    if (p.knownSource(source)) return computed.length ? withPicked(offsets(source), source) : offsets(source);
    if (!library?.test(source)) return null;
    return offsets(source).filter((o) => librarySinkAt(rules, source, o));
  };
  cache.set(rules, p);
  return p;
}
