// Request and response shapes of the run operations (estimate, start, list, get, cancel).
import { bodyTextMessage, isBody } from "../../kernel/text.ts";
import { z } from "zod";
import { repositoryRefParam } from "../repositories/schemas.ts";
import { focusSlugPattern } from "../focuses/schemas.ts";
import { documentIdParam } from "../documents/schemas.ts";
import { idParam, maxAtLength, printable, printableMessage } from "../../kernel/schemas.ts";

export const runStates = [
  "queued",
  "in_progress",
  "compilation_in_progress",
  "compilation_completed",
  "compilation_failed",
  "analysis_in_progress",
  "analysis_completed",
  "analysis_failed",
  "complete",
  "failed",
  "cancelled",
] as const;
export type RunState = (typeof runStates)[number];
export const terminalStates: ReadonlySet<RunState> = new Set(["complete", "failed", "cancelled"]);

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

const repoRef = z.object({ id: z.number().int().describe("Repository id."), fullName: z.string().describe("owner/name.") }).describe("A repository.");

const targetSchema = z
  .object({
    repository: repoRef,
    at: z.string().nullable().describe("The pinned position reviewed (full reviews); null for a change review."),
    ref: z.string().nullable().describe("The full ref name (refs/heads/main, refs/pull/7/head), or null for a commit."),
    sha: z.string().describe("The commit reviewed (for a change: its head)."),
    files: z.number().int().describe("Billable files: reviewable files in scope (for a change: changed ones)."),
    lines: z.number().int().describe("Billable lines of those files (for a change: changed lines plus context per hunk)."),
  })
  .describe("One repository a run reviews, as priced.");

const changeSchema = z
  .object({
    kind: z.enum(["pr", "branch"]).describe("pr or branch."),
    pr: z.number().int().nullable().describe("The pull request number (kind pr)."),
    branch: z.string().nullable().describe("The branch (kind branch)."),
    since: z.string().nullable().describe("The sha given as since, resolved; null when the merge base was used."),
    base: z.string().describe("The commit the change is compared against."),
    head: z.string().describe("The change's head commit."),
    files: z.number().int().describe("Changed reviewable files."),
    changedLines: z.number().int().describe("Added lines in those files."),
  })
  .describe("The resolved change of a change review.");

const focusRevisionSchema = z
  .object({
    slug: z.string().describe("Focus slug."),
    revision: z.number().int().describe("The focus revision the run follows."),
  })
  .describe("A focus at a revision.");

export const estimateSchema = z
  .object({
    kind: z.enum(["full", "change"]).describe("full (a position) or change (a pull request or branch change)."),
    priceCents: z.number().int().describe("The price of the run in cents."),
    balanceCents: z.number().int().describe("The workspace's credit balance in cents now."),
    targets: z.array(targetSchema).describe("Each repository reviewed, with its sha and billable files and lines."),
    focusRevisions: z.array(focusRevisionSchema).describe("The focuses and revisions priced."),
    change: changeSchema.nullable().describe("The resolved change, or null for a full review."),
    model: z
      .object({
        lines: z.number().int().describe("Model billable lines: lines in scope, capped by the model's token budget in lines."),
        priceCents: z.number().int().describe("The part of priceCents for the model stage (refunded if it fails)."),
      })
      .nullable()
      .describe("The model review stage priced, or null when the run has none."),
    quote: z.string().describe("Pass to start_run (quote) within 15 minutes to start exactly what was priced."),
    expiresAt: z.string().describe("When the quote expires (ISO 8601)."),
  })
  .describe("The price of a run and a quote for it.");

const stageSchema = z
  .object({
    name: z.enum(["checkout", "compilation", "analysis", "import"]).describe("checkout, compilation, analysis or import, in that order."),
    state: z.enum(["pending", "in_progress", "completed", "failed", "cancelled", "skipped"]).describe("Where the stage is."),
    startedAt: z.string().nullable().describe("When it started, or null."),
    endedAt: z.string().nullable().describe("When it ended, or null."),
    progress: z
      .object({
        done: z.number().int().describe("Done so far: files, or for the import findings."),
        total: z.number().int().describe("In all: files, or for the import findings."),
      })
      .nullable()
      .describe("Done of the total while the stage runs and after (the import counts findings, the other stages files); null before."),
    reason: z
      .string()
      .nullable()
      .describe("Why it failed, (import) why it was partial, or (checkout) a warning such as a .crs.yml that was ignored as invalid; else null."),
  })
  .describe("One stage of a run.");

const modelStageSchema = z
  .object({
    state: z.enum(["skipped", "complete", "partial", "failed"]).describe("skipped (off or nothing to send), complete, partial or failed."),
    requests: z.number().int().describe("Requests sent to the model provider."),
    tokensIn: z.number().int().describe("Input tokens the provider counted."),
    tokensOut: z.number().int().describe("Output tokens the provider counted."),
    dropped: z.number().int().describe("Model findings dropped by the checks (path, lines, quote) or the cap."),
    reason: z.string().nullable().describe("Why it was skipped, partial or failed; else null."),
    priceCents: z.number().int().describe("The part of the price for the model stage."),
    refundedCents: z.number().int().describe("Of that, refunded because the stage failed or stopped short."),
  })
  .describe("The model review stage of a run.");

export const runSchema = z
  .object({
    id: z.number().int().describe("Run id."),
    title: z.string().describe("What the run reviews, in words."),
    state: z.enum(runStates).describe("The run state."),
    phase: z.enum(["queued", "running", "finished"]).describe("queued (not started), running, or finished (terminal)."),
    terminal: z.boolean().describe("True for complete, failed and cancelled."),
    createdAt: z.string().describe("When it was started (ISO 8601)."),
    startedAt: z.string().nullable().describe("When a worker began it, or null."),
    endedAt: z.string().nullable().describe("When it ended, or null."),
    repository: repoRef,
    ref: z.string().nullable().describe("The ref reviewed (full name), or null for a commit."),
    sha: z.string().describe("The commit reviewed (for a change: its head)."),
    at: z.string().nullable().describe("The pinned position of a full review; null for a change review."),
    extraRepositories: z.array(targetSchema).describe("The extra repositories reviewed (full reviews)."),
    retryOf: z.number().int().nullable().describe("The run this one retries, or null."),
    trigger: z
      .enum(["api", "mcp", "cli", "web", "webhook"])
      .describe("How it was started: api, mcp, cli, web, or webhook (an automatic review of a pull request)."),
    costCents: z.number().int().describe("What the run costs: the price charged less any refund."),
    priceCents: z.number().int().describe("The price charged at start."),
    findings: z
      .object({
        total: z.number().int().describe("Findings the run reported."),
        new: z.number().int().describe("Of those, findings the inbox did not know before."),
        bySeverity: z.record(z.string(), z.number().int()).describe("Counts by severity."),
      })
      .nullable()
      .describe("What the run found, once imported; null before."),
    error: z
      .object({
        code: z.string().describe("A stable code (e.g. repository_not_runnable, analysis_failed)."),
        message: z.string().describe("What went wrong and what to do."),
      })
      .nullable()
      .describe("Why the run failed, or null."),
    webUrl: z.string().describe("The run in the web app."),
    kind: z.enum(["full", "change"]).describe("full or change."),
    cancellationRequested: z.boolean().describe("True once a cancellation was asked for."),
    focuses: z.array(focusRevisionSchema).describe("The focuses (and revisions) the run follows."),
    change: changeSchema.nullable().describe("The change reviewed, or null for a full review."),
    repositories: z.array(targetSchema).describe("Every repository reviewed, the main one first."),
    scope: z.array(z.string()).describe("The path globs given, or empty."),
    documents: z.array(z.number().int()).describe("The context documents the run uses."),
    stage: z.string().nullable().describe("The stage under way (or where it stopped), or null while queued."),
    stages: z.array(stageSchema).describe("Every stage from the start, with state, times and progress."),
    import: z
      .object({
        state: z.enum(["pending", "imported", "partial"]).describe("pending until the worker imported the findings, then imported or partial."),
        reason: z.string().nullable().describe("Why only part was imported, or null."),
      })
      .describe("The state of the finding import."),
    model: modelStageSchema.nullable().describe("The model review stage: null until it ends (or when it never ran)."),
    publicUrl: z.string().nullable().describe("The run's page (signed-in users) when the review is posted on its pull request; else null."),
    pullRequestCommentUrl: z.string().nullable().describe("The summary comment posted on the pull request (connected repositories), or null."),
    delivery: z
      .object({
        state: z.enum(["pending", "posted", "retrying", "failed"]).describe("Posting the review on the pull request."),
        attempts: z.number().int().describe("Attempts so far."),
        lastError: z.string().nullable().describe("Why the last attempt failed, or null."),
        updatedAt: z.string().describe("When the state last changed."),
      })
      .nullable()
      .describe("Not in the spec. The post-back to a connected pull request; null when the run posts nothing."),
  })
  .describe("A run.");

export const runPathParam = idParam("run").describe("Run id (integer, or the same as a string).");
