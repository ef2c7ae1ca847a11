import { z } from "zod";
import { runFindings } from "../../domain/findings/run-findings.ts";
import { getRunRow } from "../../domain/runs/read.ts";
import { runView } from "../../domain/runs/view.ts";
import { cursorParam, decodeCursor, encodeCursor, limitParam, nextCursor } from "../../schemas/common.ts";
import { findingItemSchema } from "../../schemas/findings.ts";
import { runPathParam, runSchema } from "../../schemas/runs.ts";
import { operation } from "../operation.ts";

const cursorShape = z.object({ a: z.number().int().positive().max(2 ** 31 - 1) });

export const listRunFindings = operation({
  id: "list_run_findings",
  method: "GET",
  path: "/runs/{run}/findings",
  summary: "List a run's findings",
  description: "The findings a run imported into the inbox, in the order it reported them. Empty, with import.state pending, until the run's findings were imported; then import.state is imported or partial (import.reason says why some were left out).",
  scopes: ["runs:read", "findings:read"],
  bucket: "reads",
  mcp: true,
  readOnly: true,
  input: z.object({ run: runPathParam, limit: limitParam(), cursor: cursorParam }),
  output: z.object({
    nextCursor,
    items: z.array(findingItemSchema).describe("The findings of this page."),
    import: runSchema.shape.import,
    asOf: z.string().describe("When this answer was read (ISO 8601)."),
  }),
  handler: async (ctx, input) => {
    // A bad cursor is refused whatever the run's state, before any query.
    const after = input.cursor ? decodeCursor(input.cursor, cursorShape).a : undefined;
    const asOf = ctx.app.now().toISOString();
    const run = runView(await getRunRow(ctx.store, ctx.workspaceId, input.run), ctx.app.config.baseUrl);
    if (run.import.state === "pending") return { nextCursor: null, items: [], import: run.import, asOf };
    const page = await runFindings(ctx.app, ctx.workspaceId, run.id, { limit: input.limit, ...(after !== undefined ? { afterReport: after } : {}) }, ctx.app.now());
    return { nextCursor: page.nextAfter === null ? null : encodeCursor({ a: page.nextAfter }), items: page.items, import: run.import, asOf };
  },
});
