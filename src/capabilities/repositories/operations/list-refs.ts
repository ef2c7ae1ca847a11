import { listRefs as refsOf, repositoryFromPath } from "../index.ts";
import { implement } from "../../../kernel/operation.ts";
import { listRefsDefinition } from "./list-refs.def.ts";

export const listRefs = implement(listRefsDefinition, async (ctx, input) => {
  const row = await repositoryFromPath(ctx.store, ctx.workspaceId, input.owner, input.repo);
  return refsOf(ctx.app, ctx.workspaceId, row, { q: input.q, limit: input.limit });
});
