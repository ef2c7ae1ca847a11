// repositories' `crs` commands (gathered by npm run gen:cli): list, view and the refs of one.
import type { CommandSpec } from "../../kernel/ui/cli.ts";
import { record, table, type Out } from "../../kernel/ui/output.ts";

function repository(o: Out, b: any): void {
  record(o, b, ["id", "fullName", "defaultBranch", "access", "mirror.state", "mirror.lastSyncedAt", "mirror.reason", "webUrl"]);
  const c = b.connection;
  if (!c) return;
  const p = c.policy;
  record(
    o,
    {
      ...c,
      autoReview: p.autoReview ? "on" : "off",
      forks: p.forks ? "on" : "off",
      focuses: p.focuses.join(", ") || "-",
      caps: `${p.maxRunPriceCents ?? "-"} per run, ${p.dailyCapCents ?? "-"} per day`,
      inline: p.inlineComments,
      failAt: p.failAtSeverity,
    },
    ["host", "hostRepo", "access", "webhook", "autoReview", "forks", "focuses", "caps", "inline", "failAt"],
  );
  if (c.lastDeliveries.length) table(o, c.lastDeliveries, ["receivedAt", "event", "state", "outcome"]);
}

function refs(o: Out, b: any): void {
  const shortSha = (rows: any[]) => rows.map((r) => ({ ...r, sha: o.tty ? String(r.sha).slice(0, 12) : r.sha, reviewed: r.reviewed ? "reviewed" : "" }));
  const groups: Array<[string, any[]]> = [
    ["branches", b.branches.map((r: any) => ({ ...r, kind: "branch", name: r.name === b.defaultBranch ? `${r.name} (default)` : r.name }))],
    ["pull requests", b.pullRequests.map((r: any) => ({ ...r, kind: "pr", name: String(r.number) }))],
    ["tags", b.tags.map((r: any) => ({ ...r, kind: "tag" }))],
  ];
  // One table: the kind column keeps branches, pull requests and tags apart in a pipe too.
  table(
    o,
    groups.flatMap(([, rows]) => shortSha(rows)),
    ["kind", "name", "sha", "reviewed"],
  );
  if (o.tty) o.err(`as of ${b.asOf}`);
}

const repo = { name: "OWNER/REPO", field: "repo" };

export const commands: CommandSpec[] = [
  { name: ["repos", "list"], op: "list_repositories", columns: ["fullName", "defaultBranch", "access", "mirror.state", "mirror.lastSyncedAt"] },
  { name: ["repos", "view"], op: "get_repository", args: [repo], view: repository, web: (b) => b.webUrl },
  { name: ["repos", "refs"], op: "list_refs", args: [repo], view: refs },
];
