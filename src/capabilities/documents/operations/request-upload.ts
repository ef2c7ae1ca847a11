import { requestUpload } from "../index.ts";
import { implement } from "../../../kernel/operation.ts";
import { requestDocumentUploadDefinition } from "./request-upload.def.ts";

export const requestDocumentUpload = implement(requestDocumentUploadDefinition, async (ctx, input) => ({
  upload: await requestUpload(
    ctx.store,
    { secret: ctx.app.secret, baseUrl: ctx.app.config.baseUrl },
    {
      workspaceId: ctx.workspaceId,
      userId: ctx.userId,
      filename: input.filename,
      contentType: input.contentType,
    },
  ),
}));
