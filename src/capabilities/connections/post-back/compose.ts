// What crs writes on a pull request: the summary comment, an inline comment per new finding, the
// reply when a push fixed one, and the status line. Finding titles, rule ids and paths come from
// code, rules or a model and are escaped (escape.ts); links point only at crs's own pages.
import type { Severity } from "../types.ts";
import { code, plain } from "./escape.ts";

export interface PostFinding {
  id: number;
  key: string;
  title: string;
  severity: Severity;
  ruleId: string;
  location: { path: string; startLine: number; endLine: number };
  /** new: not present at the change's base. */
  baseline: "new" | "unchanged" | null;
  webUrl: string;
}

const order: Severity[] = ["critical", "high", "medium", "low", "info"];
const rank = (s: Severity): number => order.length - order.indexOf(s);
export const bySeverity = (a: PostFinding, b: PostFinding): number => rank(b.severity) - rank(a.severity) || a.id - b.id;

/** Marks crs's own comments (an HTML comment renders nothing): the summary, and each finding's. */
const summaryMarker = "<!-- crs:summary -->";
const findingMarker = (id: number) => `<!-- crs:finding:${id} -->`;

export interface SummaryInput {
  runId: number;
  runUrl: string;
  headSha: string;
  costCents: number;
  failAt: Severity;
  /** Findings the run reports that are open (not dismissed, not triaged away). */
  open: PostFinding[];
  /** New ones that got no inline comment (over the policy's number, or outside the diff). */
  notInline: PostFinding[];
  fixed: number;
}

function money(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

function line(f: PostFinding): string {
  const where = code(`${f.location.path}:${f.location.startLine}`);
  return `- **${f.severity}** [${plain(f.key, 20)} ${plain(f.title, 160)}](${f.webUrl}) ${where}${f.baseline === "new" ? " · new" : ""}`;
}

/** Whether the new findings fail the check at the policy's severity, and the status text. */
export function verdict(open: PostFinding[], failAt: Severity): { failing: PostFinding[]; description: string } {
  const failing = open.filter((f) => f.baseline === "new" && rank(f.severity) >= rank(failAt));
  const description =
    failing.length === 0
      ? `No new findings at ${failAt} or above (${open.length} in the change)`
      : `${failing.length} new finding${failing.length === 1 ? "" : "s"} at ${failAt} or above`;
  return { failing, description };
}

export function summaryBody(s: SummaryInput): string {
  const { failing, description } = verdict(s.open, s.failAt);
  const fresh = s.open.filter((f) => f.baseline === "new");
  const counts = order
    .map((sev) => ({ sev, all: s.open.filter((f) => f.severity === sev).length, fresh: fresh.filter((f) => f.severity === sev).length }))
    .filter((c) => c.all > 0);
  const parts = [
    summaryMarker,
    `### crs review: ${failing.length > 0 ? "changes requested" : "passed"}`,
    "",
    `${description}. Reviewed ${code(s.headSha.slice(0, 12))} · cost ${money(s.costCents)} · [run ${s.runId}](${s.runUrl})`,
  ];
  if (counts.length > 0) {
    parts.push("", "| severity | findings | new in this change |", "|---|---|---|", ...counts.map((c) => `| ${c.sev} | ${c.all} | ${c.fresh} |`));
    parts.push("", "**Top findings**", "", ...[...s.open].sort(bySeverity).slice(0, 10).map(line));
  }
  if (s.notInline.length > 0) {
    const shown = [...s.notInline].sort(bySeverity).slice(0, 50);
    parts.push("", `<details><summary>${s.notInline.length} new finding${s.notInline.length === 1 ? "" : "s"} not commented inline</summary>`, "");
    parts.push(...shown.map(line));
    if (s.notInline.length > shown.length) parts.push(`- … and ${s.notInline.length - shown.length} more on [the run's page](${s.runUrl})`);
    parts.push("", "</details>");
  }
  if (s.fixed > 0) parts.push("", `${s.fixed} finding${s.fixed === 1 ? "" : "s"} commented on earlier ${s.fixed === 1 ? "is" : "are"} fixed by this push.`);
  return parts.join("\n");
}

export function inlineBody(f: PostFinding): string {
  return [
    `**${f.severity}** · ${plain(f.key, 20)} · ${code(f.ruleId, 120)}`,
    "",
    plain(f.title, 500),
    "",
    `[Open in crs](${f.webUrl})`,
    findingMarker(f.id),
  ].join("\n");
}

export function fixedReply(headSha: string): string {
  return `Fixed in ${code(headSha.slice(0, 12))}: crs no longer reports this finding.`;
}
