import { z } from "zod";
import { repositoryFromPath, repositoryView } from "../../domain/repositories/index.ts";
import { repositorySchema } from "../../schemas/repositories.ts";
import { operation } from "../operation.ts";
import { ownerParam, repoParam } from "./params.ts";

export const getRepository = operation({
  id: "get_repository",
  method: "GET",
  path: "/repositories/{owner}/{repo}",
  summary: "Get a repository",
  description: "One repository of the workspace by owner/name (matched case-insensitively) or by id as /repositories/{id}/-, with its access and mirror state.",
  scopes: ["repos:read"],
  bucket: "reads",
  mcp: false,
  readOnly: true,
  input: z.object({ owner: ownerParam, repo: repoParam }),
  output: repositorySchema,
  handler: async (ctx, input) => repositoryView(await repositoryFromPath(ctx.store, ctx.workspaceId, input.owner, input.repo)),
});
