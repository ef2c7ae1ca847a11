// Taint rules as the analysis reads them, compiled from their files (rules.ts): sinks, sanitizers, sources and
// the tables that find them by callee text.
import type { ParamHead } from "./param-text.ts";

export interface SinkSpec {
  cls: number;
  className: string;
  /** Reported from library input whatever its `exceptClasses` (schema `fromLibrary`). */
  fromLibrary?: true;
  /** Not reported from library input (schema `notFromLibrary`). */
  notFromLibrary?: true;
  /** A library entry's parameter handed whole is the caller's choice (schema `callersOwn`). */
  callersOwn?: true;
  args: number[] | null;
  /** Keyword arguments (Python) that are sink positions too (schema `keywords`); null: none. */
  keywords: ReadonlySet<string> | null;
  receiver: boolean;
  argv: boolean;
  /** Runs a program without a shell (schema `noShell`): `shellOnly` sources are no taint here. */
  noShell: boolean;
  code: boolean;
  /** Matches the text after the call when its result is only read (`.getHost()`); null when none is listed. */
  readOnly: RegExp | null;
  /** A sink only where its result is called at once (schema `calledAtOnce`). */
  calledAtOnce?: true;
  when?: { arg?: number | undefined; keyword?: string | undefined; equals: string } | undefined;
  unless: RegExp[];
  ignoreKinds: Set<string>;
  /** Return sinks: only the part of a returned string after this literal prefix is the sink (schema `returnPrefix`). */
  returnPrefix?: string;
  /** Return sinks: a returned tuple whose headers set a Content-Type matching this is no sink. */
  safeContentType?: RegExp;
  /** Conversions of a literal format string whose arguments are safe at this sink (`%j`). */
  formatSafe: Set<string>;
  /** Keys of an object literal argument that are the sink (the rest is bound data); null: the whole object. */
  objectKeys: Set<string> | null;
  /** With objectKeys: an argument that is no object literal is a sink only where it is seen to get one of the keys (schema `keyedOnly`). */
  keyedOnly?: true;
  unlessArg?: { arg: number; regex: RegExp; keyword?: string } | undefined;
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
  /** This keyword argument must be passed and its text match. */
  keywordMatches?: { keyword: string; regex: RegExp };
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
  /** Not under these literals of this argument (an emitter's own events). */
  whenNot: { arg: number; equals: ReadonlySet<string> } | undefined;
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
  /** Every parameter after one named so (a Django view's URL arguments after `request`). */
  after: RegExp[];
  exceptTypes: RegExp[];
  /** Only the URL variables the matching decorator names (`<path:name>`), not those of a number, uuid, date or any() converter. */
  routeVariables: boolean;
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
  /** Sinks at a call through a computed member, its key the argument (schema `computedCalls`). */
  computedCalls: SinkSpec[];
  sanitizers: CallTable<SanitizerSpec>;
  /** Sinks on the value returned by functions with matching decorators. */
  returnSinks: { decorators: RegExp[]; spec: SinkSpec }[];
  guards: CallTable<true>;
  writeReceiver: Set<string>;
  readReceiver: Set<string>;
  readFirst: Set<string>;
  outArgs: Set<string>;
  cleanMembers: Set<string>;
  /** Keyword arguments whose taint an unknown call's result does not carry. */
  inertKeywords: Set<string>;
  trustedParamMembers: Set<string>;
  /** Members of a request source that hold only text (schema `textParamMembers`). */
  textParamMembers: Set<string>;
  /** A statement that is only a call of a terminal callee (terminalCalls), tested on its text; null when none are listed. */
  terminalStatement: RegExp | null;
  /** Text a function's head must hold for any parameter to be a source (syntax/param-text.ts); null: no such test. */
  paramHead: ParamHead | null;
  /** Library input (evaluators/entry-points.ts): parameters of a module's public functions; null when the language has none. */
  library: LibrarySpec | null;
  /** Ids of the sources whose values a sink without a shell hands on as they were (schema `shellOnly`). */
  shellOnly: Set<string>;
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
