import { z } from "zod";
import { focusSlugPattern } from "../../domain/focuses/index.ts";
import { repositoryRefParam } from "../../domain/repositories/reference.ts";
import { listRunRows } from "../../domain/runs/read.ts";
import { runView } from "../../domain/runs/view.ts";
import { cursorParam, decodeCursor, encodeCursor, limitParam, listParam, pageOf } from "../../schemas/common.ts";
import { runSchema, runStates } from "../../schemas/runs.ts";
import { operation } from "../operation.ts";
import { optionalRepositoryId } from "../repositories/params.ts";

const cursorShape = z.object({ b: z.number().int().positive().max(2 ** 31 - 1) });

export const listRuns = operation({
  id: "list_runs",
  method: "GET",
  path: "/runs",
  summary: "List runs",
  description: "The workspace's runs, newest first, optionally only those of a repository, of a focus or in some states.",
  scopes: ["runs:read"],
  bucket: "reads",
  mcp: true,
  readOnly: true,
  input: z.object({
    repository: repositoryRefParam.optional().describe("Only runs of this repository (owner/name or numeric id)."),
    focus: z.string().min(1).max(200).regex(focusSlugPattern, "a focus slug").optional().describe("Only runs that followed this focus (slug)."),
    state: listParam(z.enum(runStates), 11).optional().describe("Only runs in these states (comma-separated, at most 11)."),
    limit: limitParam(),
    cursor: cursorParam,
  }),
  output: pageOf(runSchema),
  handler: async (ctx, input) => {
    const repositoryId = await optionalRepositoryId(ctx.store, ctx.workspaceId, input.repository);
    const before = input.cursor ? decodeCursor(input.cursor, cursorShape).b : undefined;
    const page = await listRunRows(ctx.store, ctx.workspaceId, {
      limit: input.limit,
      ...(repositoryId !== undefined ? { repositoryId } : {}),
      ...(input.focus !== undefined ? { focus: input.focus } : {}),
      ...(input.state ? { states: input.state } : {}),
      ...(before !== undefined ? { beforeId: before } : {}),
    });
    return { nextCursor: page.nextBeforeId === null ? null : encodeCursor({ b: page.nextBeforeId }), items: page.items.map((r) => runView(r, ctx.app.config.baseUrl)) };
  },
});
