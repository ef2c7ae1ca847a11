import { createDocument as create } from "../index.ts";
import { repositoryFromParam } from "../../repositories/index.ts";
import { implement } from "../../../kernel/operation.ts";
import { createDocumentDefinition } from "./create-document.def.ts";

export const createDocument = implement(createDocumentDefinition, async (ctx, input) => {
  const repositoryId = input.repository === undefined ? null : (await repositoryFromParam(ctx.store, ctx.workspaceId, input.repository)).id;
  const { document, created } = await create(ctx.store, ctx.app.config.dataDir, {
    workspaceId: ctx.workspaceId,
    userId: ctx.userId,
    repositoryId,
    ...(input.upload ? { upload: input.upload } : {}),
    ...(input.note ? { note: { text: input.note.text, ...(input.note.title !== undefined ? { title: input.note.title } : {}) } } : {}),
  });
  if (!created) ctx.status = 200;
  return { document };
});
