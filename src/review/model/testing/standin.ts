// A STAND-IN for a model provider (no model endpoint is reachable here): a real local HTTP server
// speaking the wire protocols the official SDKs use — OpenAI chat completions (response_format
// json_schema or tools) and Anthropic messages (tools). It records every request and replays
// scripted replies: findings, raw text, malformed JSON, error statuses with headers, or a hang.
import { createServer } from "node:http";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";

export type Protocol = "openai" | "anthropic";

export interface RecordedRequest {
  protocol: Protocol;
  path: string;
  headers: IncomingMessage["headers"];
  body: Record<string, unknown>;
  /** System and message text of the request, joined: what the model would read. */
  text: string;
}

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

export type Script = Reply | ((req: RecordedRequest) => Reply);

const tokens = (s: string) => Math.ceil(s.length / 4);

function messageText(body: Record<string, unknown>): string {
  const parts: string[] = [];
  if (typeof body.system === "string") parts.push(body.system);
  for (const m of (body.messages as Array<{ content: unknown }> | undefined) ?? []) {
    if (typeof m.content === "string") parts.push(m.content);
    else if (Array.isArray(m.content)) for (const c of m.content as Array<{ text?: string }>) if (c.text) parts.push(c.text);
  }
  return parts.join("\n");
}

/** Why a request is not one the official SDK would send, or null. */
function invalid(protocol: Protocol, req: IncomingMessage, body: Record<string, unknown>): string | null {
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

function openaiBody(body: Record<string, unknown>, reply: Reply, tokensIn: number): unknown {
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

function anthropicBody(body: Record<string, unknown>, reply: Reply, tokensIn: number): unknown {
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

export class ModelStandIn {
  readonly requests: RecordedRequest[] = [];
  /** Most requests the stand-in held unanswered at once. */
  maxInFlight = 0;
  private inFlight = 0;
  private queue: Script[] = [];
  private fallback: Script = { answer: { findings: [] } };
  private server: Server | null = null;
  private sockets = new Set<Socket>();
  private origin = "";

  /** Base URL for the OpenAI SDK (`…/v1`). */
  get openaiUrl(): string {
    return `${this.origin}/v1`;
  }
  /** Base URL for the Anthropic SDK. */
  get anthropicUrl(): string {
    return this.origin;
  }
  url(p: Protocol): string {
    return p === "openai" ? this.openaiUrl : this.anthropicUrl;
  }

  /** Replies for the next requests, in order; then `otherwise` (default: no findings). */
  script(...replies: Script[]): this {
    this.queue.push(...replies);
    return this;
  }
  otherwise(reply: Script): this {
    this.fallback = reply;
    return this;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.on("connection", (s) => {
      this.sockets.add(s);
      s.on("close", () => this.sockets.delete(s));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    const a = this.server.address() as { port: number };
    this.origin = `http://127.0.0.1:${a.port}`;
    return this;
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const protocol: Protocol | null =
      req.method === "POST" && req.url === "/v1/chat/completions" ? "openai" : req.method === "POST" && req.url === "/v1/messages" ? "anthropic" : null;
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(JSON.stringify(body));
    };
    const error = (p: Protocol | null, status: number, message: string) =>
      p === "anthropic"
        ? { type: "error", error: { type: status === 429 ? "rate_limit_error" : status >= 500 ? "api_error" : "invalid_request_error", message } }
        : {
            error: {
              message,
              type: status === 429 ? "rate_limit_exceeded" : status >= 500 ? "server_error" : "invalid_request_error",
              code: null,
              param: null,
            },
          };
    if (!protocol) return send(404, error(null, 404, "not found"));
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
    } catch {
      return send(400, error(protocol, 400, "body is not JSON"));
    }
    const recorded: RecordedRequest = { protocol, path: req.url!, headers: req.headers, body, text: messageText(body) };
    this.requests.push(recorded);
    const bad = invalid(protocol, req, body);
    if (bad) return send(400, error(protocol, 400, bad));
    const script = this.queue.shift() ?? this.fallback;
    let reply = typeof script === "function" ? script(recorded) : script;
    this.maxInFlight = Math.max(this.maxInFlight, ++this.inFlight);
    res.on("close", () => this.inFlight--);
    while ("gate" in reply) {
      await reply.gate;
      reply = reply.then;
    }
    if ("hang" in reply) return;
    if ("status" in reply) return send(reply.status, reply.body ?? error(protocol, reply.status, "scripted failure"), reply.headers);
    const tokensIn = tokens(recorded.text);
    send(200, protocol === "openai" ? openaiBody(body, reply, tokensIn) : anthropicBody(body, reply, tokensIn));
  }
}
