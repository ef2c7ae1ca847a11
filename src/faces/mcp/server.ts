// The MCP server: one tool per operation of the table (except REST-only rows), over stateless
// Streamable HTTP at POST /mcp. Tools are filtered by the token's scopes; an AppError becomes an
// isError result carrying the same error body as REST.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { ErrorCode, ListToolsRequestSchema, McpError } from "@modelcontextprotocol/sdk/types.js";
import type { App } from "../../kernel/app.ts";
import { AppError, asAppError, errorBody } from "../../kernel/errors.ts";
import type { Principal } from "../../kernel/principal.ts";
import { authenticate, invoke, remember, withHeaders, type CallMeta } from "../../kernel/execute.ts";
import type { Operation } from "../../kernel/operation.ts";
import { summaryOf, toolOf } from "./tools.ts";
import { callParams } from "./call-params.ts";
import { sendError } from "../../kernel/reply.ts";
import { mcpResourceMetadataPath } from "../../kernel/oauth-metadata.ts";
import { missingScopes } from "../../kernel/scopes.ts";
import { authorizationHeader } from "../../kernel/authorization.ts";

const mcpPath = "/mcp";

const rateLimitHeaderNames = ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"] as const;

/** Sets the HTTP response's X-RateLimit-* headers while they can still be changed. */
type Report = (headers: Record<string, string>) => void;

/** A tool result has no headers: the wait a REST client reads from Retry-After travels in details. */
function toolErrorBody(e: AppError, requestId: string) {
  const body = errorBody(e, requestId);
  const retry = Number(e.headers["Retry-After"]);
  if (e.headers["Retry-After"] !== undefined && Number.isFinite(retry)) body.error.details = { ...body.error.details, retryAfterSeconds: retry };
  return body;
}

/** JSON-RPC's own answer to a body that is not JSON (the MCP transport's, had it read the body itself). */
function parseError(err: { code?: string }, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const unreadable = err instanceof SyntaxError || err.code === "FST_ERR_CTP_INVALID_JSON_BODY" || err.code === "FST_ERR_CTP_EMPTY_JSON_BODY";
  if (!unreadable) return sendError(req, reply, err);
  return reply.code(400).send({ jsonrpc: "2.0", id: null, error: { code: ErrorCode.ParseError, message: "Parse error: the body is not valid JSON." } });
}

function mcpServer(app: App, ops: readonly Operation[], principal: Principal, meta: CallMeta, report: Report): Server {
  const server = new Server({ name: "crs", version: "2.0.0" }, { capabilities: { tools: {} } });
  const visible = ops.filter((op) => op.mcp && missingScopes(principal.scopes, op.scopes).length === 0);
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: visible.map(toolOf) }));
  // tools/call goes through the fallback handler so that its params are ours to check (call-params.ts).
  server.fallbackRequestHandler = async (request) => {
    if (request.method !== "tools/call") throw new McpError(ErrorCode.MethodNotFound, "Method not found");
    const params = callParams(request.params);
    const op = ops.find((o) => o.mcp && o.id === params.name);
    const call: CallMeta = { ...meta, headers: {} };
    try {
      if (!op) throw new AppError("not_found", `No tool named ${params.name}.`);
      const result = await invoke(app, op, principal, params.arguments, call);
      // Like REST, the response reports the operation's own bucket once it was charged.
      report(call.headers);
      return {
        content: [
          { type: "text", text: summaryOf(op, result.body) },
          { type: "text", text: JSON.stringify(result.body) },
        ],
        structuredContent: result.body as Record<string, unknown>,
      };
    } catch (err) {
      const e = asAppError(err);
      report(e.headers);
      if (e.status >= 500) app.log.error({ err: e.cause ?? e, requestId: meta.requestId, tool: op?.id }, "tool call failed");
      return { isError: true, content: [{ type: "text", text: JSON.stringify(toolErrorBody(e, meta.requestId)) }] };
    }
  };
  return server;
}

export function registerMcp(fastify: FastifyInstance, app: App, ops: readonly Operation[]): void {
  fastify.post(mcpPath, { errorHandler: parseError }, async (req, reply) => {
    // The ip budget was charged (and reported) in the server's onRequest hook (src/server/http.ts).
    const meta: CallMeta = { requestId: String(req.id), trigger: "mcp", headers: {} };
    let principal: Principal;
    try {
      principal = await authenticate(app, authorizationHeader(req.raw));
      remember(meta, await app.limiter.charge("mcp", String(principal.userId)));
    } catch (err) {
      const e = withHeaders(asAppError(err), meta);
      // RFC 9728 §5.1: a client that knows only this URL finds the authorization server from here.
      const challenge = e.headers["WWW-Authenticate"];
      if (e.code === "unauthenticated" && challenge) {
        e.headers["WWW-Authenticate"] = `${challenge}, resource_metadata="${app.config.baseUrl}${mcpResourceMetadataPath}"`;
      }
      return sendError(req, reply, e);
    }
    const report: Report = (headers) => {
      if (reply.raw.headersSent) return;
      for (const name of rateLimitHeaderNames) if (headers[name] !== undefined) reply.raw.setHeader(name, headers[name]);
    };
    const server = mcpServer(app, ops, principal, meta, report);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.hijack();
    // Headers set on the Fastify reply so far (X-Request-Id, the ip charge) are not sent by a
    // hijacked reply: copy them to the raw response, then the mcp charge over the ip one.
    for (const [k, v] of Object.entries(reply.getHeaders())) if (v !== undefined) reply.raw.setHeader(k, v);
    for (const [k, v] of Object.entries(meta.headers)) reply.raw.setHeader(k, v);
    reply.raw.on("close", () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(req.raw, reply.raw, req.body);
    } catch (err) {
      app.log.error({ err, requestId: req.id }, "mcp request failed");
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(500, { "content-type": "application/json" });
        reply.raw.end(JSON.stringify(errorBody(asAppError(err), String(req.id))));
      }
    }
  });
}
