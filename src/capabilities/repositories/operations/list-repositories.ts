import { z } from "zod";
import { listRepositories as listPage, repositoryView } from "../index.ts";
import { decodeCursor, encodeCursor } from "../../../kernel/schemas.ts";
import { connectionSummaries } from "../connection-summary.ts";
import { implement } from "../../../kernel/operation.ts";
import { listRepositoriesDefinition } from "./list-repositories.def.ts";

const cursorShape = z.object({ k: z.string(), i: z.number().int() });

export const listRepositories = implement(listRepositoriesDefinition, async (ctx, input) => {
  const after = input.cursor ? decodeCursor(input.cursor, cursorShape) : undefined;
  const page = await listPage(ctx.store, ctx.workspaceId, { limit: input.limit, after });
  const now = new Date();
  const connections = await connectionSummaries(
    ctx.app,
    ctx.workspaceId,
    page.items.map((r) => r.id),
  );
  return {
    nextCursor: page.next ? encodeCursor(page.next) : null,
    items: page.items.map((row) => repositoryView(row, now, connections.get(row.id) ?? null)),
  };
});
