import { z } from "zod";
import type { Filters, SortOrder } from "../filters.ts";
import { listOrganization } from "../list.ts";
import { exportOrganization, type ExportFormat } from "../export/lists.ts";
import { decodeCursor, encodeCursor, cursorTime } from "../../../kernel/schemas.ts";
import { implement, withExporters } from "../../../kernel/operation.ts";
import type { Ctx } from "../../../kernel/context.ts";
import { listFindingsDefinition } from "./list-findings.def.ts";
import { sortCursorFields, sortOf } from "./sort-cursor.ts";

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
  ...sortCursorFields,
});

const list = implement(listFindingsDefinition, async (ctx, input) => {
  const cursor = input.cursor ? decodeCursor(input.cursor, cursorShape) : undefined;
  const asOf = cursor?.t ?? ctx.app.now().toISOString();
  const r = await listOrganization(
    ctx.app,
    ctx.workspaceId,
    ctx.userId,
    { ...filtersOf(input, cursor), new: input.new },
    { limit: input.limit, after: cursor, asOf },
    ctx.app.now(),
  );
  return {
    nextCursor: r.last === null ? null : encodeCursor({ t: asOf, ...r.last }),
    items: r.items,
    counts: r.counts,
    total: r.total,
    asOf,
    unavailableRepositories: r.unavailable,
  };
});

const exportAs = (format: ExportFormat) => (ctx: Ctx, input: z.output<typeof listFindingsDefinition.input>) =>
  exportOrganization(ctx.app, ctx.workspaceId, ctx.userId, { ...filtersOf(input, undefined), new: input.new }, ctx.app.now(), format);

export const listFindings = withExporters(list, { sarif: exportAs("sarif"), csv: exportAs("csv") });

/** The shared list filters (params.def.ts) as the domain's filter; a cursor keeps the order of the page it came from. */
export function filtersOf(input: Omit<Filters, "new" | "sort"> & { sort: SortOrder }, cursor: { o?: SortOrder | undefined } | undefined): Filters {
  const { status, severity, confidence, assignee, focus, dismissed, q, rule, path, language } = input;
  return { status, severity, confidence, assignee, focus, dismissed, q, rule, path, language, sort: sortOf(input.sort, cursor) };
}
