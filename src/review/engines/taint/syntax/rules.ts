// Taint rules are data: src/review/rules/<language>/taint.yml. This module validates and compiles them.
import { readFileSync, existsSync } from "node:fs";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { paramHeadTest } from "./param-text.ts";
import { escapeRegExp } from "../../../text.ts";
import type { ParamHead } from "./param-text.ts";
import { ReviewError } from "../../../errors.ts";
import { cachedParse } from "../../../rule-cache.ts";
import { allClassesMask, classBit, namedOnlyMask, taintClasses } from "./classes.ts";

const callList = z
  .array(z.string().min(1))
  .describe("Callees: `name` (a plain call), `a.b` (exact callee text), `.m` or `.x().m` (suffix: any receiver), `new T` (constructor)");

const paramRule = z
  .object({
    names: z.array(z.string()).optional().describe("Regexes a parameter's name must match (whole name)"),
    types: z.array(z.string()).optional().describe("Regexes the parameter's declared type must match (whole type text)"),
    annotations: z.array(z.string()).optional().describe("Java: annotation names on the parameter, e.g. RequestParam"),
    decorators: z.array(z.string()).optional().describe("Python: regexes on the function's decorators; every parameter of a matching function is a source"),
    exceptTypes: z.array(z.string()).optional().describe("Regexes of declared types that make the parameter clean (integers, booleans)"),
    exceptBefore: z
      .array(z.string())
      .optional()
      .describe("Regexes (whole name): the parameter is none when the function's next parameter is named so (`fetch(request, options)`: a request it sends)"),
    members: z
      .array(z.string())
      .optional()
      .describe(
        "The members that carry the request (a Koa context's query, params, request); any other member is the program's own (a parser's " +
          "ctx.doc): omitted = every member",
      ),
  })
  .describe("Function parameters the framework fills from the request");

const callbackRule = z
  .object({
    calls: callList.describe("Calls the callback is handed to"),
    when: z
      .object({ arg: z.number().int().min(0), equals: z.string() })
      .optional()
      .describe('Only where this positional argument is this literal (`.on("entry", cb)`)'),
    keys: z
      .array(z.string())
      .optional()
      .describe("The callback is the value of one of these keys of an object argument (`tar.t({ onentry })`); omitted: a positional argument"),
    params: z.array(z.number().int().min(0)).describe("The callback's parameters that receive the data"),
    members: z
      .array(z.string())
      .optional()
      .describe("The members of such a parameter that carry the data (an archive entry's path and name, not its size); omitted: the whole value"),
  })
  .describe("Callbacks a library hands untrusted data to (an archive reader's entries)");

const sourceRule = z
  .object({
    id: z.string().describe("Short identifier shown in the flow"),
    description: z.string().optional().describe("What the source is"),
    enabled: z.boolean().default(true).describe("Disabled sources are documented but not used (e.g. environment variables)"),
    confidence: z
      .enum(["high", "medium", "low"])
      .default("high")
      .describe("Confidence of findings whose flow starts here; file and database reads are weaker sources"),
    params: paramRule.optional(),
    paths: z.array(z.string()).optional().describe("Member paths of globals that are tainted, e.g. process.argv; matched as a prefix"),
    calls: callList.optional().describe("Calls whose return value is tainted"),
    callbacks: z.array(callbackRule).optional().describe("Callbacks whose parameters are tainted"),
    fileContains: z
      .array(z.string())
      .optional()
      .describe(
        "Regexes one of which a file must match for this source to be looked for (the names of the libraries that make it); other files " +
          "are analysed with rules without it",
      ),
    unlessFile: z
      .array(z.string())
      .optional()
      .describe("With fileContains: regexes any of which, matched by a file, leave this source out of it (a crawler's module: its request is one it sends)"),
    fixedPathSafe: z
      .boolean()
      .default(false)
      .describe(
        "A call whose path (first argument, or the receiver of a method such as Path(p).read_text) is fixed text of the program reads the " +
          "program's own file: no source",
      ),
    classes: z
      .array(z.enum(taintClasses))
      .optional()
      .describe("Classes whose sinks this source's values reach (insecure-random for a predictable generator); omitted = every class but insecure-random"),
  })
  .describe("An untrusted source");

const literalArg = z.object({
  arg: z.number().int().min(0).optional().describe("Positional argument that must have the literal value"),
  keyword: z.string().optional().describe("Keyword argument (Python) that must have the literal value"),
  equals: z.string().describe("Literal text compared without quotes, e.g. -c or True"),
});

/** An argument's source text tested by a regex (a sink's `unlessArg`/`ifArg`, a sanitizer's `argMatches`). */
const argText = z.object({
  arg: z.number().int().min(0).describe("Positional argument whose source text is tested"),
  regex: z.string().describe("Regex on the argument's text, e.g. a negated character class /[^a-z0-9]/g or a program's name"),
});

const sinkRule = z
  .object({
    class: z.enum(taintClasses).describe("Injection class reported when tainted data reaches the sink"),
    description: z.string().optional().describe("Why these calls are sinks, for readers of the rule file"),
    calls: callList.optional(),
    args: z.array(z.number().int().min(0)).optional().describe("Argument positions that must not be tainted; omitted = every argument"),
    assigns: z.array(z.string()).optional().describe("Property names whose assignment is a sink, e.g. innerHTML; `a.b` means the exact left-hand text"),
    receiver: z.boolean().optional().describe("The call's receiver is also a sink position (e.g. a tainted query object)"),
    code: z
      .boolean()
      .optional()
      .describe(
        "The argument is run as code (MongoDB $where): a string is as dangerous as an object, so what only rules out operator objects (a " +
          "typeof string check, a template) does not make it safe",
      ),
    readOnly: z
      .array(z.string())
      .optional()
      .describe("Methods that only read the value the call makes: where its result is used at once for one (`new URL(u).getHost()`), the call is no sink"),
    argv: z
      .boolean()
      .optional()
      .describe("The positions take an argument vector run without a shell: an array literal with a fixed program other than a shell or interpreter is safe"),
    when: literalArg.optional().describe("The call is a sink only when this argument has this literal value (sh -c, shell=True)"),
    returnFrom: z
      .array(z.string())
      .optional()
      .describe(
        "Python: regexes on decorators; the value a function so decorated returns is a sink (a Flask view's return value is the response " +
          "body). A tuple's first element is the body",
      ),
    ignoreKinds: z.array(z.string()).optional().describe("Argument node kinds that are safe at this sink, e.g. object (serialized as JSON)"),
    formatSafe: z
      .array(z.string())
      .optional()
      .describe("printf-style sinks: conversions of a literal format string (first argument) whose argument is written safely (j, o, d)"),
    objectKeys: z
      .array(z.string())
      .optional()
      .describe(
        "An object literal given at a sink position is a sink through these keys only (`query({ sql, values })`: the text is `sql`, the bound " +
          "`values` are data)",
      ),
    unlessArg: argText.optional().describe("The call is no sink when this argument's text matches (`yaml.load(s, { schema: JSON_SCHEMA })` builds no code)"),
    fromLibrary: z
      .boolean()
      .optional()
      .describe(
        "Reported from library input even for a class it does not cause (`exceptClasses`): a component that writes its caller's text into " +
          "the page as HTML (`el.innerHTML = title`) is the bug, whoever calls it",
      ),
    ifArg: argText.optional().describe('The call is a sink only when this argument\'s text matches (`subprocess.run(["git", …])`: the program the list runs)'),
    fileContains: z.array(z.string()).optional().describe("Regexes one of which the file must match, e.g. the module a plain `exec` is imported from"),
    exceptReceivers: z
      .array(z.string())
      .optional()
      .describe("Regexes (whole text) of receivers that make a method call no sink: the application's own layer (`itemsService.deleteMany`)"),
    unless: z.array(z.string()).optional().describe("Regexes on the enclosing function's text that make the call safe (a hardened XML parser)"),
  })
  .describe("A dangerous operation");

const sanitizerRule = z
  .object({
    description: z.string().optional().describe("Why these calls make a value safe"),
    calls: callList,
    when: literalArg.optional().describe('Only with this literal argument, e.g. .replace("\'", "&apos;") for XPath string literals'),
    argMatches: z
      .union([argText, z.array(argText).min(1)])
      .optional()
      .describe('Only when this argument\'s text also matches, e.g. .replace(/[^a-z0-9]/g, "") removes every other character; a list: every one must match'),
    classes: z.array(z.enum(taintClasses)).optional().describe("Classes the sanitizer protects against; omitted = all but insecure-random"),
    tagged: z.boolean().optional().describe("JavaScript: only as a template tag (SQL`…`), which receives the interpolated values apart from the text"),
    exceptReceivers: z
      .array(z.string())
      .optional()
      .describe("Regexes (whole text) of receivers whose method of that name is no sanitizer (a request's `query()` reads the query string)"),
  })
  .describe("Calls whose return value is safe");

const libraryRule = z
  .object({
    id: z.string().default("library-input").describe("Source id shown in the flow"),
    description: z.string().optional().describe("Which functions are entry points, for readers of the rule file"),
    confidence: z.enum(["high", "medium", "low"]).default("low").describe("Confidence of findings whose flow starts at a library entry's parameter"),
    fileContains: z
      .array(z.string())
      .default([])
      .describe("Regexes one of which the file must match for any of its functions to be an entry point (`export`, `def`)"),
    unlessFile: z
      .array(z.string())
      .default([])
      .describe("Regexes that mark a file as an application module (a web framework import): its handlers are the entry points, not its functions"),
    unlessPath: z
      .array(z.string())
      .default([])
      .describe("Regexes on the file's path that mark it as no part of a library's interface (tests, fixtures, examples, benchmarks)"),
    exceptTypes: z.array(z.string()).default([]).describe("Regexes of declared parameter types that carry no string (number, int, bool)"),
    exceptClasses: z
      .array(z.enum(taintClasses))
      .default([])
      .describe(
        "Classes library input does not cause: a caller's value in its own log, a URL an HTTP client is given to fetch, HTML a rendering " +
          "helper is given to render are what the caller asked for",
      ),
    settings: z
      .array(
        z.object({
          names: z.array(z.string()).describe("Regexes a parameter's whole name matches"),
          classes: z.array(z.enum(taintClasses)).describe("Classes such a parameter does not cause"),
        }),
      )
      .default([])
      .describe("Parameters that by their name are the developer's settings rather than data (a served `root` directory is no path traversal)"),
  })
  .describe(
    "Parameters of a module's public functions (exported functions, public methods of exported classes; Python public module-level functions " +
      "and methods) are library input: a caller outside the package controls them",
  );

export const taintRuleFile = z
  .object({
    language: z.string().describe("Engine language id"),
    extends: z.string().optional().describe("Language whose taint.yml is loaded first; this file's lists are appended"),
    unknownCalls: z
      .enum(["propagate", "clean"])
      .optional()
      .describe("Return value of an unknown call: tainted if any argument is (propagate, default) or clean"),
    sources: z.array(sourceRule).default([]).describe("Untrusted sources"),
    sinks: z.array(sinkRule).default([]).describe("Sinks per injection class"),
    sanitizers: z.array(sanitizerRule).default([]).describe("Sanitizers and safe conversions"),
    guards: callList.default([]).describe("Allow-list checks: identifiers passed to a matching call are clean where the call returned true"),
    readReceiver: z
      .array(z.string())
      .default([])
      .describe("Method names whose result comes from the receiver only (map.get(key)): a tainted key does not taint the value"),
    writeReceiver: z.array(z.string()).default([]).describe("Method names that store their arguments into the receiver (push, append, put)"),
    outArgs: z.array(z.string()).default([]).describe("Method names that write into pointer/reference arguments (Decode, Scan, ShouldBind)"),
    cleanMembers: z.array(z.string()).default([]).describe("Members that are safe even on tainted data (length, size)"),
    terminalCalls: callList.default([]).describe("Calls that never return (ctx.throw, process.exit): the code after them is not reached"),
    trustedParamMembers: z
      .array(z.string())
      .default([])
      .describe(
        "Members of a framework parameter that the server sets, not the caller (req.session, req.user): clean although the parameter is a " +
          "source; `param.member` names one parameter's (ctx.body)",
      ),
    library: libraryRule.optional(),
  })
  .describe("One language's taint configuration");
export type TaintRuleFile = z.infer<typeof taintRuleFile>;

export interface SinkSpec {
  cls: number;
  className: string;
  /** Reported from library input whatever its `exceptClasses` (schema `fromLibrary`). */
  fromLibrary?: true;
  args: number[] | null;
  receiver: boolean;
  argv: boolean;
  code: boolean;
  /** Matches the text after the call when its result is only read (`.getHost()`); null when none is listed. */
  readOnly: RegExp | null;
  when?: { arg?: number | undefined; keyword?: string | undefined; equals: string } | undefined;
  unless: RegExp[];
  ignoreKinds: Set<string>;
  /** Conversions of a literal format string whose arguments are safe at this sink (`%j`). */
  formatSafe: Set<string>;
  /** Keys of an object literal argument that are the sink (the rest is bound data); null: the whole object. */
  objectKeys: Set<string> | null;
  unlessArg?: { arg: number; regex: RegExp } | undefined;
  ifArg?: { arg: number; regex: RegExp } | undefined;
  fileContains: RegExp[];
  /** Receivers (whole text) whose method calls are no sink. */
  exceptReceivers: RegExp[];
}
export interface SanitizerSpec {
  mask: number;
  when?: SinkSpec["when"];
  /** Every one of these arguments' text must match. */
  argMatches?: { arg: number; regex: RegExp }[] | undefined;
  /** Only as a template tag (`SQL\`…\``). */
  tagged?: true;
  /** Receivers (whole text) whose method of that name is no sanitizer. */
  exceptReceivers?: RegExp[];
}
export interface SourceSpec {
  id: string;
  /** A read of a fixed path is none (schema `fixedPathSafe`). */
  fixedPathSafe?: true;
  confidence: "high" | "medium" | "low" /** Classes its values cannot cause. */;
  mask: number;
}
/** A callback's parameters as a source (schema `callbacks`). */
export interface CallbackSpec {
  spec: SourceSpec;
  when: { arg: number; equals: string } | undefined;
  /** Keys of an object argument whose value is the callback; null: a positional argument. */
  keys: ReadonlySet<string> | null;
  params: number[];
  /** Only these members of a parameter carry the data; null: the whole value. */
  members: ReadonlySet<string> | null;
}
export interface ParamSpec extends SourceSpec {
  names: RegExp[];
  types: RegExp[];
  annotations: Set<string>;
  decorators: RegExp[];
  exceptTypes: RegExp[];
  /** Names of a next parameter that make this one none (a client's outgoing request beside its options). */
  exceptBefore: RegExp[];
  /** Only these members carry the request; null: every member. */
  members: ReadonlySet<string> | null;
}

const memoMax = 512;

/** Lookup table from callee text to specs; see `callList` for the entry syntax. Lists returned are shared: not to be modified. */
export class CallTable<T> {
  readonly exact = new Map<string, T[]>();
  readonly suffix = new Map<string, { suffix: string; spec: T }[]>();
  /** Lookups by callee text: the same callees come back in every function and file (cleared past `memoMax`). */
  private memo: Map<string, T[] | undefined> | null = null;
  add(entry: string, spec: T): void {
    this.memo = null;
    if (entry.startsWith(".")) {
      const last = lastSegment(entry);
      const list = this.suffix.get(last) ?? [];
      list.push({ suffix: entry, spec });
      this.suffix.set(last, list);
    } else {
      const list = this.exact.get(entry) ?? [];
      list.push(spec);
      this.exact.set(entry, list);
    }
  }
  /** Exact entries win over suffix entries, so `xmlquery.Find` is not taken for a `.Find` of another API. */
  lookup(callee: string): T[] | undefined {
    const memo = (this.memo ??= new Map());
    let found = memo.get(callee);
    if (found === undefined && !memo.has(callee)) {
      found = this.find(callee);
      if (memo.size >= memoMax) memo.clear();
      memo.set(callee, found);
    }
    return found;
  }
  private find(callee: string): T[] | undefined {
    const exact = this.exact.get(callee);
    if (exact) return exact;
    // A chain with arguments inside (`res.status(400).send`) is also listed without them (`res.status().send`).
    if (callee.includes("(") && /\([^()]+\)/.test(callee)) {
      const bare = this.lookup(callee.replace(/\([^()]*\)/g, "()"));
      if (bare) return bare;
    }
    const sfx = this.suffix.get(lastSegment(callee));
    if (!sfx) return undefined;
    let out: T[] | undefined;
    for (const s of sfx) if (callee.endsWith(s.suffix)) (out ??= []).push(s.spec);
    return out;
  }
  lastSegments(): string[] {
    return [...new Set([...[...this.exact.keys()].map(lastSegment), ...this.suffix.keys()])];
  }
}

export function lastSegment(callee: string): string {
  const i = callee.lastIndexOf(".");
  const s = i >= 0 ? callee.slice(i + 1) : callee;
  return s.startsWith("new ") ? s.slice(4) : s;
}

export interface CompiledRules {
  language: string;
  propagateUnknown: boolean;
  params: ParamSpec[];
  paths: { prefix: string; spec: SourceSpec }[];
  pathRoots: Set<string>;
  sourceCalls: CallTable<SourceSpec>;
  /** Callbacks whose parameters are sources (evaluators/callback-sources.ts); null when none are listed. */
  callbacks: CallTable<CallbackSpec> | null;
  sinks: CallTable<SinkSpec>;
  assignSinks: Map<string, SinkSpec[]>;
  sanitizers: CallTable<SanitizerSpec>;
  /** Sinks on the value returned by functions with matching decorators. */
  returnSinks: { decorators: RegExp[]; spec: SinkSpec }[];
  guards: CallTable<true>;
  writeReceiver: Set<string>;
  readReceiver: Set<string>;
  outArgs: Set<string>;
  cleanMembers: Set<string>;
  trustedParamMembers: Set<string>;
  /** A statement that is only a call of a terminal callee (terminalCalls), tested on its text; null when none are listed. */
  terminalStatement: RegExp | null;
  /** Text a function's head must hold for any parameter to be a source (syntax/param-text.ts); null: no such test. */
  paramHead: ParamHead | null;
  /** Library input (evaluators/entry-points.ts): parameters of a module's public functions; null when the language has none. */
  library: LibrarySpec | null;
}

export interface LibrarySpec {
  spec: SourceSpec;
  /** Classes library input does not cause (`exceptClasses`), but at sinks marked `fromLibrary`: judged where a hit is recorded. */
  exceptMask: number;
  fileContains: RegExp | null;
  unlessFile: RegExp | null;
  unlessPath: RegExp | null;
  exceptTypes: RegExp[];
  /** Parameter names that are settings, with the classes (bits) they do not cause. */
  settings: { names: RegExp[]; mask: number }[];
}

const rulesDir = new URL("../../../rules/", import.meta.url);
interface LanguageRules {
  file: TaintRuleFile;
  base: CompiledRules;
  /** Sources looked for only in files that match their `fileContains`, with those regexes. */
  gated: { source: TaintRuleFile["sources"][number]; tests: RegExp[]; unless: RegExp[] }[];
  /** The rules with the gated sources a file matched, by their places in `gated`. */
  variants: Map<string, CompiledRules>;
}
const cache = new Map<string, LanguageRules>();

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
    outArgs: [...base.outArgs, ...file.outArgs],
    cleanMembers: [...base.cleanMembers, ...file.cleanMembers],
    trustedParamMembers: [...base.trustedParamMembers, ...file.trustedParamMembers],
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

/** `on`: the sources with `fileContains` the file matched (the others are left out). */
function compileRules(file: TaintRuleFile, on: ReadonlySet<TaintRuleFile["sources"][number]> = new Set()): CompiledRules {
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
    returnSinks: [],
    sanitizers: new CallTable(),
    guards: new CallTable(),
    writeReceiver: new Set(file.writeReceiver),
    readReceiver: new Set(file.readReceiver),
    outArgs: new Set(file.outArgs),
    cleanMembers: new Set(file.cleanMembers),
    trustedParamMembers: new Set(file.trustedParamMembers),
    terminalStatement: terminalStatement(file.terminalCalls),
    paramHead: paramHeadTest(file.sources.flatMap((s) => (s.enabled && s.params ? [s.params] : []))),
    library: compileLibrary(file.library),
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
        exceptTypes: whole(s.params.exceptTypes),
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
        keys: cb.keys ? new Set(cb.keys) : null,
        params: cb.params,
        members: cb.members ? new Set(cb.members) : null,
      };
      for (const c of cb.calls) (out.callbacks ??= new CallTable()).add(c, entry);
    }
  }
  for (const s of file.sinks) {
    const spec: SinkSpec = {
      cls: classBit(s.class),
      className: s.class,
      args: s.args ?? null,
      receiver: s.receiver ?? false,
      argv: s.argv ?? false,
      code: s.code ?? false,
      when: s.when,
      readOnly: s.readOnly?.length ? new RegExp(`^\\s*\\.\\s*(?:${s.readOnly.map((m) => m.replace(/\W/g, "")).join("|")})\\s*\\(`) : null,
      unless: (s.unless ?? []).map((r) => new RegExp(r)),
      ignoreKinds: new Set(s.ignoreKinds ?? []),
      formatSafe: new Set(s.formatSafe ?? []),
      objectKeys: s.objectKeys ? new Set(s.objectKeys) : null,
      unlessArg: s.unlessArg && argTest(s.unlessArg),
      ifArg: s.ifArg && argTest(s.ifArg),
      ...(s.fromLibrary ? { fromLibrary: true as const } : {}),
      fileContains: (s.fileContains ?? []).map((r) => new RegExp(r)),
      exceptReceivers: whole(s.exceptReceivers),
    };
    for (const c of s.calls ?? []) out.sinks.add(c, spec);
    for (const a of s.assigns ?? []) out.assignSinks.set(a, [...(out.assignSinks.get(a) ?? []), spec]);
    if (s.returnFrom) out.returnSinks.push({ decorators: s.returnFrom.map((r) => new RegExp(r)), spec });
  }
  for (const s of file.sanitizers) {
    // A number parsed from a predictable value stays predictable: "every class" leaves insecure-random.
    const mask = s.classes ? s.classes.reduce((m, c) => m | classBit(c), 0) : allClassesMask & ~namedOnlyMask;
    const argMatches = s.argMatches ? [s.argMatches].flat().map(argTest) : undefined;
    const spec = {
      mask,
      when: s.when,
      argMatches,
      ...(s.tagged ? { tagged: true as const } : {}),
      ...(s.exceptReceivers ? { exceptReceivers: whole(s.exceptReceivers) } : {}),
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
 * text: the rules with the sources whose `fileContains` it matches (an archive reader's entries only where an
 * archive library is named), so no other file pays for looking for them.
 */
export function rulesFor(ruleLanguage: string, source?: string): CompiledRules {
  let r = cache.get(ruleLanguage);
  if (!r) {
    const file = readRuleFile(ruleLanguage, new Set());
    const gated = file.sources
      .filter((s) => s.enabled && s.fileContains?.length)
      .map((s) => ({ source: s, tests: s.fileContains!.map((x) => new RegExp(x)), unless: (s.unlessFile ?? []).map((x) => new RegExp(x)) }));
    r = { file, base: compileRules(file), gated, variants: new Map() };
    cache.set(ruleLanguage, r);
  }
  if (source === undefined || !r.gated.length) return r.base;
  const matched = r.gated.filter((g) => g.tests.some((t) => t.test(source)) && !g.unless.some((t) => t.test(source)));
  if (!matched.length) return r.base;
  const key = matched.map((g) => r.gated.indexOf(g)).join(",");
  let v = r.variants.get(key);
  if (!v) r.variants.set(key, (v = compileRules(r.file, new Set(matched.map((g) => g.source)))));
  return v;
}
