import { z } from "zod";
import { focusSlugPattern } from "../../focuses/schemas.ts";
import { repositoryRefParam } from "../../repositories/schemas.ts";
import { cursorParam, limitParam, listParam, pageOf } from "../../../kernel/schemas.ts";
import { runSchema, runStates } from "../schemas.ts";
import { defineOperation } from "../../../kernel/operation.ts";

export const listRunsDefinition = defineOperation({
  id: "list_runs",
  method: "GET",
  path: "/runs",
  summary: "List runs",
  description: "The workspace's runs, newest first, optionally only those of a repository, of a focus or in some states.",
  scopes: ["runs:read"],
  bucket: "reads",
  mcp: true,
  readOnly: true,
  input: z.object({
    repository: repositoryRefParam.optional().describe("Only runs of this repository (owner/name or numeric id)."),
    focus: z.string().min(1).max(200).regex(focusSlugPattern, "a focus slug").optional().describe("Only runs that followed this focus (slug)."),
    state: listParam(z.enum(runStates), 11).optional().describe("Only runs in these states (comma-separated, at most 11)."),
    limit: limitParam(),
    cursor: cursorParam,
  }),
  output: pageOf(runSchema),
});
