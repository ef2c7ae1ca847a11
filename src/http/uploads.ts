// PUT /uploads/{workspace}/{slot}?expires=…&signature=…: the signed upload URL of a document slot.
// The signature is the credential (no bearer token). The body is streamed raw, whatever its type,
// so this plugin has its own catch-all content-type parser; /api/v2 keeps its JSON-only rule.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { App } from "../app.ts";
import { AppError, asAppError } from "../errors.ts";
import { maxUploadBytes, receiveUpload, slotIdPattern, tooLarge, verifyUpload } from "../domain/documents/index.ts";
import { rateLimitHeaders } from "../limits/limiter.ts";
import { sendError } from "./reply.ts";

export const uploadRoute = "/uploads/:workspace/:slot";

function refused(reason: "bad_signature" | "expired"): AppError {
  return new AppError("forbidden", reason === "expired"
    ? "The upload URL expired; request a new upload slot."
    : "The upload URL's signature is invalid; use the url returned by request_document_upload unchanged.", { details: { reason } });
}

/** Checks the URL's signature and expiry; returns the workspace and slot it grants. */
export function checkUploadUrl(app: App, req: FastifyRequest, now = Date.now()): { workspaceId: number; slotId: string } {
  const { workspace, slot } = req.params as { workspace: string; slot: string };
  const query = req.query as Record<string, unknown>;
  const expires = typeof query.expires === "string" && /^\d{1,12}$/.test(query.expires) ? Number(query.expires) : undefined;
  const signature = typeof query.signature === "string" && query.signature.length <= 128 ? query.signature : undefined;
  if (!/^\d{1,15}$/.test(workspace) || !slotIdPattern.test(slot) || expires === undefined || signature === undefined) throw refused("bad_signature");
  const workspaceId = Number(workspace);
  if (!verifyUpload(app.secret, workspaceId, slot, expires, signature)) throw refused("bad_signature");
  if (expires * 1000 <= now) throw refused("expired");
  return { workspaceId, slotId: slot };
}

export function registerUploads(server: FastifyInstance, app: App): void {
  server.register(async (scope) => {
    // Encapsulated: these parsers exist only for the upload route.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_req, payload, done) => done(null, payload));
    scope.put(uploadRoute, { bodyLimit: maxUploadBytes }, async (req, reply) => {
      try {
        // The upload is part of the API flow: off with the API, and it counts against the ip budget.
        if (!app.config.publicApi) throw new AppError("public_api_disabled", "The API is turned off for now; the web app still works.");
        const charge = await app.limiter.charge("ip", req.ip);
        if (charge) reply.headers(rateLimitHeaders(charge));
        const { workspaceId, slotId } = checkUploadUrl(app, req);
        const declared = Number(req.headers["content-length"]);
        if (Number.isFinite(declared) && declared > maxUploadBytes) throw tooLarge();
        const received = await receiveUpload(app.store, app.config.dataDir, workspaceId, slotId, req.raw);
        return reply.code(200).send({ upload: { id: received.id, state: "uploaded", sizeBytes: received.sizeBytes, sha256: received.sha256 } });
      } catch (err) {
        // A refused upload may leave unread bytes: close the connection after answering.
        if (!req.raw.complete) reply.header("connection", "close");
        return sendError(req, reply, asAppError(err));
      }
    });
  });
}
