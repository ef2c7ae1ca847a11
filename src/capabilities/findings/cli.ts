// findings' `crs` commands (gathered by npm run gen:cli): the inbox, one finding, triage, comments.
import { Option } from "commander";
import { section, text, UsageError, type CommandSpec, type Positional } from "../../kernel/ui/cli.ts";
import { record, table, type Out } from "../../kernel/ui/output.ts";
import { terminalBody } from "../../kernel/ui/terminal.ts";

/** The columns of a list of findings (the runs capability shows a run's findings the same way). */
export const findingColumns = ["key", "severity", "confidence", "status", "title", "location", "repository", "firstObservedAt"];

function finding(o: Out, b: any): void {
  const cwe = b.cwe?.map((n: number) => `CWE-${n}`);
  record(o, { ...b, location: b.location ?? b.reports?.[0]?.location, rule: b.reports?.[0]?.rule, at: b.position?.at, cwe }, [
    "key",
    "title",
    "severity",
    "confidence",
    "status",
    "dismissed",
    "assignee",
    "location",
    "at",
    "rule",
    "cwe",
    "references",
    "repositories",
    "firstObservedAt",
    "reportCount",
    "webUrl",
  ]);
  section(o, "Description");
  text(o, b.description);
  if (o.tty && b.comments?.length) {
    section(o, "Comments");
    for (const c of b.comments) o.write(terminalBody(`${c.author?.username ?? "?"} · ${c.createdAt}\n${c.body}\n`));
  }
}

function comment(o: Out, b: any): void {
  record(o, b.comment, ["id", "finding", "author", "createdAt"]);
}

const one: Positional = { name: "FINDING", field: "finding" };

export const commands: CommandSpec[] = [
  {
    name: ["findings", "list"],
    op: "list_findings",
    columns: findingColumns,
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
  { name: ["findings", "view"], op: "get_finding", args: [one], view: finding, web: (b) => b.webUrl },
  {
    name: ["findings", "update"],
    op: "update_findings",
    args: [{ name: "FINDING...", field: "findings", variadic: true }],
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
    view: (o, body) => table(o, body.findings, findingColumns),
  },
  { name: ["findings", "comment"], op: "comment_on_finding", args: [one], view: comment },
];
