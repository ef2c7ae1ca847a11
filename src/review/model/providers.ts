// The providers, through their official SDKs (loaded only when a model review runs). The SDKs' own
// retries are off: send.ts retries, so that every request is counted, Retry-After is honoured and
// cancellation is checked between attempts.
import { answerJsonSchema } from "./answer.ts";
import type { ModelConfig } from "./types.ts";

export interface ProviderRequest {
  system: string;
  user: string;
  /** A text answer that failed the schema, and why: the retry shows both to the model. */
  repair?: { previous: string; error: string };
  /** Ask for structured output (JSON schema / tool); false for endpoints that refused it. */
  structured: boolean;
  signal: AbortSignal;
}

export interface ProviderAnswer {
  /** Structured output (tool input or JSON-schema content), when the provider gave it. */
  structured?: unknown;
  /** Text, when the provider answered in prose (or its JSON-schema content did not parse). */
  text?: string;
  tokensIn: number;
  tokensOut: number;
}

/** A failed request: `retryable` for 429, 5xx, timeouts and lost connections; `retryAfterMs` when the server said. */
export class ProviderError extends Error {
  readonly retryable: boolean;
  readonly retryAfterMs: number | null;
  readonly status: number | null;
  constructor(message: string, o: { retryable: boolean; retryAfterMs?: number | null; status?: number | null }) {
    super(message);
    this.retryable = o.retryable;
    this.retryAfterMs = o.retryAfterMs ?? null;
    this.status = o.status ?? null;
  }
}

export type Provider = (req: ProviderRequest) => Promise<ProviderAnswer>;

const toolName = "report_findings";
const toolDescription = "Report the problems found in the code shown (an empty list when there are none).";

/** Milliseconds a response asks to wait: `retry-after-ms`, or `Retry-After` in seconds or as an HTTP date. */
export function retryAfter(headers: Headers | undefined | null): number | null {
  const ms = Number(headers?.get("retry-after-ms"));
  if (headers?.get("retry-after-ms") && Number.isFinite(ms) && ms >= 0) return ms;
  const raw = headers?.get("retry-after");
  if (!raw) return null;
  const s = Number(raw);
  if (Number.isFinite(s) && s >= 0) return s * 1000;
  const at = Date.parse(raw);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

interface SdkError {
  status?: number;
  headers?: Headers;
  name?: string;
  message?: string;
}

function classify(e: unknown, signal: AbortSignal): never {
  if (signal.aborted) throw e;
  const err = e as SdkError;
  const status = typeof err.status === "number" ? err.status : null;
  // The SDKs' error classes are told apart by name: they load lazily, so instanceof is not at hand.
  const kind = `${(e as object | null)?.constructor?.name ?? ""} ${err.name ?? ""}`;
  const timeout = /Timeout/i.test(kind);
  const connection = status === null && /Connection|fetch failed|socket/i.test(`${kind} ${err.message}`);
  const retryable = timeout || connection || status === 429 || status === 408 || (status !== null && status >= 500);
  const what = timeout ? "timed out" : status !== null ? `answered ${status}` : "could not be reached";
  throw new ProviderError(`the model endpoint ${what}`, { retryable, retryAfterMs: retryAfter(err.headers), status });
}

const messages = (req: ProviderRequest) => [
  { role: "user" as const, content: req.user },
  ...(req.repair
    ? [
        { role: "assistant" as const, content: req.repair.previous.slice(0, 8000) || "(empty)" },
        { role: "user" as const, content: `That answer was not usable (${req.repair.error}). Answer again with only the JSON object described.` },
      ]
    : []),
];

async function openaiProvider(config: ModelConfig, maxTokens: number): Promise<Provider> {
  const { default: OpenAI } = await import("openai");
  // Local servers (Ollama, llama.cpp, LM Studio) take any key; the SDK insists on one.
  const client = new OpenAI({ apiKey: config.apiKey ?? "unused", baseURL: config.url ?? null, timeout: config.timeoutMs, maxRetries: 0 });
  const schema = answerJsonSchema();
  return async (req) => {
    // biome-ignore lint/suspicious/noImplicitAnyLet: typed by the assignment below (the SDK's create() is overloaded)
    let res;
    try {
      res = await client.chat.completions.create(
        {
          model: config.model,
          messages: [{ role: "system", content: req.system }, ...messages(req)],
          max_completion_tokens: maxTokens,
          ...(req.structured
            ? { response_format: { type: "json_schema", json_schema: { name: toolName, description: toolDescription, schema, strict: true } } }
            : {}),
        },
        { signal: req.signal },
      );
    } catch (e) {
      classify(e, req.signal);
    }
    // Compatible servers vary: read defensively, and let the schema judge what is there.
    const msg = res.choices?.[0]?.message;
    const call = msg?.tool_calls?.find((c) => c.type === "function" && c.function.name === toolName);
    const raw = call && call.type === "function" ? call.function.arguments : (msg?.content ?? "");
    let structured: unknown;
    try {
      structured = JSON.parse(raw);
    } catch {
      structured = undefined;
    }
    return {
      ...(structured !== undefined && typeof structured === "object" ? { structured } : { text: raw }),
      tokensIn: res.usage?.prompt_tokens ?? 0,
      tokensOut: res.usage?.completion_tokens ?? 0,
    };
  };
}

async function anthropicProvider(config: ModelConfig, maxTokens: number): Promise<Provider> {
  const { default: Anthropic } = await import("@anthropic-ai/sdk");
  const client = new Anthropic({ apiKey: config.apiKey ?? "unused", baseURL: config.url ?? null, timeout: config.timeoutMs, maxRetries: 0 });
  const schema = answerJsonSchema() as { type: "object"; [k: string]: unknown };
  return async (req) => {
    // biome-ignore lint/suspicious/noImplicitAnyLet: typed by the assignment below (the SDK's create() is overloaded)
    let res;
    try {
      res = await client.messages.create(
        {
          model: config.model,
          max_tokens: maxTokens,
          system: req.system,
          messages: messages(req),
          ...(req.structured
            ? { tools: [{ name: toolName, description: toolDescription, input_schema: schema }], tool_choice: { type: "tool", name: toolName } }
            : {}),
        },
        { signal: req.signal },
      );
    } catch (e) {
      classify(e, req.signal);
    }
    const blocks = Array.isArray(res.content) ? res.content : [];
    const tool = blocks.find((b) => b.type === "tool_use" && b.name === toolName);
    const text = blocks.map((b) => (b.type === "text" ? b.text : "")).join("");
    return {
      ...(tool && tool.type === "tool_use" ? { structured: tool.input } : { text }),
      tokensIn: res.usage?.input_tokens ?? 0,
      tokensOut: res.usage?.output_tokens ?? 0,
    };
  };
}

export function makeProvider(config: ModelConfig, maxTokens: number): Promise<Provider> {
  return config.provider === "anthropic" ? anthropicProvider(config, maxTokens) : openaiProvider(config, maxTokens);
}
