import { z } from "zod";
import { booleanParam, nextCursor } from "../../../kernel/schemas.ts";
import { findingItemSchema, findingListFormats } from "../schemas.ts";
import { asOfField, countsSchema, filterParams } from "./params.def.ts";
import { defineOperation } from "../../../kernel/operation.ts";

export const listFindingsDefinition = defineOperation({
  id: "list_findings",
  method: "GET",
  path: "/findings",
  summary: "List the organization's findings",
  description:
    "The findings of every registered repository at its default branch head, newest first; a finding in several repositories is listed once per " +
    "repository. Repositories that cannot be evaluated now (not mirrored, access lost) are named in unavailableRepositories. Dismissed findings are hidden " +
    "unless dismissed=true.",
  scopes: ["findings:read"],
  bucket: "reads",
  mcp: true,
  readOnly: true,
  formats: findingListFormats,
  input: z.object({
    ...filterParams,
    new: booleanParam.optional().describe("true lists only findings a change introduced (baseline new); every listed head needs a change review."),
  }),
  output: z.object({
    nextCursor,
    items: z.array(findingItemSchema).describe("The findings of this page."),
    counts: countsSchema,
    total: z.number().int().describe("Findings matching every filter."),
    asOf: asOfField,
    unavailableRepositories: z
      .array(
        z
          .object({
            repository: z.object({ id: z.number().int().describe("Repository id."), fullName: z.string().describe("owner/name.") }).describe("The repository."),
            reason: z.string().describe("Why it could not be evaluated (e.g. mirror_unavailable, remote_not_found, unknown_branch)."),
            message: z.string().describe("The same in words."),
          })
          .describe("A repository left out."),
      )
      .describe("Registered repositories whose findings could not be read now."),
  }),
});
