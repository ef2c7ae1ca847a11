import { z } from "zod";
import { listOrganization } from "../list.ts";
import { exportOrganization, type ExportFormat } from "../export/lists.ts";
import { decodeCursor, encodeCursor, cursorTime } from "../../../kernel/schemas.ts";
import { implement, withExporters } from "../../../kernel/operation.ts";
import type { Ctx } from "../../../kernel/context.ts";
import { listFindingsDefinition } from "./list-findings.def.ts";

const cursorShape = z.object({
  t: cursorTime,
  n: z
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
  r: z
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

const list = implement(listFindingsDefinition, async (ctx, input) => {
  const cursor = input.cursor ? decodeCursor(input.cursor, cursorShape) : undefined;
  const asOf = cursor?.t ?? ctx.app.now().toISOString();
  const r = await listOrganization(
    ctx.app,
    ctx.workspaceId,
    ctx.userId,
    { ...filtersOf(input), new: input.new },
    { limit: input.limit, afterNumber: cursor?.n, afterRepository: cursor?.r, asOf },
    ctx.app.now(),
  );
  return {
    nextCursor: r.last === null ? null : encodeCursor({ t: asOf, n: r.last.number, r: r.last.repository }),
    items: r.items,
    counts: r.counts,
    total: r.total,
    asOf,
    unavailableRepositories: r.unavailable,
  };
});

const exportAs = (format: ExportFormat) => (ctx: Ctx, input: z.output<typeof listFindingsDefinition.input>) =>
  exportOrganization(ctx.app, ctx.workspaceId, ctx.userId, { ...filtersOf(input), new: input.new }, ctx.app.now(), format);

export const listFindings = withExporters(list, { sarif: exportAs("sarif"), csv: exportAs("csv") });

/** The shared list filters (params.def.ts) as the domain's filter. */
export function filtersOf(input: {
  status?: string[] | undefined;
  severity?: string[] | undefined;
  confidence?: string[] | undefined;
  assignee?: string | undefined;
  focus?: string | undefined;
  dismissed: boolean;
}) {
  return {
    status: input.status,
    severity: input.severity,
    confidence: input.confidence,
    assignee: input.assignee,
    focus: input.focus,
    dismissed: input.dismissed,
  };
}
