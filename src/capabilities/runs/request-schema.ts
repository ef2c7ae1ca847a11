// The request body POST /runs and POST /runs/estimate share: what to review, where, and what steers it.
import { z } from "zod";
import { bodyTextMessage, isBody } from "../../kernel/text.ts";
import { maxAtLength, printable, printableMessage } from "../../kernel/schemas.ts";
import { documentIdParam } from "../documents/schemas.ts";
import { focusSlugPattern } from "../focuses/schemas.ts";
import { repositoryRefParam } from "../repositories/schemas.ts";

export const runLimits = { focuses: 5, scope: 200, glob: 1000, repositories: 8, steering: 65536, documents: 20, maxPriceCents: 1_000_000_000 } as const;

const atField = z
  .string()
  .min(1)
  .max(maxAtLength)
  .describe("Position: default, branch:<name>[@<sha>], pr:<number>[@<sha>] or commit:<sha>; at most 512 characters.");

const changeField = z
  .union([
    z
      .object({
        pr: z.coerce
          .number()
          .int()
          .min(1)
          .max(2 ** 31 - 1)
          .describe("Pull request number: its head against its merge base with its base branch (the code host's, if connected; else the default branch)."),
      })
      .strict(),
    z
      .object({
        branch: z.string().min(1).max(255).regex(printable, printableMessage).describe("Branch whose change is reviewed."),
        since: z
          .string()
          .regex(/^[0-9a-fA-F]{4,64}$/, "since is a commit sha of 4 to 64 hex digits")
          .optional()
          .describe("Review the commits after this one (a sha on the branch's history); default: the merge base with the default branch."),
      })
      .strict(),
  ])
  .describe("A change review: {pr} or {branch, since?}. Only the changed files are reviewed and only findings on changed lines reported.");

/** The body fields POST /runs and POST /runs/estimate share. */
export const runRequestFields = {
  repository: repositoryRefParam.describe("The repository to review: owner/name or numeric id."),
  at: atField.optional().describe("Full review position (default: the default branch head); not with change. At most 512 characters."),
  change: changeField.optional(),
  focuses: z
    .array(z.string().regex(focusSlugPattern, "a focus slug").describe("Focus slug."))
    .max(runLimits.focuses)
    .optional()
    .describe(`Focuses whose instructions steer the run; at most ${runLimits.focuses}, each existing and not archived.`),
  scope: z
    .array(z.string().min(1).max(runLimits.glob).regex(printable, printableMessage).describe("A path glob, e.g. src/** or !**/*.test.ts."))
    .max(runLimits.scope)
    .optional()
    .describe(`Path globs limiting the files reviewed (picomatch syntax); at most ${runLimits.scope}.`),
  repositories: z
    .array(
      z
        .object({
          repository: repositoryRefParam.describe("Another repository: owner/name or numeric id."),
          at: atField.optional(),
        })
        .strict()
        .describe("An extra repository and its position."),
    )
    .max(runLimits.repositories)
    .optional()
    .describe(`Extra repositories reviewed in the same run (full reviews only); at most ${runLimits.repositories}.`),
  steering: z
    .string()
    .max(runLimits.steering)
    .refine(isBody, bodyTextMessage)
    .optional()
    .describe(`Instructions for the reviewers; at most ${runLimits.steering} characters.`),
  documents: z
    .array(documentIdParam)
    .max(runLimits.documents)
    .optional()
    .describe(`Context document ids the run uses; at most ${runLimits.documents}, each existing and not archived.`),
  model: z.boolean().optional().describe("false: no model review stage for this run (default: on when the server has a model and the workspace allows it)."),
};
