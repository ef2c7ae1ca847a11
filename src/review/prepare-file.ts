// A file's preparation (classify, decode, count lines, detect its language, read taint's candidates and
// cross-file names): everything decided from its text before any tree exists, apart from the parse and the rules' run.
import type { SourceFile } from "./types.ts";
import type { FileOutcome } from "./analyze-file.ts";
import { declarationFile, detectLanguage } from "./languages.ts";
import type { Language } from "./languages.ts";
import { mayMatch } from "./engines/patterns.ts";
import type { LanguagePack } from "./engines/patterns.ts";
import { mayPollute } from "./engines/prototype-pollution.ts";
import { taintCandidates, taintLanguages, taintWalkable } from "./engines/taint/index.ts";
import type { ContextSource } from "./engines/taint/driver/cross-file-context.ts";
import { contextPoints, textNames } from "./engines/taint/driver/cross-file-names.ts";
import { skipByContent, skipByPath } from "./skip.ts";
import { FileText } from "./text.ts";

/** A file ready for analysis: decoded, its language detected; `pack` unset when nothing parses it. */
export interface Prepared {
  path: string;
  bytes: number;
  text: FileText;
  lines: number;
  lang: Language | null;
  pack: LanguagePack | undefined;
  /** The pack's prefilter terms in the text (token-scanner.ts), empty without a pack. */
  present: ReadonlySet<string>;
  /**
   * Candidate sinks of a file that may hold a source (taint/index.ts taintCandidates), else null.
   * When there are any, taint will walk the file: the rules' walk lists its functions.
   */
  candidates: number[] | null;
  /**
   * The candidates when taint has nothing to walk for them (taintWalkable): `candidates` is then empty,
   * and these are handed to taint only with pattern findings to judge, as they were before the check.
   */
  unwalked?: number[];
  /** The prototype-pollution check may report in its text (mayPollute): its tree is read whatever the rules say. */
  polluting: boolean;
  /** Java, Python: library names its text uses (taint/driver/cross-file-names.ts textNames), when it may hold a source. */
  names?: string[];
  /** With context: the calls of its functions (in candidates too). */
  xpoints?: number[];
}

/** What preparing a file needs of the review: its settings, its rules by language, and its count of unparsed files. */
export interface PrepareEnv {
  maxBytes: number;
  taint: boolean;
  packFor(lang: Language): LanguagePack | undefined;
  /** Taint classes whose findings are selected in a language (taint-refine.ts). */
  taintClasses(lang: Language, pack: LanguagePack): ReadonlySet<string>;
  /** Files of a language with rules that were not parsed. */
  treeless: { files: number };
}

/** Classifies and decodes a file: its outcome when skipped, else what its analysis needs. */
export function prepareFile(env: PrepareEnv, file: SourceFile, context?: ContextSource[]): Prepared | { outcome: FileOutcome } {
  const bytes = file.content.length;
  const reason = skipByPath(file.path) ?? skipByContent(file.content, env.maxBytes);
  if (reason) return { outcome: { findings: [], skipped: { path: file.path, reason }, lines: 0, bytes, failedRules: [] } };
  const text = new FileText(file.content.toString("utf8"));
  let lines = 0;
  for (let i = text.source.indexOf("\n"); i >= 0; i = text.source.indexOf("\n", i + 1)) lines++;
  if (bytes && !text.source.endsWith("\n")) lines++;
  const lang = detectLanguage(file.path, text.source.slice(0, 200));
  const pack = lang ? env.packFor(lang) : undefined;
  // A TypeScript declaration file declares types only: nothing in it runs, so no data flows for taint to follow.
  const taint = !!(lang && pack && env.taint && taintLanguages().has(lang) && env.taintClasses(lang, pack).size) && !declarationFile.test(file.path);
  const present = pack ? pack.scanner.scan(text.source) : new Set<string>();
  let candidates = taint ? taintCandidates(lang!, text.source) : null;
  // Cross-file summaries: calls of the context's functions are candidates too; a first pass reads names.
  const xpoints = candidates && context?.length ? contextPoints(lang!, text.source, context, file.path) : [];
  if (xpoints.length) candidates = [...new Set([...candidates!, ...xpoints])].sort((x, y) => x - y);
  const unwalked = candidates?.length && !xpoints.length && !taintWalkable(lang!, text.source, candidates) ? candidates : undefined;
  if (unwalked) candidates = [];
  const names = candidates && !context ? textNames(lang!, file.path, text.source) : [];
  // A file is parsed only when a rule may match its text or taint may walk it: otherwise its
  // outcome (secrets aside) is empty, and the tree would cost a parse for nothing.
  // The prototype-pollution check reads the tree whatever its rule's own prefilter says.
  const polluting = !!pack?.rules.some((r) => r.check === "prototype-pollution") && mayPollute(text.source);
  const parsed = !!pack && (!!candidates?.length || mayMatch(pack, present) || polluting);
  if (pack && !parsed) env.treeless.files++;
  return {
    path: file.path,
    bytes,
    text,
    lines,
    lang,
    pack: parsed ? pack : undefined,
    present,
    candidates,
    polluting,
    ...(unwalked ? { unwalked } : {}),
    ...(names.length ? { names } : {}),
    ...(xpoints.length ? { xpoints } : {}),
  };
}
