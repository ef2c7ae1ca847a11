import { z } from "zod";
import { coverageOf, listAtPosition } from "../list.ts";
import { repositoryFromPath } from "../../repositories/index.ts";
import { decodeCursor, encodeCursor, cursorTime } from "../../../kernel/schemas.ts";

import { filtersOf } from "./list-findings.ts";
import { sortCursorFields } from "./sort-cursor.ts";
import { implement } from "../../../kernel/operation.ts";
import { listRepositoryFindingsDefinition } from "./list-repository-findings.def.ts";

const cursorShape = z.object({
  at: z.string().max(600),
  t: cursorTime,
  n: z
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
  ...sortCursorFields,
});

export const listRepositoryFindings = implement(listRepositoryFindingsDefinition, async (ctx, input) => {
  const repo = await repositoryFromPath(ctx.store, ctx.workspaceId, input.owner, input.repo);
  const cursor = input.cursor ? decodeCursor(input.cursor, cursorShape) : undefined;
  const asOf = cursor?.t ?? ctx.app.now().toISOString();
  const r = await listAtPosition(
    ctx.app,
    ctx.workspaceId,
    ctx.userId,
    repo,
    cursor?.at ?? input.at,
    { ...filtersOf(input, cursor), new: input.new },
    { limit: input.limit, after: cursor, asOf },
    ctx.app.now(),
  );
  return {
    nextCursor: r.last === null ? null : encodeCursor({ at: r.position.at, t: asOf, ...r.last }),
    items: r.items,
    repository: { id: repo.id, fullName: repo.full_name },
    position: { at: r.position.at, sha: r.position.sha, ref: r.position.ref },
    reviewCoverage: coverageOf(r.view),
    counts: r.counts,
    total: r.total,
    asOf,
  };
});
