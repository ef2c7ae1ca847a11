// Public shapes of the model reviewer: its configuration, what a caller gives it and what it returns.
// It knows no database and no service: the worker stage and `crs review --model` both call it.
import type { Finding, SourceFile } from "../types.ts";

export const modelProviders = ["openai", "anthropic"] as const;
export type ModelProvider = (typeof modelProviders)[number];

export interface ModelConfig {
  provider: ModelProvider;
  /** Base URL of the endpoint (OpenAI-compatible: `…/v1`, Azure `…/openai/v1/`); the SDK's default when absent. */
  url?: string;
  model: string;
  apiKey?: string;
  /** Input plus output tokens one review may spend. */
  maxTokensPerRun: number;
  /** Requests in flight at once. */
  concurrency: number;
  /** One request's time limit. */
  timeoutMs: number;
  /** Further attempts after a 429, a 5xx, a timeout or a lost connection. Default 2. */
  retries?: number;
  /** Output tokens asked for per request. Default 4096. */
  maxOutputTokens?: number;
  /** Code tokens per request. Default 12 000. */
  chunkTokens?: number;
  /** Model findings kept per review at most. Default 50. */
  maxFindings?: number;
  /** Characters of instructions, steering and documents sent per review at most. Default 40 000. */
  maxContextChars?: number;
  /** Change review: lines shown around each changed range. Default 10 (as a change's price counts them). */
  changeContextLines?: number;
}

/** A text the reviewer reads: a focus's instructions or a context document. */
export interface NamedText {
  name: string;
  text: string;
}

/** A chunk's validated answer, as the checkpoint hook receives it and a resumed review replays it. */
export interface ChunkAnswer {
  chunkId: string;
  findings: ModelFindingAnswer[];
  /** Findings in the answer that did not fit the schema. */
  invalid: number;
  tokensIn: number;
  tokensOut: number;
}

/** One finding as the model states it (answer.ts validates it). */
export interface ModelFindingAnswer {
  path: string;
  startLine: number;
  endLine: number;
  snippet: string;
  title: string;
  severity: "info" | "low" | "medium" | "high" | "critical";
  cwe: number | null;
  explanation: string;
  fix: { description: string; replacement: string } | null;
}

export interface ModelReviewInput {
  /** The reviewed tree's files in scope (a change review needs at least the changed files). */
  files: readonly SourceFile[];
  /** Change review: changed line ranges (new side, 1-based inclusive) per path. */
  changedLines?: Map<string, Array<[number, number]>>;
  /** Change review: lines the change removed, per path, placed after a new-side line (0: before line 1). */
  removedLines?: Map<string, Array<{ after: number; lines: string[] }>>;
  /** What the rule engine found: shown so the model adds rather than repeats; never changed. */
  ruleFindings: readonly Finding[];
  /** Focus instructions (markdown bodies). */
  instructions?: readonly NamedText[];
  steering?: string;
  /** Context documents, already extracted to text (documents.ts). */
  documents?: readonly NamedText[];
  signal?: AbortSignal;
  /** Answers checkpointed by an earlier attempt: these chunks are not sent again. */
  answered?: ReadonlyMap<string, ChunkAnswer>;
  /** Called once per chunk answered in this attempt, before its findings are counted. */
  onChunk?: (answer: ChunkAnswer) => Promise<void> | void;
  /** How to wait before a retry (tests record the waits instead of sleeping). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export type ModelState = "skipped" | "complete" | "partial" | "failed";

export interface ModelStage {
  state: ModelState;
  requests: number;
  tokensIn: number;
  tokensOut: number;
  /** Findings the model returned that failed the checks (or exceeded the cap). */
  dropped: number;
  reason: string | null;
  chunks: { total: number; answered: number; failed: number; unsent: number };
  /** Characters of instructions, steering and documents left out by the cap. */
  contextCharsCut?: number;
  /** Context documents that gave no text (scanned or encrypted PDFs, unsupported types, caps). */
  documentsSkipped?: number;
}

export interface DroppedFinding {
  path: string;
  startLine: number;
  reason: string;
}

export interface ModelReviewResult {
  findings: Finding[];
  stage: ModelStage;
  droppedFindings: DroppedFinding[];
}
