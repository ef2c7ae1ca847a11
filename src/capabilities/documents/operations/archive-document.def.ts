import { z } from "zod";
import { documentIdParam, documentSchema } from "../schemas.ts";
import { defineOperation } from "../../../kernel/operation.ts";

export const archiveDocumentDefinition = defineOperation({
  id: "archive_document",
  method: "DELETE",
  path: "/documents/{document}",
  summary: "Archive a context document",
  description:
    "Archives a context document: hidden from lists unless archived=true, and refused by new runs. Only its creator or an owner may archive it (a " +
    "member archiving another's gets 403 forbidden). Archiving an archived document returns it unchanged.",
  scopes: ["runs:write"],
  bucket: "documents",
  alsoCharges: ["shared"],
  mcp: true,
  readOnly: false,
  destructive: true,
  idempotent: true,
  input: z.object({ document: documentIdParam }),
  output: z.object({ document: documentSchema }),
});
