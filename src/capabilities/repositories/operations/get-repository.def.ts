import { z } from "zod";
import { repositorySchema } from "../schemas.ts";
import { ownerParam, repoParam } from "./params.def.ts";
import { defineOperation } from "../../../kernel/operation.ts";

export const getRepositoryDefinition = defineOperation({
  id: "get_repository",
  method: "GET",
  path: "/repositories/{owner}/{repo}",
  summary: "Get a repository",
  description:
    "One repository of the workspace by owner/name (matched case-insensitively) or by id as /repositories/{id}/-, with its access, mirror state " +
    "and code-host connection (policy, last deliveries).",
  scopes: ["repos:read"],
  bucket: "reads",
  mcp: false,
  readOnly: true,
  input: z.object({ owner: ownerParam, repo: repoParam }),
  output: repositorySchema,
});
