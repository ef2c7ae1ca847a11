import { z } from "zod";
import { contentTypeField, filenameField, uploadSchema } from "../schemas.ts";
import { defineOperation } from "../../../kernel/operation.ts";

export const requestDocumentUploadDefinition = defineOperation({
  id: "request_document_upload",
  method: "POST",
  path: "/documents/uploads",
  summary: "Request a document upload slot",
  description:
    "Returns a signed URL to PUT a file to (raw bytes, up to 50 MiB, valid 10 minutes; no Authorization header). Then call create_document with " +
    "{upload: {id}}.",
  scopes: ["runs:write"],
  bucket: "documents",
  alsoCharges: ["shared"],
  mcp: true,
  readOnly: false,
  successStatus: 201,
  input: z.object({ filename: filenameField, contentType: contentTypeField }),
  output: z.object({ upload: uploadSchema }),
});
