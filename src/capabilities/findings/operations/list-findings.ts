import { z } from "zod";
import type { Filters, SortOrder } from "../filters.ts";
import { listOrganization } from "../list.ts";
import { decodeCursor, encodeCursor, cursorTime } from "../../../kernel/schemas.ts";
import { implement } from "../../../kernel/operation.ts";
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

export const listFindings = implement(listFindingsDefinition, async (ctx, input) => {
  const cursor = input.cursor ? decodeCursor(input.cursor, cursorShape) : undefined;
  const asOf = cursor?.t ?? ctx.app.now().toISOString();
  const r = await listOrganization(ctx.app, ctx.workspaceId, ctx.userId, filtersOf(input, cursor), { limit: input.limit, after: cursor, asOf }, ctx.app.now());
  return {
    nextCursor: r.last === null ? null : encodeCursor({ t: asOf, ...r.last }),
    items: r.items,
    counts: r.counts,
    total: r.total,
    asOf,
    unavailableRepositories: r.unavailable,
  };
});

/** The shared list filters (params.def.ts) as the domain's filter; a cursor keeps the order of the page it came from. */
export function filtersOf(input: Omit<Filters, "new" | "sort"> & { sort: SortOrder }, cursor: { o?: SortOrder | undefined } | undefined): Filters {
  const { status, severity, confidence, assignee, focus, dismissed, q, rule, path, language } = input;
  return { status, severity, confidence, assignee, focus, dismissed, q, rule, path, language, sort: sortOf(input.sort, cursor) };
}
