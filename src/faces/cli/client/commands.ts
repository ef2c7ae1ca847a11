// The commands people expect, each mapped onto one operation of the table (gh-style grouping).
// Flags, help and validation come from the operation's input schema; this table adds only what a
// schema cannot say: the command's name, its positional arguments and how its answer is shown.
import { Option } from "commander";
import { UsageError } from "./schema-flags.ts";
import { views, type View } from "./views.ts";

export interface Positional {
  /** Shown in usage, e.g. OWNER/REPO or FINDING... */
  name: string;
  /** The input field it fills; "repo" fills {owner}/{repo} path parameters. */
  field: string;
  optional?: boolean;
  variadic?: boolean;
}

export interface CommandSpec {
  name: [string, string] | [string];
  op: string;
  /** Help line (default: the operation's summary). */
  summary?: string;
  args?: Positional[];
  /** Input fields not offered as flags (set by the command itself). */
  skip?: string[];
  /** Extra options the schema does not have, turned into input by `prepare`. */
  options?: () => Option[];
  /** Last word on the input (and the operation) before the call. */
  prepare?: (input: Record<string, unknown>, opts: Record<string, unknown>) => { op?: string; input: Record<string, unknown> };
  /** Paginated: the answer's `items` are rows with these columns. */
  columns?: string[];
  view?: View;
  /** The object's page in the web app, from the answer: offers --web. */
  web?: (body: any) => string | null;
}

const repo: Positional = { name: "OWNER/REPO", field: "repo" };
const finding: Positional = { name: "FINDING", field: "finding" };
const run: Positional = { name: "RUN", field: "run" };
const findingColumns = ["key", "severity", "confidence", "status", "title", "location", "repository", "firstObservedAt"];

/** `--pr N` / `--branch B [--since SHA]` for the change of a change review. */
export const changeOptions = () => [
  new Option("--pr <n>", "Review the changes of this pull request (a change review)."),
  new Option("--branch <name>", "Review the changes of this branch since it left the default branch (or --since)."),
  new Option("--since <sha>", "With --branch: review the changes since this commit."),
];

export function changeOf(input: Record<string, unknown>, opts: Record<string, unknown>): Record<string, unknown> {
  if (opts.pr !== undefined && opts.branch !== undefined) throw new UsageError("give --pr or --branch, not both");
  if (opts.since !== undefined && opts.branch === undefined) throw new UsageError("--since goes with --branch");
  if (input.at !== undefined && (opts.pr !== undefined || opts.branch !== undefined)) throw new UsageError(`--at is for a full review; a change review (--${opts.pr !== undefined ? "pr" : "branch"}) has no --at`);
  if (opts.pr !== undefined) input.change = { pr: /^\d+$/.test(String(opts.pr)) ? Number(opts.pr) : opts.pr };
  else if (opts.branch !== undefined) input.change = { branch: opts.branch, ...(opts.since !== undefined ? { since: opts.since } : {}) };
  return input;
}

const runRequest = { args: [{ name: "OWNER/REPO", field: "repository" }], options: changeOptions, prepare: (i: Record<string, unknown>, o: Record<string, unknown>) => ({ input: changeOf(i, o) }) };

export const commandSpecs: CommandSpec[] = [
  { name: ["me"], op: "get_me", view: views.me },
  { name: ["members", "list"], op: "list_members", columns: ["username", "name", "email", "role"] },
  { name: ["repos", "list"], op: "list_repositories", columns: ["fullName", "defaultBranch", "access", "mirror.state", "mirror.lastSyncedAt"] },
  { name: ["repos", "view"], op: "get_repository", args: [repo], view: views.repository, web: (b) => b.webUrl },
  { name: ["repos", "refs"], op: "list_refs", args: [repo], view: views.refs },
  { name: ["focuses", "list"], op: "list_focuses", columns: ["slug", "title", "revision"] },
  { name: ["focuses", "view"], op: "get_focus", args: [{ name: "SLUG", field: "focus" }], view: views.focus, web: (b) => b.webUrl },
  {
    name: ["findings", "list"], op: "list_findings", columns: findingColumns,
    summary: "List the workspace's findings, or one repository's at a position (--repository, --at)",
    options: () => [
      new Option("--repository <owner/repo>", "Only this repository, at its default branch head or --at (its inbox at a position)."),
      new Option("--at <position>", "With --repository: default, branch:<name>[@<sha>], pr:<number>[@<sha>] or commit:<sha>."),
    ],
    prepare: (input, opts) => {
      if (opts.repository === undefined && opts.at !== undefined) throw new UsageError("--at needs --repository (a position is one repository's)");
      if (opts.repository === undefined) return { input };
      const [owner, repo] = String(opts.repository).split("/");
      return { op: "list_repository_findings", input: { ...input, owner, repo: repo ?? "", ...(opts.at !== undefined ? { at: opts.at } : {}) } };
    },
  },
  { name: ["findings", "view"], op: "get_finding", args: [finding], view: views.finding, web: (b) => b.webUrl },
  {
    name: ["findings", "update"], op: "update_findings", args: [{ name: "FINDING...", field: "findings", variadic: true }],
    summary: "Change the status, severity, assignee or dismissal of findings (assignee none unassigns)",
    prepare: (input) => {
      // What the server would refuse anyway, said before the request and in the flags' words.
      if (input.status === undefined && input.severity === undefined && input.assignee === undefined && input.dismissed === undefined) {
        throw new UsageError("give at least one of --status, --severity, --assignee or --dismissed");
      }
      if ((input.status !== undefined || input.dismissed === true) && input.reason === undefined) {
        throw new UsageError(`--reason is required with ${input.status !== undefined ? `--status ${String(input.status)}` : "--dismissed"}`);
      }
      return { input: input.assignee === "none" ? { ...input, assignee: null } : input };
    },
    view: (o, body) => views.rows(o, body.findings, findingColumns),
  },
  { name: ["findings", "comment"], op: "comment_on_finding", args: [finding], view: views.comment },
  { name: ["runs", "estimate"], op: "estimate_run", ...runRequest, view: views.estimate },
  { name: ["runs", "list"], op: "list_runs", columns: ["id", "state", "stage", "title", "priceCents", "findings.total", "createdAt"] },
  { name: ["runs", "view"], op: "get_run", args: [run], view: views.run, web: (b) => b.webUrl },
  { name: ["runs", "cancel"], op: "cancel_run", args: [run], view: (o, body) => { views.run(o, body.run); o.err(`cancellation: ${body.result}`); } },
  { name: ["runs", "findings"], op: "list_run_findings", args: [run], columns: findingColumns },
  { name: ["documents", "list"], op: "list_documents", columns: ["id", "kind", "title", "sizeBytes", "repository", "createdAt", "archived"] },
  { name: ["documents", "view"], op: "get_document", args: [{ name: "DOCUMENT", field: "document" }], view: views.document },
  { name: ["documents", "archive"], op: "archive_document", args: [{ name: "DOCUMENT", field: "document" }], view: views.document },
];
