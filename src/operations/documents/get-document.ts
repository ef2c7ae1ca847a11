import { z } from "zod";
import { getDocument as get } from "../../domain/documents/index.ts";
import { documentIdParam, documentSchema } from "../../schemas/documents.ts";
import { operation } from "../operation.ts";

export const getDocument = operation({
  id: "get_document",
  method: "GET",
  path: "/documents/{document}",
  summary: "Get a context document",
  description: "One context document (archived ones too, flagged archived).",
  scopes: ["runs:read"],
  bucket: "reads",
  mcp: false,
  readOnly: true,
  input: z.object({ document: documentIdParam }),
  output: z.object({ document: documentSchema }),
  handler: async (ctx, input) => ({ document: await get(ctx.store, ctx.workspaceId, input.document) }),
});
