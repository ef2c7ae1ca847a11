import { z } from "zod";
import { documentIdParam, documentSchema } from "../schemas.ts";
import { defineOperation } from "../../../kernel/operation.ts";

export const getDocumentDefinition = defineOperation({
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
});
