import { z } from "zod";
import { archiveDocument as archive } from "../../domain/documents/index.ts";
import { documentIdParam, documentSchema } from "../../schemas/documents.ts";
import { operation } from "../operation.ts";

export const archiveDocument = operation({
  id: "archive_document",
  method: "DELETE",
  path: "/documents/{document}",
  summary: "Archive a context document",
  description: "Archives a context document: hidden from lists unless archived=true, and refused by new runs. Only its creator or an owner may archive it (a member archiving another's gets 403 forbidden). Archiving an archived document returns it unchanged.",
  scopes: ["runs:write"],
  bucket: "documents",
  alsoCharges: ["shared"],
  mcp: true,
  readOnly: false,
  destructive: true, idempotent: true,
  input: z.object({ document: documentIdParam }),
  output: z.object({ document: documentSchema }),
  handler: async (ctx, input) => ({
    document: await archive(ctx.store, { workspaceId: ctx.workspaceId, userId: ctx.userId, role: ctx.principal.role }, input.document),
  }),
});
