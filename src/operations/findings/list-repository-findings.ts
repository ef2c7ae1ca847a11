import { z } from "zod";
import { coverageOf, listAtPosition } from "../../domain/findings/list.ts";
import { repositoryFromPath } from "../../domain/repositories/reference.ts";
import { decodeCursor, encodeCursor, nextCursor } from "../../schemas/common.ts";
import { findingItemSchema } from "../../schemas/findings.ts";
import { operation } from "../operation.ts";
import { ownerParam, repoParam } from "../repositories/params.ts";
import { asOfField, atParam, countsSchema, filterParams, filtersOf } from "./params.ts";

const cursorShape = z.object({ at: z.string().max(600), t: z.string().max(40), n: z.number().int().positive().max(2 ** 31 - 1) });

export const listRepositoryFindings = operation({
  id: "list_repository_findings",
  method: "GET",
  path: "/repositories/{owner}/{repo}/findings",
  summary: "List a repository's findings at a position",
  description: "The findings of a repository at a position (default: the default branch head): those present at the nearest fully reviewed commit on its first-parent history (reviewCoverage says which, and how many commits the position is ahead of it), and those an earlier review found that are fixed there. Newest first. position.at pins the evaluated commit: later pages stay on it. Dismissed findings are hidden unless dismissed=true.",
  scopes: ["findings:read"],
  bucket: "reads",
  mcp: true,
  readOnly: true,
  input: z.object({ owner: ownerParam, repo: repoParam, at: atParam, ...filterParams }),
  output: z.object({
    nextCursor,
    items: z.array(findingItemSchema).describe("The findings of this page."),
    repository: z.object({ id: z.number().int().describe("Repository id."), fullName: z.string().describe("owner/name.") }).describe("The repository."),
    position: z.object({
      at: z.string().describe("The pinned position evaluated (e.g. branch:main@<sha>)."),
      sha: z.string().describe("The commit evaluated."),
      ref: z.string().nullable().describe("The full ref name, or null for a commit."),
    }).describe("Where the findings were read."),
    reviewCoverage: z.object({
      reviewed: z.boolean().describe("False when no full review covers the position yet."),
      sha: z.string().nullable().describe("The nearest fully reviewed commit on the position's first-parent history."),
      run: z.number().int().nullable().describe("The run that reviewed it."),
      reviewedAt: z.string().nullable().describe("When."),
      commitsAhead: z.number().int().nullable().describe("How many commits the position is ahead of it (0: the position itself was reviewed)."),
    }).describe("Which review the findings come from."),
    counts: countsSchema,
    total: z.number().int().describe("Findings matching every filter."),
    asOf: asOfField,
  }),
  handler: async (ctx, input) => {
    const repo = await repositoryFromPath(ctx.store, ctx.workspaceId, input.owner, input.repo);
    const cursor = input.cursor ? decodeCursor(input.cursor, cursorShape) : undefined;
    const asOf = cursor?.t ?? ctx.app.now().toISOString();
    const r = await listAtPosition(ctx.app, ctx.workspaceId, ctx.userId, repo, cursor?.at ?? input.at, filtersOf(input),
      { limit: input.limit, afterNumber: cursor?.n, asOf }, ctx.app.now());
    return {
      nextCursor: r.last === null ? null : encodeCursor({ at: r.position.at, t: asOf, n: r.last }),
      items: r.items,
      repository: { id: repo.id, fullName: repo.full_name },
      position: { at: r.position.at, sha: r.position.sha, ref: r.position.ref },
      reviewCoverage: coverageOf(r.view),
      counts: r.counts, total: r.total, asOf,
    };
  },
});
