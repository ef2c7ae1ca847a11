import { z } from "zod";
import { exportRunFindings, runFindings } from "../../findings/index.ts";
import type { Ctx } from "../../../kernel/context.ts";
import { getRunRow } from "../read.ts";
import { runView } from "../view.ts";
import { decodeCursor, encodeCursor } from "../../../kernel/schemas.ts";
import { implement, withExporters } from "../../../kernel/operation.ts";
import { listRunFindingsDefinition } from "./list-run-findings.def.ts";

const cursorShape = z.object({
  a: z
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

const list = implement(listRunFindingsDefinition, async (ctx, input) => {
  // A bad cursor is refused whatever the run's state, before any query.
  const after = input.cursor ? decodeCursor(input.cursor, cursorShape).a : undefined;
  const asOf = ctx.app.now().toISOString();
  const run = runView(await getRunRow(ctx.store, ctx.workspaceId, input.run), ctx.app.config.baseUrl);
  if (run.import.state === "pending") return { nextCursor: null, items: [], import: run.import, asOf };
  const page = await runFindings(
    ctx.app,
    ctx.workspaceId,
    run.id,
    { limit: input.limit, ...(after !== undefined ? { afterReport: after } : {}) },
    ctx.app.now(),
  );
  return { nextCursor: page.nextAfter === null ? null : encodeCursor({ a: page.nextAfter }), items: page.items, import: run.import, asOf };
});

/** The run's findings as SARIF or CSV: none until they were imported, as in the list. */
const exportAs = (format: "sarif" | "csv") => async (ctx: Ctx, input: z.output<typeof listRunFindingsDefinition.input>) => {
  const run = runView(await getRunRow(ctx.store, ctx.workspaceId, input.run), ctx.app.config.baseUrl);
  return exportRunFindings(ctx.app, ctx.workspaceId, { id: run.id, imported: run.import.state !== "pending" }, ctx.app.now(), format);
};

export const listRunFindings = withExporters(list, { sarif: exportAs("sarif"), csv: exportAs("csv") });
