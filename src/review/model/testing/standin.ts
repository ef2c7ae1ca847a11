// A STAND-IN for a model provider (no model endpoint is reachable here): a real local HTTP server
// speaking the wire protocols the official SDKs use — OpenAI chat completions (response_format
// json_schema or tools) and Anthropic messages (tools). It records every request and replays
// scripted replies: findings, raw text, malformed JSON, error statuses with headers, or a hang.
import { createServer } from "node:http";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { anthropicBody, errorBody, invalid, messageText, openaiBody, tokens } from "./wire.ts";
import type { Protocol, Reply } from "./wire.ts";

export interface RecordedRequest {
  protocol: Protocol;
  path: string;
  headers: IncomingMessage["headers"];
  body: Record<string, unknown>;
  /** System and message text of the request, joined: what the model would read. */
  text: string;
}

export type Script = Reply | ((req: RecordedRequest) => Reply);

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
    if (!protocol) return send(404, errorBody(null, 404, "not found"));
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
    } catch {
      return send(400, errorBody(protocol, 400, "body is not JSON"));
    }
    const recorded: RecordedRequest = { protocol, path: req.url!, headers: req.headers, body, text: messageText(body) };
    this.requests.push(recorded);
    const bad = invalid(protocol, req, body);
    if (bad) return send(400, errorBody(protocol, 400, bad));
    const script = this.queue.shift() ?? this.fallback;
    let reply = typeof script === "function" ? script(recorded) : script;
    this.maxInFlight = Math.max(this.maxInFlight, ++this.inFlight);
    res.on("close", () => this.inFlight--);
    while ("gate" in reply) {
      await reply.gate;
      reply = reply.then;
    }
    if ("hang" in reply) return;
    if ("status" in reply) return send(reply.status, reply.body ?? errorBody(protocol, reply.status, "scripted failure"), reply.headers);
    const tokensIn = tokens(recorded.text);
    send(200, protocol === "openai" ? openaiBody(body, reply, tokensIn) : anthropicBody(body, reply, tokensIn));
  }
}
