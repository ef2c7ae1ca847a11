import { z } from "zod";
import { booleanParam, nextCursor } from "../../../kernel/schemas.ts";
import { findingItemSchema, findingListFormats } from "../schemas.ts";
import { ownerParam, repoParam } from "../../repositories/schemas.ts";
import { asOfField, atParam, countsSchema, filterParams } from "./params.def.ts";
import { defineOperation } from "../../../kernel/operation.ts";

export const listRepositoryFindingsDefinition = defineOperation({
  id: "list_repository_findings",
  method: "GET",
  path: "/repositories/{owner}/{repo}/findings",
  summary: "List a repository's findings at a position",
  description:
    "The findings of a repository at a position (default: the default branch head): those present at the nearest fully reviewed commit on its " +
    "first-parent history, or at the head of a change review made since (with those of its base the change did not remove) (reviewCoverage says " +
    "which, and how many commits the position is ahead of it), and those an earlier review found that are fixed there. Newest first. position.at " +
    "pins the evaluated commit: later pages stay on it. Dismissed findings are hidden unless dismissed=true.",
  scopes: ["findings:read"],
  bucket: "reads",
  mcp: true,
  readOnly: true,
  formats: findingListFormats,
  input: z.object({
    owner: ownerParam,
    repo: repoParam,
    at: atParam,
    ...filterParams,
    new: booleanParam.optional().describe("true lists only findings the change introduced (baseline new); needs a position covered by a change review."),
  }),
  output: z.object({
    nextCursor,
    items: z.array(findingItemSchema).describe("The findings of this page."),
    repository: z.object({ id: z.number().int().describe("Repository id."), fullName: z.string().describe("owner/name.") }).describe("The repository."),
    position: z
      .object({
        at: z.string().describe("The pinned position evaluated (e.g. branch:main@<sha>)."),
        sha: z.string().describe("The commit evaluated."),
        ref: z.string().nullable().describe("The full ref name, or null for a commit."),
      })
      .describe("Where the findings were read."),
    reviewCoverage: z
      .object({
        reviewed: z.boolean().describe("False when no full review covers the position yet."),
        sha: z.string().nullable().describe("The nearest fully reviewed commit on the position's first-parent history."),
        run: z.number().int().nullable().describe("The run that reviewed it."),
        reviewedAt: z.string().nullable().describe("When."),
        commitsAhead: z.number().int().nullable().describe("How many commits the position is ahead of it (0: the position itself was reviewed)."),
        change: z
          .object({
            run: z.number().int().describe("The change review's run."),
            sha: z.string().describe("The change's head it reviewed."),
            reviewedAt: z.string().describe("When."),
            kind: z.enum(["pr", "branch"]).describe("A pull request or a branch."),
            pr: z.number().int().nullable().describe("The pull request number, or null."),
            branch: z.string().nullable().describe("The branch, or null."),
            base: z.string().describe("The commit the change was compared with."),
          })
          .nullable()
          .describe("When a change review covers the position (then sha, run and reviewedAt name it): that review; else null."),
        base: z
          .object({
            run: z.number().int().nullable().describe("The run that reviewed it."),
            sha: z.string().describe("The fully reviewed commit."),
            reviewedAt: z.string().describe("When."),
          })
          .nullable()
          .describe("With change: the coverage of the change's base, whose findings carry over; else null."),
      })
      .describe("Which review the findings come from."),
    counts: countsSchema,
    total: z.number().int().describe("Findings matching every filter."),
    asOf: asOfField,
  }),
});
