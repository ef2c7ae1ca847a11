// The fields an inbox cursor adds for a sort other than newest: the last row's severity rank, or
// its path and line (operations/params.def.ts `sort`).
import { z } from "zod";
import type { SortOrder } from "../filters.ts";
import { sortOrders } from "../schemas.ts";

export const sortCursorFields = {
  o: z.enum(sortOrders).optional(),
  s: z.number().int().min(0).max(4).optional(),
  p: z.string().max(1024).optional(),
  l: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .optional(),
};

/** A cursor's page was read in its own order (newest when it names none); a first page in the one asked for. */
export function sortOf(asked: SortOrder, cursor: { o?: SortOrder | undefined } | undefined): SortOrder {
  return cursor ? (cursor.o ?? "newest") : asked;
}
