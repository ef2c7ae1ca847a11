// How each answer reads on a terminal (aligned, relative times) and in a pipe (tab-separated,
// RFC 3339 times). --json bypasses all of this and prints the response as it came.
import { record, table, type Out, styled } from "../../../kernel/ui/output.ts";
import { terminalBody } from "../../../kernel/ui/terminal.ts";

export type View = (o: Out, body: any) => void;

function section(o: Out, title: string): void {
  if (o.tty) o.write(`\n${styled(o, "bold", title)}`);
}

const text = (o: Out, s: string | null | undefined) => { if (s) o.write(terminalBody(o.tty ? `\n${s.trimEnd()}` : s.trimEnd())); };

export const views = {
  rows(o: Out, rows: Array<Record<string, unknown>>, columns: string[]): void {
    table(o, rows, columns);
  },
  me(o: Out, b: any): void {
    record(o, {
      user: b.user.username, name: b.user.name, email: b.user.email,
      workspace: b.organization.slug, role: b.organization.role,
      token: `${b.token.kind}${b.token.name ? ` ${b.token.name}` : ""}`, scopes: b.token.scopes.join(" "),
      balanceCents: b.credits.balanceCents,
      ...(b.credits.monthSpendCents !== undefined ? { monthSpendCents: b.credits.monthSpendCents, spendLimitCents: b.credits.spendLimitCents ?? "none" } : {}),
    });
  },
  repository(o: Out, b: any): void {
    record(o, b, ["id", "fullName", "defaultBranch", "access", "mirror.state", "mirror.lastSyncedAt", "mirror.reason", "webUrl"]);
  },
  refs(o: Out, b: any): void {
    const shortSha = (rows: any[]) => rows.map((r) => ({ ...r, sha: o.tty ? String(r.sha).slice(0, 12) : r.sha, reviewed: r.reviewed ? "reviewed" : "" }));
    const groups: Array<[string, any[], string[]]> = [
      ["branches", b.branches.map((r: any) => ({ ...r, kind: "branch", name: r.name === b.defaultBranch ? `${r.name} (default)` : r.name })), ["kind", "name", "sha", "reviewed"]],
      ["pull requests", b.pullRequests.map((r: any) => ({ ...r, kind: "pr", name: String(r.number) })), ["kind", "name", "sha", "reviewed"]],
      ["tags", b.tags.map((r: any) => ({ ...r, kind: "tag" })), ["kind", "name", "sha", "reviewed"]],
    ];
    // One table: the kind column keeps branches, pull requests and tags apart in a pipe too.
    table(o, groups.flatMap(([, rows]) => shortSha(rows)), ["kind", "name", "sha", "reviewed"]);
    if (o.tty) o.err(`as of ${b.asOf}`);
  },
  focus(o: Out, b: any): void {
    record(o, b, ["slug", "title", "revision", "webUrl"]);
    section(o, "Instructions");
    text(o, b.instructions);
  },
  finding(o: Out, b: any): void {
    record(o, { ...b, location: b.location ?? b.reports?.[0]?.location, rule: b.reports?.[0]?.rule, at: b.position?.at, cwe: b.cwe?.map((n: number) => `CWE-${n}`) },
      ["key", "title", "severity", "confidence", "status", "dismissed", "assignee", "location", "at", "rule", "cwe", "references", "repositories",
        "firstObservedAt", "reportCount", "webUrl"]);
    section(o, "Description");
    text(o, b.description);
    if (o.tty && b.comments?.length) {
      section(o, "Comments");
      for (const c of b.comments) o.write(terminalBody(`${c.author?.username ?? "?"} · ${c.createdAt}\n${c.body}\n`));
    }
  },
  comment(o: Out, b: any): void {
    record(o, b.comment, ["id", "finding", "author", "createdAt"]);
  },
  estimate(o: Out, b: any): void {
    record(o, b, ["kind", "priceCents", ...(b.model ? ["model.lines", "model.priceCents"] : []), "balanceCents", "expiresAt"]);
    table(o, b.targets.map((t: any) => ({ ...t, sha: o.tty ? String(t.sha).slice(0, 12) : t.sha })), ["repository", "at", "sha", "files", "lines"]);
  },
  run(o: Out, b: any): void {
    record(o, { ...b, error: b.error ? `${b.error.code}: ${b.error.message}` : null }, ["id", "title", "state", "stage", "kind", "priceCents", "costCents", "findings.total", "findings.new",
      // A skipped model stage is one line and its reason; one that ran shows what it did.
      ...(!b.model ? [] : b.model.state === "skipped" ? ["model.state", "model.reason"]
        : ["model.state", "model.requests", "model.tokensIn", "model.tokensOut", "model.dropped", "model.reason", "model.refundedCents"]),
      "createdAt", "endedAt", "error", "webUrl"]);
  },
  document(o: Out, b: any): void {
    record(o, b.document, ["id", "kind", "title", "filename", "contentType", "sizeBytes", "sha256", "repository", "createdAt", "archived"]);
  },
} satisfies Record<string, (o: Out, b: any, ...rest: any[]) => void>;
