// The MCP server: one tool per operation of the table (except REST-only rows), over stateless
// Streamable HTTP at POST /mcp. Tools are filtered by the token's scopes; an AppError becomes an
// isError result carrying the same error body as REST.
import type { FastifyInstance } from "fastify";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type Tool } from "@modelcontextprotocol/sdk/types.js";
import type { App } from "../app.ts";
import { AppError, asAppError, errorBody } from "../errors.ts";
import type { Principal } from "../domain/identity/principal.ts";
import { authenticate, chargeIp, invoke, withHeaders, type CallMeta } from "../operations/execute.ts";
import type { Operation } from "../operations/operation.ts";
import { jsonSchema } from "../http/openapi.ts";
import { sendError } from "../http/reply.ts";
import { missingScopes } from "../policies/scopes.ts";

export const mcpPath = "/mcp";

function toolOf(op: Operation): Tool {
  return {
    name: op.id,
    title: op.summary,
    description: `${op.description}\n\nNeeds scope${op.scopes.length > 1 ? "s" : ""}: ${op.scopes.join(", ")}.`,
    inputSchema: jsonSchema(op.input, "input") as Tool["inputSchema"],
    annotations: { title: op.summary, readOnlyHint: op.readOnly, destructiveHint: false, openWorldHint: false },
  };
}

function mcpServer(app: App, ops: readonly Operation[], principal: Principal, meta: CallMeta): Server {
  const server = new Server({ name: "crs", version: "2.0.0" }, { capabilities: { tools: {} } });
  const visible = ops.filter((op) => op.mcp && missingScopes(principal.scopes, op.scopes).length === 0);
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: visible.map(toolOf) }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const op = ops.find((o) => o.mcp && o.id === request.params.name);
    try {
      if (!op) throw new AppError("not_found", `No tool named ${request.params.name}.`);
      const result = await invoke(app, op, principal, request.params.arguments ?? {}, { ...meta, headers: {} });
      return { content: [{ type: "text", text: JSON.stringify(result.body) }], structuredContent: result.body as Record<string, unknown> };
    } catch (err) {
      const e = asAppError(err);
      if (e.status >= 500) app.log.error({ err: e.cause ?? e, requestId: meta.requestId, tool: op?.id }, "tool call failed");
      return { isError: true, content: [{ type: "text", text: JSON.stringify(errorBody(e, meta.requestId)) }] };
    }
  });
  return server;
}

export function registerMcp(fastify: FastifyInstance, app: App, ops: readonly Operation[]): void {
  fastify.post(mcpPath, async (req, reply) => {
    const meta: CallMeta = { requestId: String(req.id), trigger: "mcp", headers: {} };
    let principal: Principal;
    try {
      await chargeIp(app, req.ip, meta);
      principal = await authenticate(app, req.headers.authorization);
      const charge = await app.limiter.charge("mcp", String(principal.userId));
      if (charge) meta.headers["X-RateLimit-Limit"] = String(charge.limit), meta.headers["X-RateLimit-Remaining"] = String(charge.remaining), meta.headers["X-RateLimit-Reset"] = String(charge.resetSeconds);
    } catch (err) {
      return sendError(req, reply, withHeaders(asAppError(err), meta));
    }
    const server = mcpServer(app, ops, principal, meta);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.hijack();
    for (const [k, v] of Object.entries(meta.headers)) reply.raw.setHeader(k, v);
    reply.raw.setHeader("X-Request-Id", String(req.id));
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
