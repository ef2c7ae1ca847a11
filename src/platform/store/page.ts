/**
 * Keyset pages: a list query fetches limit + 1 rows; the extra row only tells that a next page
 * exists. `last` is the page's last row when there is a next page (the cursor's source), else
 * undefined.
 */
export function keysetPage<T>(rows: T[], limit: number): { items: T[]; last: T | undefined } {
  const items = rows.slice(0, limit);
  return { items, last: rows.length > limit ? items.at(-1) : undefined };
}
