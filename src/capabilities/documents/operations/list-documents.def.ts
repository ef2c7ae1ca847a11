import { z } from "zod";
import { repositoryRefParam } from "../../repositories/schemas.ts";
import { booleanParam, cursorParam, limitParam, pageOf } from "../../../kernel/schemas.ts";
import { documentSchema } from "../schemas.ts";
import { defineOperation } from "../../../kernel/operation.ts";

export const listDocumentsDefinition = defineOperation({
  id: "list_documents",
  method: "GET",
  path: "/documents",
  summary: "List context documents",
  description: "The workspace's context documents, newest first. Archived documents are hidden unless archived=true.",
  scopes: ["runs:read"],
  bucket: "reads",
  mcp: true,
  readOnly: true,
  input: z.object({
    repository: repositoryRefParam.optional().describe("Only documents attached to this repository (owner/name or numeric id)."),
    archived: booleanParam.default(false).describe("true also lists archived documents; false (default) hides them."),
    limit: limitParam(),
    cursor: cursorParam,
  }),
  output: pageOf(documentSchema),
});
