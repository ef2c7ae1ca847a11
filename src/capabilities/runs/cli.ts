// runs' `crs` commands (gathered by npm run gen:cli): estimate, list, view, cancel and a run's findings;
// `runs start` and `runs watch` are written by the client (confirm, wait) on the spec given here.
import { Option } from "commander";
import { UsageError, type CommandSpec, type Positional } from "../../kernel/ui/cli.ts";
import { record, table, type Out } from "../../kernel/ui/output.ts";
import { findingColumns } from "../findings/cli.ts";

/** `--pr N` / `--branch B [--since SHA]` for the change of a change review. */
const changeOptions = () => [
  new Option("--pr <n>", "Review the changes of this pull request (a change review)."),
  new Option("--branch <name>", "Review the changes of this branch since it left the default branch (or --since)."),
  new Option("--since <sha>", "With --branch: review the changes since this commit."),
];

function changeOf(input: Record<string, unknown>, opts: Record<string, unknown>): Record<string, unknown> {
  if (opts.pr !== undefined && opts.branch !== undefined) throw new UsageError("give --pr or --branch, not both");
  if (opts.since !== undefined && opts.branch === undefined) throw new UsageError("--since goes with --branch");
  if (input.at !== undefined && (opts.pr !== undefined || opts.branch !== undefined)) {
    throw new UsageError(`--at is for a full review; a change review (--${opts.pr !== undefined ? "pr" : "branch"}) has no --at`);
  }
  if (opts.pr !== undefined) input.change = { pr: /^\d+$/.test(String(opts.pr)) ? Number(opts.pr) : opts.pr };
  else if (opts.branch !== undefined) input.change = { branch: opts.branch, ...(opts.since !== undefined ? { since: opts.since } : {}) };
  return input;
}

function estimate(o: Out, b: any): void {
  record(o, b, ["kind", "priceCents", ...(b.model ? ["model.lines", "model.priceCents"] : []), "balanceCents", "expiresAt"]);
  table(
    o,
    b.targets.map((t: any) => ({ ...t, sha: o.tty ? String(t.sha).slice(0, 12) : t.sha })),
    ["repository", "at", "sha", "files", "lines"],
  );
}

function run(o: Out, b: any): void {
  record(o, { ...b, error: b.error ? `${b.error.code}: ${b.error.message}` : null }, [
    "id",
    "title",
    "state",
    "stage",
    "kind",
    "priceCents",
    "costCents",
    "findings.total",
    "findings.new",
    // A skipped model stage is one line and its reason; one that ran shows what it did.
    ...(!b.model
      ? []
      : b.model.state === "skipped"
        ? ["model.state", "model.reason"]
        : ["model.state", "model.requests", "model.tokensIn", "model.tokensOut", "model.dropped", "model.reason", "model.refundedCents"]),
    // Posting back on a connected pull request: its state, the host's last error, the comment.
    ...(b.delivery ? ["delivery.state", ...(b.delivery.lastError ? ["delivery.lastError"] : []), "pullRequestCommentUrl"] : []),
    "createdAt",
    "endedAt",
    "error",
    "webUrl",
  ]);
}

const request = {
  args: [{ name: "OWNER/REPO", field: "repository" }],
  options: changeOptions,
  prepare: (i: Record<string, unknown>, o: Record<string, unknown>) => ({ input: changeOf(i, o) }),
};
const one: Positional = { name: "RUN", field: "run" };

export const commands: CommandSpec[] = [
  { name: ["runs", "estimate"], op: "estimate_run", ...request, view: estimate },
  { name: ["runs", "list"], op: "list_runs", columns: ["id", "state", "stage", "title", "priceCents", "findings.total", "createdAt"] },
  { name: ["runs", "view"], op: "get_run", args: [one], view: run, web: (b) => b.webUrl },
  {
    name: ["runs", "cancel"],
    op: "cancel_run",
    args: [one],
    view: (o, body) => {
      run(o, body.run);
      o.err(`cancellation: ${body.result}`);
    },
  },
  { name: ["runs", "findings"], op: "list_run_findings", args: [one], columns: findingColumns },
  { name: ["runs", "start"], op: "start_run", ...request, skip: ["maxPriceCents", "quote", "requestId"], handwritten: true },
];
