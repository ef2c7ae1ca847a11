import { z } from "zod";
import { listDocuments as list } from "../../domain/documents/index.ts";
import { repositoryRefParam } from "../../domain/repositories/reference.ts";
import { booleanParam, cursorParam, decodeCursor, encodeCursor, limitParam, pageOf } from "../../schemas/common.ts";
import { documentSchema } from "../../schemas/documents.ts";
import { operation } from "../operation.ts";
import { optionalRepositoryId } from "../repositories/params.ts";

const cursorShape = z.object({ b: z.number().int().positive() });

export const listDocuments = operation({
  id: "list_documents",
  method: "GET",
  path: "/documents",
  summary: "List context documents",
  description: "The workspace's context documents, newest first. Archived documents are hidden unless archived=true.",
  scopes: ["runs:read"],
  bucket: "reads",
  mcp: true,
  readOnly: true,
  input: z.object({
    repository: repositoryRefParam.optional().describe("Only documents attached to this repository (owner/name or numeric id)."),
    archived: booleanParam.default(false).describe("true also lists archived documents; false (default) hides them."),
    limit: limitParam(),
    cursor: cursorParam,
  }),
  output: pageOf(documentSchema),
  handler: async (ctx, input) => {
    const repositoryId = await optionalRepositoryId(ctx.store, ctx.workspaceId, input.repository);
    const before = input.cursor ? decodeCursor(input.cursor, cursorShape).b : undefined;
    const page = await list(ctx.store, ctx.workspaceId, {
      limit: input.limit, includeArchived: input.archived,
      ...(before !== undefined ? { beforeId: before } : {}), ...(repositoryId !== undefined ? { repositoryId } : {}),
    });
    return { nextCursor: page.nextBeforeId === null ? null : encodeCursor({ b: page.nextBeforeId }), items: page.items };
  },
});
