import { z } from "zod";
import { cursorParam, limitParam, pageOf } from "../../../kernel/schemas.ts";
import { repositorySchema } from "../schemas.ts";
import { defineOperation } from "../../../kernel/operation.ts";

export const listRepositoriesDefinition = defineOperation({
  id: "list_repositories",
  method: "GET",
  path: "/repositories",
  summary: "List repositories",
  description:
    "The repositories registered in the workspace, sorted by full name (case-insensitively) then id, with their access, mirror state and code-host connection.",
  scopes: ["repos:read"],
  bucket: "reads",
  mcp: true,
  readOnly: true,
  input: z.object({ limit: limitParam(), cursor: cursorParam }),
  output: pageOf(repositorySchema),
});
