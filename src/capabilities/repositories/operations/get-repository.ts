import { repositoryFromPath, repositoryView } from "../index.ts";
import { connectionSummaries } from "../connection-summary.ts";
import { implement } from "../../../kernel/operation.ts";
import { getRepositoryDefinition } from "./get-repository.def.ts";

export const getRepository = implement(getRepositoryDefinition, async (ctx, input) => {
  const row = await repositoryFromPath(ctx.store, ctx.workspaceId, input.owner, input.repo);
  const connection = (await connectionSummaries(ctx.app, ctx.workspaceId, [row.id])).get(row.id) ?? null;
  return repositoryView(row, new Date(), connection);
});
