// The Authorization header as sent. Node's parser keeps the first of repeated Authorization lines
// and drops the rest, so a request carrying two tokens would quietly act as the first; the spec
// wants exactly one token, so the raw header lines are counted.
import type { IncomingMessage } from "node:http";
import { AppError } from "./errors.ts";

export function authorizationHeader(req: IncomingMessage): string | undefined {
  let lines = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i]!.toLowerCase() === "authorization") lines++;
  if (lines > 1) {
    throw new AppError("invalid_request", "Send exactly one Authorization header (one Bearer token).", { details: { field: "Authorization" } });
  }
  return req.headers.authorization;
}
