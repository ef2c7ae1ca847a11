import { z } from "zod";
import { listDocuments as list } from "../index.ts";
import { decodeCursor, encodeCursor } from "../../../kernel/schemas.ts";
import { optionalRepositoryId } from "../../repositories/index.ts";
import { implement } from "../../../kernel/operation.ts";
import { listDocumentsDefinition } from "./list-documents.def.ts";

const cursorShape = z.object({ b: z.number().int().positive() });

export const listDocuments = implement(listDocumentsDefinition, async (ctx, input) => {
  const repositoryId = await optionalRepositoryId(ctx.store, ctx.workspaceId, input.repository);
  const before = input.cursor ? decodeCursor(input.cursor, cursorShape).b : undefined;
  const page = await list(ctx.store, ctx.workspaceId, {
    limit: input.limit,
    includeArchived: input.archived,
    ...(before !== undefined ? { beforeId: before } : {}),
    ...(repositoryId !== undefined ? { repositoryId } : {}),
  });
  return { nextCursor: page.nextBeforeId === null ? null : encodeCursor({ b: page.nextBeforeId }), items: page.items };
});
