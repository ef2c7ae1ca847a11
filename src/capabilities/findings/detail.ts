// One finding with everything the spec's single-finding response holds, read at a position: its
// status and location there (404 when it is not at that position), reports, evidence, activity,
// related findings and comments.
import { AppError } from "../../kernel/errors.ts";
import type { MirrorPool } from "../../platform/codehost/index.ts";
import type { Store } from "../../platform/store/index.ts";
import { usableMirror } from "../repositories/index.ts";
import { firstFocusOf, runFacts } from "../runs/index.ts";
import type { RepositoryRow } from "../repositories/index.ts";
import { listComments } from "./comments.ts";
import { findingKey } from "./items.ts";
import { usernames } from "../identity/index.ts";
import { findFindings, lastReportedAt, positionFor, repositoriesOf, type Position } from "./lookup.ts";
import { positionView } from "./position.ts";
import { confidenceOf, decisionActive, effectiveSeverity, type Status } from "./status.ts";

/** A fix the reporting engine suggested (the model reviewer): a unified diff, shown, never applied. */
interface SuggestedFix {
  description: string;
  patch: string;
}

interface Step {
  path: string;
  startLine: number;
  endLine: number;
  snippet?: string;
  message?: string;
}
const step = (l: Step) => ({ path: l.path, startLine: l.startLine, endLine: l.endLine, snippet: l.snippet ?? null, message: l.message ?? null });

/** The CWE's definition page (the rules name weaknesses by CWE id and carry no other references). */
const cweUrl = (n: number) => `https://cwe.mitre.org/data/definitions/${n}.html`;

function changeRef(json: string) {
  const c = JSON.parse(json) as { kind: "pr" | "branch"; pr: number | null; branch: string | null };
  return { kind: c.kind, pr: c.pr, branch: c.branch };
}

export async function findingDetail(
  deps: { store: Store; mirrors: MirrorPool; config: { baseUrl: string } },
  workspaceId: number,
  ref: string,
  input: { repository?: RepositoryRow | undefined; at?: string | undefined },
  now: Date,
) {
  const [f] = await findFindings(deps.store, workspaceId, [ref]);
  const finding = f!;
  const repos = (await repositoriesOf(deps.store, workspaceId, [finding.id])).get(finding.id)!;
  let pos = await positionFor(deps, workspaceId, finding, repos, input);
  if (input.repository && !pos) throw new AppError("not_found", `Finding F-${finding.number} is not in ${input.repository.full_name}.`);
  let status: Status = "open";
  let located: { path: string; startLine: number; endLine: number } | null = null;
  if (pos) {
    const entryAt = async (p: Position) =>
      (await positionView(deps.store, usableMirror(deps.mirrors, p.repository), workspaceId, p.repository.id, p.sha, now)).entries.find(
        (e) => e.finding.id === finding.id,
      );
    let entry = await entryAt(pos);
    // Without at: where it was last reported when the default head does not have it (README: positions).
    const last = !entry && input.at === undefined ? await lastReportedAt(deps, workspaceId, finding, pos.repository) : null;
    if (last) {
      entry = await entryAt(last);
      if (entry) pos = last;
    }
    if (!entry) throw new AppError("not_found", `Finding F-${finding.number} is not at ${pos.at} in ${pos.repository.full_name}.`, { details: { at: pos.at } });
    status = entry.status;
    located = entry.location;
  }
  const db = deps.store.db;
  // The repositories of its reports are the finding's own (repos), named without another read; a
  // report an import added since repos was read waits for the next read.
  const repoNames = new Map(repos.map((r) => [r.id, r.full_name]));
  const reported = await db
    .selectFrom("finding_reports as r")
    .select(["r.run_id", "r.repository_id", "r.sha", "r.detail_json", "r.created_at"])
    .where("r.workspace_id", "=", workspaceId)
    .where("r.finding_id", "=", finding.id)
    .orderBy("r.id")
    .limit(100)
    .execute();
  const reports = reported.flatMap((r) => {
    const fullName = repoNames.get(r.repository_id);
    return fullName === undefined ? [] : [{ ...r, full_name: fullName }];
  });
  const firstReport = await db
    .selectFrom("finding_reports as r")
    .select(["r.run_id", "r.sha"])
    .where("r.workspace_id", "=", workspaceId)
    .where("r.finding_id", "=", finding.id)
    .orderBy("r.id")
    .limit(1)
    .executeTakeFirst();
  const firstRun = firstReport && (await runFacts(db, workspaceId, [firstReport.run_id])).get(firstReport.run_id);
  const first = firstReport && firstRun && { ...firstReport, kind: firstRun.kind, change_json: firstRun.change_json };
  const activity = await db
    .selectFrom("finding_activity")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where("finding_id", "=", finding.id)
    .orderBy("id")
    .limit(500)
    .execute();
  const sameRule = located
    ? await db
        .selectFrom("finding_presence as p")
        .innerJoin("findings as f", "f.id", "p.finding_id")
        .select("f.number")
        .distinct()
        .where("p.workspace_id", "=", workspaceId)
        .where("p.repository_id", "=", pos!.repository.id)
        .where("p.path", "=", located.path)
        .where("f.rule_id", "=", finding.rule_id)
        .where("f.id", "!=", finding.id)
        .orderBy("f.number")
        .limit(50)
        .execute()
    : [];
  const duplicates = await db
    .selectFrom("findings")
    .select("number")
    .where("workspace_id", "=", workspaceId)
    .where("duplicate_of", "=", finding.id)
    .orderBy("number")
    .limit(50)
    .execute();
  const duplicateOf =
    finding.duplicate_of === null ? null : await db.selectFrom("findings").select("number").where("id", "=", finding.duplicate_of).executeTakeFirst();
  const focus = await firstFocusOf(db, workspaceId, finding.first_run_id);
  const names = await usernames(deps.store, [finding.assignee_id, finding.decision_by, ...activity.map((a) => a.actor_id)]);
  const user = (id: number | null) => (id === null ? null : { id, username: names.get(id) ?? "" });
  const parsed = reports.map((r) => ({
    ...r,
    detail: JSON.parse(r.detail_json) as { ruleId: string; engine: string; location: Step; relatedLocations: Step[]; flow: Step[]; fix?: SuggestedFix | null },
  }));
  const newest = parsed.at(-1);
  const cwe = (JSON.parse(finding.cwe_json) as number[]).filter((n) => Number.isInteger(n) && n > 0);
  const active = decisionActive(finding, now);
  return {
    id: finding.id,
    key: findingKey(finding.number),
    title: finding.title,
    severity: effectiveSeverity(finding) as "info" | "low" | "medium" | "high" | "critical",
    status,
    confidence: confidenceOf(finding),
    investigating: finding.investigating === 1,
    decision: active
      ? { kind: finding.decision_kind!, reason: finding.decision_reason, until: finding.decision_until, by: user(finding.decision_by), at: finding.decision_at }
      : null,
    duplicateOf: duplicateOf ? findingKey(duplicateOf.number) : null,
    dismissed: finding.dismissed_at !== null,
    assignee: user(finding.assignee_id),
    focus,
    firstObservedAt: finding.first_observed_at,
    reportCount: finding.report_count,
    sources: [...new Set(parsed.map((r) => r.detail.engine))],
    runs: [...new Set(parsed.map((r) => r.run_id))],
    repositories: repos.map((r) => ({ id: r.id, fullName: r.full_name })),
    webUrl: `${deps.config.baseUrl}/app/findings/${findingKey(finding.number)}`,
    description: finding.description,
    reports: parsed.map((r) => ({
      run: r.run_id,
      repository: { id: r.repository_id, fullName: r.full_name },
      sha: r.sha,
      location: step(r.detail.location),
      rule: r.detail.ruleId,
      engine: r.detail.engine,
      createdAt: r.created_at,
    })),
    suggestedFix: newest?.detail.fix ? { description: newest.detail.fix.description, patch: newest.detail.fix.patch } : null,
    evidence: {
      locations: newest ? [step(newest.detail.location), ...newest.detail.relatedLocations.map(step)] : [],
      flow: (newest?.detail.flow ?? []).map(step),
    },
    activity: activity.map((a) => ({
      kind: a.kind,
      actor: user(a.actor_id),
      at: a.created_at,
      before: a.before_json ? JSON.parse(a.before_json) : null,
      after: a.after_json ? JSON.parse(a.after_json) : null,
      reason: a.reason,
      repository: a.repository_id,
      sha: a.sha,
    })),
    related: { sameRule: sameRule.map((r) => findingKey(r.number)), duplicates: duplicates.map((r) => findingKey(r.number)) },
    comments: await listComments(deps.store, workspaceId, finding),
    location: located,
    cwe,
    references: cwe.map(cweUrl),
    introducedIn: first?.kind === "change" && first.change_json ? { run: first.run_id, change: changeRef(first.change_json), sha: first.sha } : null,
    position: pos ? { repository: { id: pos.repository.id, fullName: pos.repository.full_name }, at: pos.at } : null,
    asOf: now.toISOString(),
  };
}
