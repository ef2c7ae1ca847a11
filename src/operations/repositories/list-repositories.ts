import { z } from "zod";
import { listRepositories as listPage, repositoryView } from "../../domain/repositories/index.ts";
import { cursorParam, decodeCursor, encodeCursor, limitParam, pageOf } from "../../schemas/common.ts";
import { repositorySchema } from "../../schemas/repositories.ts";
import { operation } from "../operation.ts";

const cursorShape = z.object({ k: z.string(), i: z.number().int() });

export const listRepositories = operation({
  id: "list_repositories",
  method: "GET",
  path: "/repositories",
  summary: "List repositories",
  description: "The repositories registered in the workspace, sorted by full name (case-insensitively) then id, with their access and mirror state.",
  scopes: ["repos:read"],
  bucket: "reads",
  mcp: true,
  readOnly: true,
  input: z.object({ limit: limitParam(), cursor: cursorParam }),
  output: pageOf(repositorySchema),
  handler: async (ctx, input) => {
    const after = input.cursor ? decodeCursor(input.cursor, cursorShape) : undefined;
    const page = await listPage(ctx.store, ctx.workspaceId, { limit: input.limit, after });
    const now = new Date();
    return {
      nextCursor: page.next ? encodeCursor(page.next) : null,
      items: page.items.map((row) => repositoryView(row, now)),
    };
  },
});
