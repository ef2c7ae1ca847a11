import type { Ctx } from "../../../kernel/context.ts";
import { AppError } from "../../../kernel/errors.ts";
import { implement } from "../../../kernel/operation.ts";
import { registerRepository, removeRepository, requestSync } from "../registry.ts";
import { repositoryView } from "../view.ts";
import { checkWebRemote } from "../web-remote.ts";
import { addRepositoryDefinition, removeRepositoryDefinition, syncRepositoryDefinition } from "./manage-repository.def.ts";

function ownerOnly(ctx: Ctx): void {
  if (ctx.principal.role !== "admin") throw new AppError("forbidden", "Only an owner of the workspace can add, sync or remove repositories.");
}

export const addRepository = implement(addRepositoryDefinition, async (ctx, input) => {
  ownerOnly(ctx);
  await checkWebRemote(input.remote, ctx.app.config.webRemoteAllow);
  const row = await registerRepository(ctx.app, { workspaceId: ctx.workspaceId, remote: input.remote, name: input.name, webAdded: true });
  return repositoryView(row, ctx.app.now());
});

export const syncRepository = implement(syncRepositoryDefinition, async (ctx, input) => {
  ownerOnly(ctx);
  return repositoryView(await requestSync(ctx.app, ctx.workspaceId, { id: input.id }), ctx.app.now());
});

export const removeRepositoryOp = implement(removeRepositoryDefinition, async (ctx, input) => {
  ownerOnly(ctx);
  await removeRepository(ctx.app, ctx.workspaceId, { id: input.id });
  return { removed: true as const };
});
