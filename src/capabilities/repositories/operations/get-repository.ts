import { repositoryFromPath, repositoryView } from "../index.ts";
import { implement } from "../../../kernel/operation.ts";
import { getRepositoryDefinition } from "./get-repository.def.ts";

export const getRepository = implement(getRepositoryDefinition, async (ctx, input) =>
  repositoryView(await repositoryFromPath(ctx.store, ctx.workspaceId, input.owner, input.repo)),
);
