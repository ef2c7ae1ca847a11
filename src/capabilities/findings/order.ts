// The inbox's sort orders as keys: a row's key, compared element by element, orders the list, and
// the last row's key (in the cursor) finds where the next page starts even after the list changed.
import type { SortOrder } from "./filters.ts";
import type { PositionEntry } from "./position-compute.ts";

export type SortKey = readonly (number | string)[];

const rank: Record<string, number> = { critical: 4, high: 3, medium: 2, low: 1, info: 0 };

/** newest: key number down; severity: most severe first; path: path and line up; ties by number down, then repository up. */
export function keyOf(sort: SortOrder, e: PositionEntry, repositoryId: number): SortKey {
  const tail = [-e.finding.number, repositoryId];
  if (sort === "severity") return [-(rank[e.severity] ?? 0), ...tail];
  if (sort === "path") return [e.location.path, e.location.startLine, ...tail];
  return tail;
}

export function compareKeys(a: SortKey, b: SortKey): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x === y) continue;
    // Code-unit order for paths: the same on every store and machine (no collation).
    return x < y ? -1 : 1;
  }
  return 0;
}

/** What a cursor keeps of the last row: its sort and the fields its key is made of. */
export interface CursorKey {
  o?: SortOrder | undefined;
  n: number;
  r?: number | undefined;
  s?: number | undefined;
  p?: string | undefined;
  l?: number | undefined;
}

export function cursorKey(sort: SortOrder, e: PositionEntry, repositoryId: number): CursorKey {
  const base = { n: e.finding.number, r: repositoryId };
  if (sort === "severity") return { o: sort, ...base, s: rank[e.severity] ?? 0 };
  if (sort === "path") return { o: sort, ...base, p: e.location.path, l: e.location.startLine };
  return base;
}

/** The key a cursor names (a missing repository sorts after every repository of that number). */
export function keyOfCursor(c: CursorKey): SortKey {
  const tail = [-c.n, c.r ?? Number.MAX_SAFE_INTEGER];
  if (c.o === "severity") return [-(c.s ?? 0), ...tail];
  if (c.o === "path") return [c.p ?? "", c.l ?? 0, ...tail];
  return tail;
}
