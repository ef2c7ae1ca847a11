import { z } from "zod";
import { listRunRows } from "../read.ts";
import { runView } from "../view.ts";
import { decodeCursor, encodeCursor } from "../../../kernel/schemas.ts";
import { optionalRepositoryId } from "../../repositories/index.ts";
import { implement } from "../../../kernel/operation.ts";
import { listRunsDefinition } from "./list-runs.def.ts";

const cursorShape = z.object({
  b: z
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

export const listRuns = implement(listRunsDefinition, async (ctx, input) => {
  const repositoryId = await optionalRepositoryId(ctx.store, ctx.workspaceId, input.repository);
  const before = input.cursor ? decodeCursor(input.cursor, cursorShape).b : undefined;
  const page = await listRunRows(ctx.store, ctx.workspaceId, {
    limit: input.limit,
    ...(repositoryId !== undefined ? { repositoryId } : {}),
    ...(input.focus !== undefined ? { focus: input.focus } : {}),
    ...(input.state ? { states: input.state } : {}),
    ...(before !== undefined ? { beforeId: before } : {}),
  });
  return {
    nextCursor: page.nextBeforeId === null ? null : encodeCursor({ b: page.nextBeforeId }),
    items: page.items.map((r) => runView(r, ctx.app.config.baseUrl)),
  };
});
