// PUT /uploads/{workspace}/{slot}?expires=…&signature=…: the signed upload URL of a document slot.
// The signature is the credential (no bearer token). The body is streamed raw, whatever its type,
// so this plugin has its own catch-all content-type parser; /api/v2 keeps its JSON-only rule.
import type { FastifyInstance } from "fastify";
import type { App } from "../../kernel/app.ts";
import { asAppError } from "../../kernel/errors.ts";
import { grantOfUploadUrl, maxUploadBytes, receiveUpload, tooLarge } from "./index.ts";
import { sendError } from "../../kernel/reply.ts";

const uploadRoute = "/uploads/:workspace/:slot";

export function registerUploads(server: FastifyInstance, app: App): void {
  server.register(async (scope) => {
    // Encapsulated: these parsers exist only for the upload route.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_req, payload, done) => done(null, payload));
    scope.put(uploadRoute, { bodyLimit: maxUploadBytes }, async (req, reply) => {
      try {
        // Part of the API flow: the server's onRequest hook already refused it when the API is off
        // and charged the ip budget (isApiUrl in server.ts).
        const { workspace, slot } = req.params as { workspace: string; slot: string };
        const { expires, signature } = req.query as Record<string, unknown>;
        const { workspaceId, slotId } = grantOfUploadUrl(app.secret, { workspace, slot, expires, signature });
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
