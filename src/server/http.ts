// The HTTP server: REST /api/v2 from the operation table, /mcp, OpenAPI, health, and the
// conventions every response follows (request id, error body, 404/405/410/413/415).
import { randomFillSync } from "node:crypto";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import type { App } from "../kernel/app.ts";
import type { ServerPlugin } from "../kernel/capability.ts";
import { AppError, errorBody } from "../kernel/errors.ts";
import { rateLimitHeaders } from "../platform/limits/limiter.ts";
import { operations as allOperations } from "./operations.ts";
import type { AnyOperation } from "../kernel/operation.ts";
import { registerMcp } from "../faces/mcp/server.ts";
import { cutStalledBodies } from "./body-idle.ts";
import { drainOnClose } from "./drain.ts";
import { registerCors } from "./cors.ts";
import { buildOpenApi } from "../faces/rest/openapi.ts";
import { bodyLimitBytes, sendError } from "../kernel/reply.ts";
import { apiPrefix, registerOperations } from "../faces/rest/rest.ts";
import { methodsByPath, type RouteTable } from "../faces/rest/route-table.ts";

/** How long close() waits at most for handlers still running (drain.ts). */
const drainMs = 10_000;

export interface ServerOptions {
  operations?: readonly AnyOperation[];
  /** Extra routes (the web app, uploads, the OAuth endpoints), registered after REST and MCP. */
  plugins?: readonly ServerPlugin[];
}

/** REST (/api/…), MCP (/mcp) and signed upload (/uploads/…) requests: the ones the ip budget counts and
 * CRS_PUBLIC_API turns off. */
function isApiUrl(url: string): boolean {
  return url.startsWith("/api/") || url === "/api" || url === "/mcp" || url.startsWith("/mcp?") || url.startsWith("/mcp/") || url.startsWith("/uploads/");
}

// Request ids: 12 random bytes each, taken from a pool filled 4 KiB at a time (one
// getrandom call per 341 requests instead of one per request).
const idBytes = 12;
const idPool = Buffer.alloc(idBytes * 341);
let idOffset = idPool.length;

function requestId(): string {
  if (idOffset + idBytes > idPool.length) {
    randomFillSync(idPool);
    idOffset = 0;
  }
  const id = `req_${idPool.toString("base64url", idOffset, idOffset + idBytes)}`;
  idOffset += idBytes;
  return id;
}

export async function buildServer(app: App, opts: ServerOptions = {}): Promise<FastifyInstance> {
  const ops = opts.operations ?? allOperations;
  const server = Fastify({
    // Per-request access lines only at debug level; errors are always logged with the request id.
    loggerInstance: (app.log.levelVal >= 40 || ["debug", "trace"].includes(app.config.logLevel)
      ? app.log
      : app.log.child({}, { level: "warn" })) as FastifyBaseLogger,
    genReqId: requestId,
    bodyLimit: bodyLimitBytes,
    trustProxy: app.config.trustProxy,
    return503OnClosing: true,
    // Ignore any incoming X-Request-Id: ours must be unique and is echoed in the body.
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1000 },
    // Requests Node's HTTP parser rejects (headers over 16 KiB, broken framing) get our error body too.
    clientErrorHandler: (err, socket) => {
      if (!socket.writable) return socket.destroy();
      const id = requestId();
      const tooLarge = (err as { code?: string }).code === "HPE_HEADER_OVERFLOW";
      const body = JSON.stringify(
        errorBody(new AppError("invalid_request", tooLarge ? "The request headers are too large." : "The request could not be parsed."), id),
      );
      socket.end(
        `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nX-Request-Id: ${id}\r\nContent-Length: ` +
          `${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    },
    // Malformed URLs and over-long path segments never reach a route; answer them in our shape.
    frameworkErrors: (err, req, reply) => {
      reply.header("X-Request-Id", req.id);
      const message = err.code === "FST_ERR_MAX_PARAM_LENGTH" ? "A path segment is too long." : "The URL is malformed.";
      return sendError(req, reply, new AppError("invalid_request", message, { details: { issues: [{ path: "(path)", message }] } }));
    },
  });
  // Only JSON bodies are accepted (the spec's 415 rule); Fastify's JSON parser stays, text goes.
  server.removeContentTypeParser("text/plain");

  const routes: RouteTable = [];
  server.addHook("onRoute", (r) => {
    const methods = Array.isArray(r.method) ? r.method : [r.method];
    routes.push({ url: r.url, methods: methods.map(String) });
  });

  drainOnClose(server, drainMs);
  // Before the ip budget: a browser's preflight is answered without counting against it.
  await registerCors(server, app);
  server.addHook("onRequest", async (req, reply) => {
    reply.header("X-Request-Id", req.id);
    if (!isApiUrl(req.url)) return;
    if (!app.config.publicApi) {
      throw new AppError("public_api_disabled", "The API is turned off for now; the web app still works.");
    }
    // The ip budget counts every REST and MCP request, before the token is looked at and before a
    // body is read, so unknown paths, 413s and 415s count and report it too. A later charge (the
    // operation's bucket, mcp) replaces these headers on the response.
    const charge = await app.limiter.charge("ip", req.ip);
    if (charge) reply.headers(rateLimitHeaders(charge));
  });
  server.setErrorHandler((err, req, reply) => sendError(req, reply, err));
  cutStalledBodies(server, app.config.bodyIdleTimeoutMs);

  server.all("/api/v1", retired);
  server.all("/api/v1/*", retired);
  async function retired(): Promise<never> {
    throw new AppError("api_version_retired", "API version 1 is retired; use /api/v2.");
  }

  // Built on the first request, not at start: converting every operation's schemas is ~40 ms of a
  // start's CPU, and most servers (nearly every test's) never serve the document. It then also names
  // the address `crs serve` settles on once it listens.
  let openapi: string | undefined;
  server.get(`${apiPrefix}/openapi.json`, async (_req, reply) => {
    openapi ??= JSON.stringify(buildOpenApi(ops, app.config.baseUrl));
    return reply.header("Cache-Control", "public, max-age=300").type("application/json").send(openapi);
  });
  server.get("/healthz", async () => ({ status: "ok" }));

  registerOperations(server, app, ops);
  registerMcp(server, app, ops);
  for (const plugin of opts.plugins ?? []) plugin(server, app);

  // Every route exists once the server is ready; 404/405 answers only come after that.
  let allowedMethods = (_path: string): string[] => [];
  server.addHook("onReady", async () => {
    allowedMethods = methodsByPath(routes);
  });
  server.setNotFoundHandler(async (req) => {
    const allow = allowedMethods(req.url.split("?")[0] ?? "/");
    if (allow.length > 0) {
      throw new AppError("method_not_allowed", `${req.method} is not allowed here; use ${allow.join(", ")}.`, {
        headers: { Allow: allow.join(", ") },
      });
    }
    throw new AppError("not_found", "No such resource.");
  });
  await server.ready();
  return server;
}
