import { archiveDocument as archive } from "../index.ts";
import { implement } from "../../../kernel/operation.ts";
import { archiveDocumentDefinition } from "./archive-document.def.ts";

export const archiveDocument = implement(archiveDocumentDefinition, async (ctx, input) => ({
  document: await archive(ctx.store, { workspaceId: ctx.workspaceId, userId: ctx.userId, role: ctx.principal.role }, input.document),
}));
