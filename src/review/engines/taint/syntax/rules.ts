// Taint rules are data: src/review/rules/<language>/taint.yml. This module validates and compiles them.
import { readFileSync, existsSync } from "node:fs";
import { parse as parseYaml } from "yaml";
import { paramHeadTest } from "./param-text.ts";
import { escapeRegExp } from "../../../text.ts";
import { ReviewError } from "../../../errors.ts";
import { cachedParse } from "../../../rule-cache.ts";
import { allClassesMask, classBit, namedOnlyMask } from "./classes.ts";
import { taintRuleFile } from "./rule-file.ts";
import type { TaintRuleFile } from "./rule-file.ts";
import { CallTable } from "./rule-specs.ts";
import type { CompiledRules, LibrarySpec, SinkSpec, SourceSpec, CallbackSpec } from "./rule-specs.ts";

const rulesDir = new URL("../../../rules/", import.meta.url);
interface LanguageRules {
  file: TaintRuleFile;
  base: CompiledRules;
  /** Sources and sanitizers that apply only in files matching their `fileContains` and no `unlessFile`, with those regexes. */
  gated: { entry: Gated; tests: RegExp[]; unless: RegExp[] }[];
  /** The rules with the gated entries a file matched, by their places in `gated`. */
  variants: Map<string, CompiledRules>;
}
const cache = new Map<string, LanguageRules>();
type Gated = TaintRuleFile["sources"][number] | TaintRuleFile["sanitizers"][number] | TaintRuleFile["sinks"][number];

function readRuleFile(language: string, seen: Set<string>): TaintRuleFile {
  const url = new URL(`${language}/taint.yml`, rulesDir);
  if (seen.has(language) || !existsSync(url)) {
    throw new ReviewError("internal", `No taint rules for language ${language}`);
  }
  seen.add(language);
  // Parsed YAML from the cache directory when this text was read before (rule-cache.ts): the parser's
  // cold code cost most of a language's first use in each `crs review`.
  const text = readFileSync(url, "utf8");
  const isObject = (v: unknown): v is unknown => typeof v === "object" && v !== null && !Array.isArray(v);
  const parsed = taintRuleFile.safeParse(cachedParse("taint", text, parseYaml, (v) => v, isObject));
  if (!parsed.success) {
    throw new ReviewError("internal", `Invalid taint rules for ${language}: ${parsed.error.message}`);
  }
  const file = parsed.data;
  if (!file.extends) return file;
  const base = readRuleFile(file.extends, seen);
  return {
    ...base,
    language: file.language,
    unknownCalls: file.unknownCalls ?? base.unknownCalls,
    sources: [...base.sources, ...file.sources],
    sinks: [...base.sinks, ...file.sinks],
    sanitizers: [...base.sanitizers, ...file.sanitizers],
    guards: [...base.guards, ...file.guards],
    writeReceiver: [...base.writeReceiver, ...file.writeReceiver],
    readReceiver: [...base.readReceiver, ...file.readReceiver],
    readFirst: [...base.readFirst, ...file.readFirst],
    outArgs: [...base.outArgs, ...file.outArgs],
    cleanMembers: [...base.cleanMembers, ...file.cleanMembers],
    inertKeywords: [...base.inertKeywords, ...file.inertKeywords],
    trustedParamMembers: [...base.trustedParamMembers, ...file.trustedParamMembers],
    textParamMembers: [...base.textParamMembers, ...file.textParamMembers],
    terminalCalls: [...base.terminalCalls, ...file.terminalCalls],
    library: file.library ?? base.library,
  };
}

/** `ctx.throw(...)` as a whole statement (optionally awaited): exact entries by name, `.m` entries on any receiver. */
function terminalStatement(calls: string[]): RegExp | null {
  const names = calls
    .filter((c) => !c.startsWith("new "))
    .map((c) => {
      const esc = escapeRegExp(c);
      return c.startsWith(".") ? `[\\w$.]*${esc}` : esc;
    });
  return names.length ? new RegExp(`^(?:await\\s+)?(?:${names.join("|")})\\s*\\(`) : null;
}

const whole = (res: string[] | undefined): RegExp[] => (res ?? []).map((r) => new RegExp(`^(?:${r})$`));
const argTest = (t: { arg: number; regex: string }): { arg: number; regex: RegExp } => ({ arg: t.arg, regex: new RegExp(t.regex) });

/** `on`: the gated sources, sanitizers and sinks the file matched (the others are left out). */
function compileRules(file: TaintRuleFile, on: ReadonlySet<Gated> = new Set()): CompiledRules {
  const out: CompiledRules = {
    language: file.language,
    propagateUnknown: file.unknownCalls !== "clean",
    params: [],
    paths: [],
    pathRoots: new Set(),
    sourceCalls: new CallTable(),
    callbacks: null,
    sinks: new CallTable(),
    assignSinks: new Map(),
    computedCalls: [],
    returnSinks: [],
    sanitizers: new CallTable(),
    guards: new CallTable(),
    writeReceiver: new Set(file.writeReceiver),
    readReceiver: new Set(file.readReceiver),
    readFirst: new Set(file.readFirst),
    outArgs: new Set(file.outArgs),
    cleanMembers: new Set(file.cleanMembers),
    inertKeywords: new Set(file.inertKeywords),
    trustedParamMembers: new Set(file.trustedParamMembers),
    textParamMembers: new Set(file.textParamMembers),
    terminalStatement: terminalStatement(file.terminalCalls),
    paramHead: paramHeadTest(file.sources.flatMap((s) => (s.enabled && s.params ? [s.params] : []))),
    library: compileLibrary(file.library),
    shellOnly: new Set(file.sources.filter((s) => s.shellOnly).map((s) => s.id)),
  };
  for (const s of file.sources) {
    if (!s.enabled || (s.fileContains?.length && !on.has(s))) continue;
    const mask = s.classes ? allClassesMask & ~s.classes.reduce((m, c) => m | classBit(c), 0) : namedOnlyMask;
    const spec: SourceSpec = s.fixedPathSafe ? { id: s.id, confidence: s.confidence, mask, fixedPathSafe: true } : { id: s.id, confidence: s.confidence, mask };
    if (s.params) {
      out.params.push({
        ...spec,
        names: whole(s.params.names),
        types: whole(s.params.types),
        annotations: new Set(s.params.annotations ?? []),
        decorators: (s.params.decorators ?? []).map((r) => new RegExp(r)),
        after: whole(s.params.after),
        exceptTypes: whole(s.params.exceptTypes),
        routeVariables: s.params.routeVariables === true,
        exceptBefore: whole(s.params.exceptBefore),
        members: s.params.members ? new Set(s.params.members) : null,
      });
    }
    for (const p of s.paths ?? []) {
      out.paths.push({ prefix: p, spec });
      out.pathRoots.add(p.split(".")[0]!);
    }
    for (const c of s.calls ?? []) out.sourceCalls.add(c, spec);
    for (const cb of s.callbacks ?? []) {
      const entry: CallbackSpec = {
        spec,
        when: cb.when,
        whenNot: cb.whenNot && { arg: cb.whenNot.arg, equals: new Set(cb.whenNot.equals) },
        keys: cb.keys ? new Set(cb.keys) : null,
        params: cb.params,
        members: cb.members ? new Set(cb.members) : null,
      };
      for (const c of cb.calls) (out.callbacks ??= new CallTable()).add(c, entry);
    }
  }
  for (const s of file.sinks) {
    if (s.gateRules && !on.has(s)) continue;
    const spec: SinkSpec = {
      cls: classBit(s.class),
      className: s.class,
      args: s.args ?? null,
      keywords: s.keywords ? new Set(s.keywords) : null,
      receiver: s.receiver ?? false,
      argv: s.argv ?? false,
      noShell: s.noShell ?? false,
      code: s.code ?? false,
      when: s.when,
      readOnly: s.readOnly?.length ? new RegExp(`^\\s*\\.\\s*(?:${s.readOnly.map((m) => m.replace(/\W/g, "")).join("|")})\\s*\\(`) : null,
      unless: (s.unless ?? []).map((r) => new RegExp(r)),
      ignoreKinds: new Set(s.ignoreKinds ?? []),
      ...(s.safeContentType ? { safeContentType: new RegExp(s.safeContentType) } : {}),
      formatSafe: new Set(s.formatSafe ?? []),
      objectKeys: s.objectKeys ? new Set(s.objectKeys) : null,
      ...(s.keyedOnly ? { keyedOnly: true as const } : {}),
      unlessArg: s.unlessArg && { ...argTest(s.unlessArg), ...(s.unlessArg.keyword ? { keyword: s.unlessArg.keyword } : {}) },
      ifArg: s.ifArg && argTest(s.ifArg),
      ...(s.fromLibrary ? { fromLibrary: true as const } : {}),
      ...(s.notFromLibrary ? { notFromLibrary: true as const } : {}),
      ...(s.returnPrefix ? { returnPrefix: s.returnPrefix } : {}),
      ...(s.callersOwn ? { callersOwn: true as const } : {}),
      ...(s.calledAtOnce ? { calledAtOnce: true as const } : {}),
      fileContains: (s.fileContains ?? []).map((r) => new RegExp(r)),
      exceptReceivers: whole(s.exceptReceivers),
    };
    for (const c of s.calls ?? []) out.sinks.add(c, spec);
    if (s.computedCalls) out.computedCalls.push(spec);
    for (const a of s.assigns ?? []) out.assignSinks.set(a, [...(out.assignSinks.get(a) ?? []), spec]);
    if (s.returnFrom) out.returnSinks.push({ decorators: s.returnFrom.map((r) => new RegExp(r)), spec });
  }
  for (const s of file.sanitizers) {
    if ((s.fileContains?.length || s.unlessFile?.length) && !on.has(s)) continue;
    // A number parsed from a predictable value stays predictable: "every class" leaves insecure-random.
    const mask = s.classes ? s.classes.reduce((m, c) => m | classBit(c), 0) : allClassesMask & ~namedOnlyMask;
    const argMatches = s.argMatches ? [s.argMatches].flat().map(argTest) : undefined;
    const spec = {
      mask,
      when: s.when,
      argMatches,
      ...(s.tagged ? { tagged: true as const } : {}),
      ...(s.exceptReceivers ? { exceptReceivers: whole(s.exceptReceivers) } : {}),
      ...(s.keywordMatches ? { keywordMatches: { keyword: s.keywordMatches.keyword, regex: new RegExp(s.keywordMatches.regex) } } : {}),
    };
    for (const c of s.calls) out.sanitizers.add(c, spec);
  }
  for (const g of file.guards) out.guards.add(g, true);
  return out;
}

function compileLibrary(lib: TaintRuleFile["library"]): LibrarySpec | null {
  if (!lib) return null;
  const any = (res: string[]): RegExp | null => (res.length ? new RegExp(res.join("|"), "m") : null);
  const bits = (cs: string[]): number => cs.reduce((m, c) => m | classBit(c), 0);
  return {
    spec: { id: lib.id, confidence: lib.confidence, mask: namedOnlyMask },
    exceptMask: bits(lib.exceptClasses),
    fileContains: any(lib.fileContains),
    unlessFile: any(lib.unlessFile),
    unlessPath: any(lib.unlessPath),
    exceptTypes: whole(lib.exceptTypes),
    settings: lib.settings.map((x) => ({ names: whole(x.names), mask: bits(x.classes) })),
  };
}

/**
 * Compiled rules of a language (cached); throws ReviewError when the file is missing or invalid. With a file's
 * text: the rules with the sources and sanitizers whose `fileContains` it matches and no `unlessFile` (an archive
 * reader's entries only where an archive library is named, Django's template `render` only in Django's modules), so
 * no other file pays for looking for them.
 */
export function rulesFor(ruleLanguage: string, source?: string): CompiledRules {
  let r = cache.get(ruleLanguage);
  if (!r) {
    const file = readRuleFile(ruleLanguage, new Set());
    const gated = [
      ...file.sources.filter((s) => s.enabled && s.fileContains?.length),
      ...file.sanitizers.filter((s) => s.fileContains?.length || s.unlessFile?.length),
      ...file.sinks.filter((s) => s.gateRules && s.fileContains?.length),
    ].map((e: Gated) => ({
      entry: e,
      tests: (e.fileContains ?? []).map((x) => new RegExp(x)),
      unless: ("unlessFile" in e ? (e.unlessFile ?? []) : []).map((x) => new RegExp(x)),
    }));
    r = { file, base: compileRules(file), gated, variants: new Map() };
    cache.set(ruleLanguage, r);
  }
  if (source === undefined || !r.gated.length) return r.base;
  const matched = r.gated.filter((g) => (!g.tests.length || g.tests.some((t) => t.test(source))) && !g.unless.some((t) => t.test(source)));
  if (!matched.length) return r.base;
  const key = matched.map((g) => r.gated.indexOf(g)).join(",");
  let v = r.variants.get(key);
  if (!v) r.variants.set(key, (v = compileRules(r.file, new Set(matched.map((g) => g.entry)))));
  return v;
}
