import { findingDetail } from "../detail.ts";
import { repositoryFromParam } from "../../repositories/index.ts";
import { implement } from "../../../kernel/operation.ts";
import { getFindingDefinition } from "./get-finding.def.ts";

export const getFinding = implement(getFindingDefinition, async (ctx, input) => {
  const repository = input.repository === undefined ? undefined : await repositoryFromParam(ctx.store, ctx.workspaceId, input.repository);
  return findingDetail(ctx.app, ctx.workspaceId, input.finding, { repository, at: input.at }, ctx.app.now());
});
