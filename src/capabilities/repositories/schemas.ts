// Response shapes of the repository operations: the Repository resource and the refs listing.
import { z } from "zod";

/** The spec's "Repository reference" as an input: owner/name or a numeric id (parsed in reference.ts). */
export const repositoryRefParam = z.union([z.number().int().positive(), z.string().min(1).max(201)]).describe("Repository: owner/name or numeric id.");

// What members read about a repository's code-host connection (filled by connection-summary.ts).
export const connectionSchema = z
  .object({
    host: z.enum(["github", "gitlab"]).describe("The code host."),
    hostRepo: z.string().describe("The repository's path on the host."),
    access: z.enum(["unknown", "ok", "lost", "unavailable"]).describe("The host's last answer about access."),
    webhook: z.enum(["created", "manual"]).describe("created: crs made the webhook; manual: an admin set it up."),
    policy: z
      .object({
        autoReview: z.boolean().describe("Pull requests are reviewed when opened or pushed to."),
        forks: z.boolean().describe("Pull requests from forks too."),
        focuses: z.array(z.string()).describe("Focus slugs applied."),
        maxRunPriceCents: z.number().int().nullable().describe("Most one automatic run may cost."),
        dailyCapCents: z.number().int().nullable().describe("Most automatic runs may cost per UTC day."),
        inlineComments: z.number().int().describe("Inline comments per review."),
        failAtSeverity: z.string().describe("Lowest severity that fails the check."),
      })
      .describe("The review policy."),
    lastDeliveries: z
      .array(
        z.object({
          event: z.string().describe("Host event."),
          state: z.string().describe("queued, processing, done, ignored or failed."),
          outcome: z.string().nullable().describe("What came of it."),
          receivedAt: z.string().describe("ISO time."),
        }),
      )
      .describe("The last webhook deliveries, newest first."),
  })
  .nullable()
  .describe("The connection to its code host; null when not connected.");

export type ConnectionSummary = z.input<typeof connectionSchema>;

const mirrorStates = ["pending", "syncing", "ready", "failed"] as const;
const accessStates = ["unknown", "ok", "lost", "unavailable"] as const;

const mirrorSchema = z
  .object({
    state: z
      .enum(mirrorStates)
      .describe(
        "pending: not synced yet; syncing: a sync is running now (with lastSyncedAt set, the previous mirror is still served); " +
          "ready: the last sync succeeded; failed: the last sync failed (see reason and message).",
      ),
    reason: z
      .string()
      .optional()
      .describe("Why the last sync failed (state failed only): remote_not_found, access_denied, remote_unreachable, timeout, remote_error or mirror_error."),
    message: z.string().optional().describe("What git reported for the failed sync (state failed only), without credentials."),
    lastSyncedAt: z.string().nullable().describe("ISO time of the last successful sync; null before the first."),
    lastAttemptAt: z.string().nullable().describe("ISO time the last sync started; null before the first."),
  })
  .describe("The service's mirror of the repository's remote.");

export const repositorySchema = z
  .object({
    id: z.number().int().describe("Numeric repository id; usable wherever a repository is referred to."),
    fullName: z.string().describe("owner/name, unique per workspace (matched case-insensitively)."),
    defaultBranch: z.string().nullable().describe("The default branch: set by an admin, else the remote's HEAD at the last sync; null before it is known."),
    access: z
      .enum(accessStates)
      .describe(
        "Whether the remote is reachable and readable: unknown before the first sync, ok after a successful one, " +
          "lost when the remote is gone or refused access, unavailable when access could not be confirmed (unreachable, timeout).",
      ),
    mirror: mirrorSchema,
    webUrl: z.string().nullable().describe("Browser URL of the repository on its code host; null for local remotes."),
    connection: connectionSchema,
  })
  .describe("A repository registered in the workspace.");

export type RepositoryView = z.input<typeof repositorySchema>;

const reviewed = z.boolean().describe("Whether a review of this exact head commit completed in this workspace.");
const sha = z.string().describe("Full sha of the head commit (annotated tags peeled to their commit).");

export const refsSchema = z.object({
  defaultBranch: z.string().nullable().describe("The repository's default branch; null when it has none."),
  branches: z
    .array(z.object({ name: z.string().describe("Branch name."), sha, reviewed }))
    .describe("Branches, sorted by name (byte order); at most `limit` items."),
  pullRequests: z
    .array(
      z.object({
        number: z.number().int().describe("Pull (or merge) request number."),
        ref: z.string().describe("The mirrored ref: refs/pull/<n>/head or refs/merge-requests/<n>/head."),
        sha,
        reviewed,
      }),
    )
    .describe("Pull requests, highest number first; at most `limit` items."),
  tags: z.array(z.object({ name: z.string().describe("Tag name."), sha, reviewed })).describe("Tags, sorted by name (byte order); at most `limit` items."),
  matched: z
    .object({
      branches: z.number().int().describe("Branches matching q (before limit)."),
      pullRequests: z.number().int().describe("Pull requests matching q (before limit)."),
      tags: z.number().int().describe("Tags matching q (before limit)."),
    })
    .describe("How many refs of each kind matched; more than the list holds means `limit` cut it short."),
  asOf: z.string().describe("ISO time of the last successful sync: the refs are as of then."),
  nextCursor: z.null().describe("Always null: the refs list is not paginated (use q and limit)."),
});

/** The {owner}/{repo} path parameters every repository operation takes (defined beside its operations). */
export { ownerParam, repoParam } from "./operations/params.def.ts";
