import { z } from "zod";
import { getRunRow } from "../../domain/runs/read.ts";
import { runView } from "../../domain/runs/view.ts";
import { runPathParam, runSchema } from "../../schemas/runs.ts";
import { operation } from "../operation.ts";

export const getRun = operation({
  id: "get_run",
  method: "GET",
  path: "/runs/{run}",
  summary: "Get a run",
  description: "One run with its state, stages and their progress, cost, findings summary and import state.",
  scopes: ["runs:read"],
  bucket: "reads",
  mcp: true,
  readOnly: true,
  input: z.object({ run: runPathParam }),
  output: runSchema,
  handler: async (ctx, input) => runView(await getRunRow(ctx.store, ctx.workspaceId, input.run), ctx.app.config.baseUrl),
});
