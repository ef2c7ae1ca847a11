// Response shapes of findings: the list item, the single finding and a comment.
import { z } from "zod";

export const severityValues = ["info", "low", "medium", "high", "critical"] as const;
export const findingStatuses = ["open", "investigating", "fixed", "wont-fix", "false-positive", "duplicate"] as const;
/** How likely a finding is real: low for flows from library input (an exported function's parameters) or with no known source. */
export const confidenceValues = ["low", "medium", "high"] as const;
export const writableStatuses = ["open", "investigating", "fixed", "wont-fix", "false-positive"] as const;
/** The inbox lists' orders (the `sort` parameter). */
export const sortOrders = ["newest", "severity", "path"] as const;
/**
 * The engine's languages (src/review/language-ids.ts), for the `language` filter: repeated because operation
 * definitions load no engine module; languages.test.ts keeps the two equal.
 */
export const inboxLanguages = ["javascript", "typescript", "tsx", "python", "go", "java", "ruby", "php", "csharp", "kotlin", "rust"] as const;

const repoRef = z.object({ id: z.number().int().describe("Repository id."), fullName: z.string().describe("owner/name.") }).describe("A repository.");
const userRef = z.object({ id: z.number().int().describe("User id."), username: z.string().describe("Username.") }).describe("A member.");
const location = z
  .object({
    path: z.string().describe("Repository-relative path."),
    startLine: z.number().int().describe("First line (1-based)."),
    endLine: z.number().int().describe("Last line (1-based, inclusive)."),
  })
  .describe("Where it is.");

const confidenceField = z
  .enum(confidenceValues)
  .describe("How likely it is real: low for library input (an exported function's parameters) or no known source; the newest report's.");

export const findingItemSchema = z
  .object({
    id: z.number().int().describe("Finding id."),
    key: z.string().describe("Display key such as F-42."),
    title: z.string().describe("What is wrong, in a line."),
    severity: z.enum(severityValues).describe("The severity (an override when one was set)."),
    status: z.enum(findingStatuses).describe("The status where it is read."),
    confidence: confidenceField,
    ruleId: z.string().describe("The rule that reported it."),
    location: location,
    repository: repoRef.nullable().describe("The repository it is listed in (null where not applicable)."),
    assignee: userRef.nullable().describe("Who it is assigned to, or null."),
    dismissed: z.boolean().describe("True when dismissed (hidden from lists unless dismissed=true)."),
    firstObservedAt: z.string().describe("When a run first reported it (ISO 8601)."),
    reportCount: z.number().int().describe("How many reports (one per run and repository) it has."),
    baseline: z
      .enum(["new", "unchanged"])
      .nullable()
      .describe("At a position covered by a change review: new (not present at the change's base) or unchanged; else null."),
    webUrl: z.string().describe("The finding in the web app."),
  })
  .describe("A finding in a list.");

/** A run's finding: the list item, with what the run's report said about a crs-ignore comment. */
export const runFindingItemSchema = findingItemSchema
  .extend({
    suppression: z
      .object({
        reason: z.string().describe("The comment's reason (after the rule id and colon); may be empty."),
        line: z.number().int().describe("The comment's line."),
        addedByChange: z.boolean().describe("Change reviews: true when the change itself adds the comment (worth a look in review)."),
      })
      .nullable()
      .describe("A crs-ignore comment suppressing it in this run's report (the finding is then dismissed), or null."),
  })
  .describe("A finding a run reported.");

export const countsSchema = z
  .object({
    status: z.record(z.string(), z.number().int()).describe("Findings by status."),
    severity: z.record(z.string(), z.number().int()).describe("Findings by severity."),
  })
  .describe("Counts of the findings matching the assignee, focus, confidence and dismissed filters, before the status and severity filters.");

const step = z
  .object({
    path: z.string().describe("Repository-relative path."),
    startLine: z.number().int().describe("First line."),
    endLine: z.number().int().describe("Last line."),
    snippet: z.string().nullable().describe("The code there."),
    message: z.string().nullable().describe("What this place is in the finding's story."),
  })
  .describe("A place in the code.");

export const commentSchema = z
  .object({
    id: z.string().describe("Comment id."),
    finding: z.string().describe("The finding's key."),
    body: z.string().describe("The comment (markdown)."),
    author: userRef,
    replyTo: z.string().nullable().describe("The comment this answers, or null."),
    createdAt: z.string().describe("When it was written (ISO 8601)."),
  })
  .describe("A comment on a finding.");

export const findingSchema = z
  .object({
    id: z.number().int().describe("Finding id."),
    key: z.string().describe("Display key such as F-42."),
    title: z.string().describe("What is wrong, in a line."),
    severity: z.enum(severityValues).describe("The severity (an override when one was set)."),
    status: z.enum(findingStatuses).describe("The status at the position read (repository and at)."),
    confidence: confidenceField,
    investigating: z.boolean().describe("True while someone investigates it (a finding-level status)."),
    decision: z
      .object({
        kind: z.enum(["wont-fix", "risk-accepted"]).describe("wont-fix or risk-accepted."),
        reason: z.string().nullable().describe("Why."),
        until: z.string().nullable().describe("When a risk acceptance ends (ISO 8601), or null."),
        by: userRef.nullable().describe("Who decided."),
        at: z.string().nullable().describe("When."),
      })
      .nullable()
      .describe("The active decision that blocks open and investigating, or null."),
    duplicateOf: z.string().nullable().describe("The key of the finding this duplicates, or null."),
    dismissed: z.boolean().describe("True when dismissed."),
    assignee: userRef.nullable().describe("Who it is assigned to, or null."),
    focus: z.string().nullable().describe("The focus of the run that first reported it, or null."),
    firstObservedAt: z.string().describe("When a run first reported it."),
    reportCount: z.number().int().describe("How many reports it has."),
    sources: z.array(z.string()).describe("The engines that reported it (pattern, taint, secrets, model)."),
    runs: z.array(z.number().int()).describe("The runs that reported it."),
    repositories: z.array(repoRef).describe("The repositories it was reported in."),
    webUrl: z.string().describe("The finding in the web app."),
    description: z.string().describe("The rule's explanation and how to fix it (markdown)."),
    reports: z
      .array(
        z
          .object({
            run: z.number().int().describe("Run id."),
            repository: repoRef,
            sha: z.string().describe("The commit reviewed."),
            location: step,
            rule: z.string().describe("Rule id."),
            engine: z.string().describe("pattern, taint, secrets or model."),
            createdAt: z.string().describe("When it was imported."),
          })
          .describe("One run's report."),
      )
      .describe("Every report, oldest first (at most 100)."),
    suggestedFix: z
      .object({
        description: z.string().describe("What the fix does (model text: shown escaped)."),
        patch: z.string().describe("A unified diff against the reviewed commit; review before applying."),
      })
      .nullable()
      .describe("A fix the newest report suggests (model findings), or null."),
    evidence: z
      .object({
        locations: z.array(step).describe("The main and related locations of the newest report."),
        flow: z.array(step).describe("Taint findings: source, steps and sink, in order."),
      })
      .describe("What the newest report shows."),
    activity: z
      .array(
        z
          .object({
            kind: z.string().describe("reported, status, severity, assignee, dismissal, decision or comment."),
            actor: userRef.nullable().describe("Who; null for the service (imports)."),
            at: z.string().describe("When."),
            before: z.unknown().describe("The value before, if any."),
            after: z.unknown().describe("The value after, if any."),
            reason: z.string().nullable().describe("The reason given, if any."),
            repository: z.number().int().nullable().describe("Repository id of a per-commit change or a report."),
            sha: z.string().nullable().describe("The commit of a per-commit change or a report."),
          })
          .describe("One change."),
      )
      .describe("Every change, oldest first (at most 500)."),
    related: z
      .object({
        sameRule: z.array(z.string()).describe("Keys of other findings of the same rule in the same file."),
        duplicates: z.array(z.string()).describe("Keys of findings marked duplicates of this one."),
      })
      .describe("Findings related to this one."),
    comments: z.array(commentSchema).describe("The comments, oldest first (at most 500)."),
    location: location.nullable().describe("Where it is at the position read (at a change's head: mapped through the diff), or null without a position."),
    cwe: z.array(z.number().int()).describe("The weaknesses (CWE ids) its rule names; empty when none."),
    references: z.array(z.string()).describe("Where to read more: the CWE definitions' pages."),
    introducedIn: z
      .object({
        run: z.number().int().describe("The change review that first reported it."),
        change: z
          .object({
            kind: z.enum(["pr", "branch"]).describe("A pull request or a branch."),
            pr: z.number().int().nullable().describe("The pull request number, or null."),
            branch: z.string().nullable().describe("The branch, or null."),
          })
          .describe("The change reviewed."),
        sha: z.string().describe("The change's head it was reported at."),
      })
      .nullable()
      .describe("When a review of a change reported it first: that change; null when a full review did."),
    position: z
      .object({
        repository: repoRef,
        at: z.string().describe("The pinned position read."),
      })
      .nullable()
      .describe("Where status and location were read, or null when the finding is in no repository."),
    asOf: z.string().describe("When this was read."),
  })
  .describe("A finding.");

/** The most findings one export (format=sarif or csv) holds; past it the request is refused, so narrow it with filters. */
export const exportCap = 20_000;

/** The findings lists' other formats over REST (`format=`, or Accept): the whole selection in one answer, up to the export cap. */
export const findingListFormats = {
  sarif: { mediaType: "application/sarif+json", description: "SARIF 2.1.0 of every matching finding, up to 20,000; limit and cursor do not apply" },
  csv: { mediaType: "text/csv", description: "CSV (RFC 4180, a header row) of every matching finding, up to 20,000; limit and cursor do not apply" },
} as const satisfies Record<string, { mediaType: string; description: string }>;
