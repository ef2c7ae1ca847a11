// REST routes built from the operation table. No business logic: gather the input, run the
// shared pipeline, send the result.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { App } from "../../kernel/app.ts";
import { authenticate, invoke, withHeaders, type CallMeta } from "../../kernel/execute.ts";
import type { Operation } from "../../kernel/operation.ts";
import { asAppError, invalidField, AppError } from "../../kernel/errors.ts";
import { sendError } from "../../kernel/reply.ts";
import { authorizationHeader } from "../../kernel/authorization.ts";

export const apiPrefix = "/api/v2";

function fastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ":$1");
}

function gatherInput(op: Operation, req: FastifyRequest): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  const query = (req.query ?? {}) as Record<string, unknown>;
  if (op.method === "GET") Object.assign(input, query);
  else {
    const body = req.body;
    if (body !== undefined && body !== null && (typeof body !== "object" || Array.isArray(body))) {
      throw invalidField("(body)", "the body must be a JSON object");
    }
    Object.assign(input, body ?? {});
    for (const f of op.queryFields ?? []) if (query[f] !== undefined) input[f] = query[f];
  }
  for (const [header, field] of Object.entries(op.headerFields ?? {})) {
    const v = req.headers[header.toLowerCase()];
    if (v !== undefined) input[field] = v;
  }
  // Path parameters win over anything a body or query tries to smuggle in under their names.
  Object.assign(input, req.params as Record<string, string>);
  return input;
}

/**
 * A header input (Idempotency-Key) is validated under its field name (requestId, as MCP calls it);
 * over REST the caller sent a header, so the issues name the header.
 */
function headerNames(op: Operation, err: AppError): AppError {
  const issues = err.details?.issues;
  if (!op.headerFields || err.code !== "invalid_request" || !Array.isArray(issues)) return err;
  const header = new Map(Object.entries(op.headerFields).map(([h, f]) => [f, h]));
  if (!issues.some((i: { path: string }) => header.has(i.path))) return err;
  let message = err.message;
  for (const [field, name] of header) message = message.replaceAll(`${field}: `, `${name}: `);
  const renamed = issues.map((i: { path: string; message: string }) => ({ ...i, path: header.get(i.path) ?? i.path }));
  return new AppError(err.code, message, { details: { ...err.details, issues: renamed }, headers: err.headers });
}

/**
 * The response format asked for: the `format` query parameter, else a media type in Accept that one of
 * the operation's formats answers in (application/sarif+json for SARIF). Only operations with formats.
 */
function formatOf(op: Operation, req: FastifyRequest, input: Record<string, unknown>): string | undefined {
  if (!op.formats) return undefined;
  const asked = input.format;
  delete input.format;
  if (asked !== undefined) return Array.isArray(asked) ? asked.map(String).join(",") : String(asked);
  // Media type -> its q (1 unless given); JSON wins a tie, and q=0 refuses a type.
  const q = new Map<string, number>();
  for (const part of String(req.headers.accept ?? "").split(",")) {
    const [type, ...params] = part.split(";").map((x) => x.trim().toLowerCase());
    const weight = params.find((p) => p.startsWith("q="));
    if (type) q.set(type, weight ? Number(weight.slice(2)) || 0 : 1);
  }
  const [best] = Object.entries(op.formats)
    .map(([name, f]) => ({ name, q: q.get(f.mediaType) ?? 0 }))
    .filter((f) => f.q > 0)
    .sort((a, b) => b.q - a.q);
  return best && best.q > (q.get("application/json") ?? 0) ? best.name : undefined;
}

export function registerOperations(server: FastifyInstance, app: App, ops: readonly Operation[]): void {
  for (const op of ops) {
    server.route({
      method: op.method,
      url: apiPrefix + fastifyPath(op.path),
      handler: async (req, reply) => {
        // The crs command line says so in a header: its runs record trigger "cli".
        const meta: CallMeta = { requestId: String(req.id), trigger: req.headers["x-crs-client"] === "cli" ? "cli" : "api", headers: {} };
        try {
          // The ip budget was charged in the server's onRequest hook (src/server/http.ts).
          const principal = await authenticate(app, authorizationHeader(req.raw));
          const input = gatherInput(op, req);
          // The answer depends on Accept where the operation has other formats (caches must key on it).
          if (op.formats) reply.header("vary", [reply.getHeader("vary"), "Accept"].filter(Boolean).join(", "));
          const result = await invoke(app, op, principal, input, meta, formatOf(op, req, input));
          if (result.mediaType === undefined) return reply.code(result.status).headers(meta.headers).send(result.body);
          const text = typeof result.body === "string" ? result.body : JSON.stringify(result.body);
          return reply.code(result.status).headers(meta.headers).type(result.mediaType).send(text);
        } catch (err) {
          return sendError(req, reply, headerNames(op, withHeaders(asAppError(err), meta)));
        }
      },
    });
  }
}
