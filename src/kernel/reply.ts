// Error rendering for every HTTP route: one body shape, the request id, and headers such as
// WWW-Authenticate, Allow, Retry-After and X-RateLimit-*.
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError, asAppError, errorBody } from "./errors.ts";

export const bodyLimitBytes = 1024 * 1024;

/** Fastify's own request errors, mapped to the spec's codes. */
function fromFastify(err: { code?: string; statusCode?: number; message?: string }): AppError | undefined {
  switch (err.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new AppError("payload_too_large", `The request body is larger than ${bodyLimitBytes} bytes.`, { details: { limitBytes: bodyLimitBytes } });
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return new AppError("unsupported_media_type", "Send the body as application/json.");
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return new AppError("invalid_request", "The Content-Length header does not match the body.", { details: { field: "Content-Length" } });
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return new AppError("invalid_request", "The body is empty; send a JSON object.", { details: { issues: [{ path: "(body)", message: "empty body" }] } });
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_INVALID_TYPE":
      return new AppError("invalid_request", "The body is not valid JSON.", { details: { issues: [{ path: "(body)", message: "invalid JSON" }] } });
  }
  if (err instanceof SyntaxError || err.statusCode === 400) {
    return new AppError("invalid_request", "The request could not be read.", { details: { issues: [{ path: "(body)", message: "unreadable request" }] } });
  }
  return undefined;
}

/**
 * The client closed the connection (or it was cut as stalled) before its request had arrived. The
 * reader's error then is Node's "aborted" ECONNRESET: not a server fault, nor the store being down,
 * and nobody is there to read an answer.
 */
export function clientWentAway(req: FastifyRequest): boolean {
  return !req.raw.complete && (req.raw.destroyed || req.raw.socket?.destroyed === true);
}

export function sendError(req: FastifyRequest, reply: FastifyReply, raw: unknown): FastifyReply {
  if (clientWentAway(req)) return clientGone(req, reply);
  const err = raw instanceof AppError ? raw : (fromFastify(raw as object) ?? asAppError(raw));
  // The stack goes to the log with the request id, never into the body.
  if (err.code === "internal_error") req.log.error({ err: err.cause ?? raw, requestId: req.id }, "request failed");
  else if (err.code === "platform_unavailable") req.log.warn({ err: (err.cause as Error | undefined)?.message, requestId: req.id }, "store unavailable");
  return reply
    .code(err.status)
    .headers(err.headers)
    .send(errorBody(err, String(req.id)));
}

/** Answers a request whose client went away: logged as what it is, at info, and never as a failure. */
export function clientGone(req: FastifyRequest, reply: FastifyReply): FastifyReply {
  req.log.info({ requestId: req.id }, "client went away before its request arrived");
  return reply.code(400).send(errorBody(new AppError("invalid_request", "The request did not arrive."), String(req.id)));
}
