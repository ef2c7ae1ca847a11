import { z } from "zod";
import { requestUpload } from "../../domain/documents/index.ts";
import { contentTypeField, filenameField, uploadSchema } from "../../schemas/documents.ts";
import { operation } from "../operation.ts";

export const requestDocumentUpload = operation({
  id: "request_document_upload",
  method: "POST",
  path: "/documents/uploads",
  summary: "Request a document upload slot",
  description: "Returns a signed URL to PUT a file to (raw bytes, up to 50 MiB, valid 10 minutes; no Authorization header). Then call create_document with {upload: {id}}.",
  scopes: ["runs:write"],
  bucket: "documents",
  alsoCharges: ["shared"],
  mcp: true,
  readOnly: false,
  successStatus: 201,
  input: z.object({ filename: filenameField, contentType: contentTypeField }),
  output: z.object({ upload: uploadSchema }),
  handler: async (ctx, input) => ({
    upload: await requestUpload(ctx.store, { secret: ctx.app.secret, baseUrl: ctx.app.config.baseUrl }, {
      workspaceId: ctx.workspaceId, userId: ctx.userId, filename: input.filename, contentType: input.contentType,
    }),
  }),
});
