import { z } from "zod";
import { runPathParam, runSchema } from "../schemas.ts";
import { defineOperation } from "../../../kernel/operation.ts";

export const getRunDefinition = defineOperation({
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
});
