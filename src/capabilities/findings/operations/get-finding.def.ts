import { z } from "zod";
import { repositoryRefParam } from "../../repositories/schemas.ts";
import { findingSchema } from "../schemas.ts";
import { atParam } from "./params.def.ts";
import { defineOperation } from "../../../kernel/operation.ts";

export const findingParam = z.string().min(1).max(255).describe("Finding id or display key such as F-42; 1 to 255 characters.");

export const getFindingDefinition = defineOperation({
  id: "get_finding",
  method: "GET",
  path: "/findings/{finding}",
  summary: "Get a finding",
  description:
    "One finding by id or key (F-42) with its reports, evidence (locations and data flow), activity, related findings and comments. Status and " +
    "location are read at a position: repository and at, default its repository's default branch head; 404 when the finding is not at that position; 400 " +
    "repository_required when it is in several repositories and none is given.",
  scopes: ["findings:read"],
  bucket: "reads",
  mcp: true,
  readOnly: true,
  input: z.object({
    finding: findingParam,
    repository: repositoryRefParam.optional().describe("The repository to read it in (owner/name or numeric id); needed when it is in several."),
    at: atParam,
  }),
  output: findingSchema,
});
