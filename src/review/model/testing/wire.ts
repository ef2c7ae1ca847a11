// The wire protocols the stand-in (standin.ts) speaks, as the official SDKs send and read them:
// OpenAI chat completions and Anthropic messages. What makes a request one an SDK would not send,
// and the bodies of answers and errors.
import type { IncomingMessage } from "node:http";

export type Protocol = "openai" | "anthropic";

export type Reply =
  /** A structured answer `{findings}` (or any object, e.g. one that tries to retract rule findings). */
  | { answer: unknown }
  /** Prose instead of structured output, as small local models give. */
  | { text: string }
  /** OpenAI: this exact string as the JSON-schema content (malformed JSON); Anthropic: as text. */
  | { raw: string }
  | { status: number; headers?: Record<string, string>; body?: unknown }
  /** Never answers (until the client gives up). */
  | { hang: true }
  /** Answers `then` once `gate` resolves (to hold requests in flight). */
  | { gate: Promise<void>; then: Reply };

export const tokens = (s: string) => Math.ceil(s.length / 4);

export function messageText(body: Record<string, unknown>): string {
  const parts: string[] = [];
  if (typeof body.system === "string") parts.push(body.system);
  for (const m of (body.messages as Array<{ content: unknown }> | undefined) ?? []) {
    if (typeof m.content === "string") parts.push(m.content);
    else if (Array.isArray(m.content)) for (const c of m.content as Array<{ text?: string }>) if (c.text) parts.push(c.text);
  }
  return parts.join("\n");
}

/** Why a request is not one the official SDK would send, or null. */
export function invalid(protocol: Protocol, req: IncomingMessage, body: Record<string, unknown>): string | null {
  if (req.headers["content-type"]?.split(";")[0] !== "application/json") return "content-type must be application/json";
  if (typeof body.model !== "string" || !Array.isArray(body.messages) || !body.messages.length) return "model and messages are required";
  if (protocol === "openai") {
    if (!/^Bearer \S+/.test(req.headers.authorization ?? "")) return "missing bearer token";
    const rf = body.response_format as { type?: string; json_schema?: { name?: string; schema?: unknown } } | undefined;
    if (rf && (rf.type !== "json_schema" || !rf.json_schema?.name || typeof rf.json_schema.schema !== "object")) return "bad response_format";
  } else {
    // Current SDKs send the key as a bearer token, older ones as x-api-key; the API takes both.
    if (!(req.headers["x-api-key"] || /^Bearer \S+/.test(req.headers.authorization ?? "")) || !req.headers["anthropic-version"])
      return "missing key or anthropic-version";
    if (typeof body.max_tokens !== "number") return "max_tokens is required";
    if (typeof body.system !== "string" && body.system !== undefined) return "bad system";
  }
  return null;
}

export function openaiBody(body: Record<string, unknown>, reply: Reply, tokensIn: number): unknown {
  const tools = body.tools as Array<{ function: { name: string } }> | undefined;
  let content: string | null;
  let toolCalls: unknown[] | undefined;
  if ("answer" in reply && tools?.length && !body.response_format) {
    content = null;
    toolCalls = [{ id: "call_standin", type: "function", function: { name: tools[0]!.function.name, arguments: JSON.stringify(reply.answer) } }];
  } else content = "answer" in reply ? JSON.stringify(reply.answer) : "text" in reply ? reply.text : "raw" in reply ? reply.raw : "";
  const out = content ?? JSON.stringify(toolCalls);
  return {
    id: "chatcmpl-standin",
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: body.model,
    choices: [
      {
        index: 0,
        finish_reason: toolCalls ? "tool_calls" : "stop",
        logprobs: null,
        message: { role: "assistant", content, refusal: null, ...(toolCalls ? { tool_calls: toolCalls } : {}) },
      },
    ],
    usage: { prompt_tokens: tokensIn, completion_tokens: tokens(out), total_tokens: tokensIn + tokens(out) },
  };
}

export function anthropicBody(body: Record<string, unknown>, reply: Reply, tokensIn: number): unknown {
  const tools = body.tools as Array<{ name: string }> | undefined;
  const content =
    "answer" in reply && tools?.length
      ? [{ type: "tool_use", id: "toolu_standin", name: tools[0]!.name, input: reply.answer }]
      : [{ type: "text", text: "answer" in reply ? JSON.stringify(reply.answer) : "text" in reply ? reply.text : "raw" in reply ? reply.raw : "" }];
  return {
    id: "msg_standin",
    type: "message",
    role: "assistant",
    model: body.model,
    content,
    stop_reason: content[0]!.type === "tool_use" ? "tool_use" : "end_turn",
    stop_sequence: null,
    usage: { input_tokens: tokensIn, output_tokens: tokens(JSON.stringify(content)) },
  };
}

/** An error response's body as the provider words it. */
export function errorBody(p: Protocol | null, status: number, message: string): unknown {
  return p === "anthropic"
    ? { type: "error", error: { type: status === 429 ? "rate_limit_error" : status >= 500 ? "api_error" : "invalid_request_error", message } }
    : {
        error: {
          message,
          type: status === 429 ? "rate_limit_exceeded" : status >= 500 ? "server_error" : "invalid_request_error",
          code: null,
          param: null,
        },
      };
}
