// Triage changes to one or many findings, all or nothing: status (open, fixed and false-positive
// recorded at a commit; investigating and wont-fix on the finding), severity override, assignee
// and dismissal. A change that would not alter a finding is skipped; an active wont-fix or
// risk-accepted decision refuses open and investigating (409 decision_active). Every change is
// written to the finding's activity.
import type { Kysely } from "kysely";
import { AppError, invalidField } from "../../kernel/errors.ts";
import type { Store } from "../../platform/store/index.ts";
import type { Database } from "../../platform/store/schema.ts";
import { workspaceTransaction } from "../../platform/store/write.ts";
import type { RepositoryRow } from "../repositories/index.ts";
import { findingKey } from "./items.ts";
import { assigneeFor, findFindings, repositoriesOf, type Position } from "./lookup.ts";
import { itemsAt, type Place, placesOf } from "./places.ts";
import { bumpInbox } from "./position.ts";
import { decisionActive, effectiveSeverity, type FindingRow } from "./status.ts";
import type { ListDeps } from "./views.ts";

export interface Change {
  status?: "open" | "investigating" | "fixed" | "wont-fix" | "false-positive" | undefined;
  reason?: string | undefined;
  severity?: "info" | "low" | "medium" | "high" | "critical" | undefined;
  /** Member id, email, username or "me"; null unassigns; undefined leaves it. */
  assignee?: number | string | null | undefined;
  dismissed?: boolean | undefined;
}

type Tx = Kysely<Database>;
const perCommit = new Set(["open", "fixed", "false-positive"]);

function checkChange(c: Change): void {
  if (c.status === undefined && c.severity === undefined && c.assignee === undefined && c.dismissed === undefined) {
    throw invalidField("(body)", "Give at least one of status, severity, assignee or dismissed.");
  }
  if ((c.status !== undefined || c.dismissed === true) && !c.reason?.trim()) {
    throw invalidField("reason", "A reason is required with status and with dismissed: true.");
  }
}

async function activity(
  tx: Tx,
  f: FindingRow,
  who: { workspaceId: number; userId: number },
  kind: "status" | "severity" | "assignee" | "dismissal" | "decision",
  before: unknown,
  after: unknown,
  extra: { reason?: string | undefined; pos?: Position | undefined; at: string },
) {
  await tx
    .insertInto("finding_activity")
    .values({
      workspace_id: who.workspaceId,
      finding_id: f.id,
      actor_id: who.userId,
      kind,
      before_json: JSON.stringify(before),
      after_json: JSON.stringify(after),
      repository_id: extra.pos?.repository.id ?? null,
      sha: extra.pos?.sha ?? null,
      reason: extra.reason ?? null,
      created_at: extra.at,
    })
    .execute();
}

export async function updateFindings(
  deps: ListDeps,
  who: { workspaceId: number; userId: number },
  refs: Array<string | number>,
  change: Change,
  at: { repository?: RepositoryRow | undefined; at?: string | undefined },
  now: Date,
) {
  checkChange(change);
  const findings = await findFindings(deps.store, who.workspaceId, refs);
  const assignee =
    change.assignee === undefined || change.assignee === null ? change.assignee : await assigneeFor(deps.store, who.workspaceId, who.userId, change.assignee);
  const blocked = change.status === "open" || change.status === "investigating" ? findings.filter((f) => decisionActive(f, now)) : [];
  if (blocked.length) {
    throw new AppError("decision_active", `An active decision blocks ${change.status} for ${blocked.map((f) => findingKey(f.number)).join(", ")}.`, {
      details: { findings: blocked.map((f) => ({ key: findingKey(f.number), decision: f.decision_kind })) },
    });
  }
  const repos = await repositoriesOf(
    deps.store,
    who.workspaceId,
    findings.map((f) => f.id),
  );
  const places = new Map<number, Place[]>();
  for (const f of findings) places.set(f.id, await placesOf(deps, who.workspaceId, f, repos.get(f.id)!, at, now));
  const stamp = now.toISOString();
  await workspaceTransaction(deps.store, who.workspaceId, async (tx) => {
    for (const f of findings) {
      const listed = places.get(f.id)!;
      const set: Record<string, unknown> = {};
      const s = change.status;
      if (s !== undefined && perCommit.has(s)) {
        for (const place of listed.filter((p) => p.status !== s)) {
          await tx
            .insertInto("finding_statuses")
            .values({
              workspace_id: who.workspaceId,
              repository_id: place.pos.repository.id,
              sha: place.pos.sha,
              finding_id: f.id,
              status: s as "open",
              reason: change.reason!,
              actor_id: who.userId,
              created_at: stamp,
            })
            .onConflict((oc) =>
              oc
                .columns(["workspace_id", "repository_id", "finding_id", "sha"])
                .doUpdateSet({ status: s as "open", reason: change.reason!, actor_id: who.userId, created_at: stamp }),
            )
            .execute();
          if (f.investigating) set.investigating = 0;
          await activity(tx, f, who, "status", place.status, s, { reason: change.reason, pos: place.pos, at: stamp });
        }
      } else if (s !== undefined && listed[0]!.status !== s) {
        if (s === "investigating") set.investigating = 1;
        else
          Object.assign(set, { decision_kind: "wont-fix", decision_reason: change.reason, decision_by: who.userId, decision_at: stamp, decision_until: null });
        await activity(tx, f, who, s === "wont-fix" ? "decision" : "status", listed[0]!.status, s, { reason: change.reason, at: stamp });
      }
      if (change.severity !== undefined && change.severity !== effectiveSeverity(f)) {
        set.severity_override = change.severity;
        await activity(tx, f, who, "severity", effectiveSeverity(f), change.severity, { reason: change.reason, at: stamp });
      }
      if (assignee !== undefined && assignee !== f.assignee_id) {
        set.assignee_id = assignee;
        await activity(tx, f, who, "assignee", f.assignee_id, assignee, { reason: change.reason, at: stamp });
      }
      if (change.dismissed !== undefined && change.dismissed !== (f.dismissed_at !== null)) {
        Object.assign(set, change.dismissed ? { dismissed_at: stamp, dismissed_reason: change.reason } : { dismissed_at: null, dismissed_reason: null });
        await activity(tx, f, who, "dismissal", f.dismissed_at !== null, change.dismissed, { reason: change.reason, at: stamp });
      }
      if (Object.keys(set).length) await tx.updateTable("findings").set(set).where("id", "=", f.id).where("workspace_id", "=", who.workspaceId).execute();
    }
    await bumpInbox(tx, who.workspaceId, { findings: findings.map((f) => f.id) });
  });
  return {
    findings: await itemsAt(
      deps,
      who.workspaceId,
      findings.map((f) => f.id),
      places,
      now,
    ),
    asOf: stamp,
  };
}

/** Admin acts: accept a risk until a date (or lift any decision). After `until` the finding is active again by itself. */
export async function setDecision(
  store: Store,
  workspaceId: number,
  ref: string,
  decision: { kind: "risk-accepted"; until: string; reason: string; by: number | null } | null,
  now: Date,
) {
  const [f] = await findFindings(store, workspaceId, [ref]);
  if (decision && !(decision.until > now.toISOString())) throw invalidField("until", "The acceptance must end in the future.");
  const stamp = now.toISOString();
  await workspaceTransaction(store, workspaceId, async (tx) => {
    await tx
      .updateTable("findings")
      .set(
        decision
          ? { decision_kind: "risk-accepted", decision_reason: decision.reason, decision_until: decision.until, decision_by: decision.by, decision_at: stamp }
          : { decision_kind: null, decision_reason: null, decision_until: null, decision_by: null, decision_at: null },
      )
      .where("id", "=", f!.id)
      .execute();
    await tx
      .insertInto("finding_activity")
      .values({
        workspace_id: workspaceId,
        finding_id: f!.id,
        actor_id: decision?.by ?? null,
        kind: "decision",
        before_json: JSON.stringify(f!.decision_kind),
        after_json: JSON.stringify(decision ? { kind: "risk-accepted", until: decision.until } : null),
        repository_id: null,
        sha: null,
        reason: decision?.reason ?? "decision revoked",
        created_at: stamp,
      })
      .execute();
    await bumpInbox(tx, workspaceId, { findings: [f!.id] });
  });
  return { key: findingKey(f!.number), decision: decision ? { kind: "risk-accepted", until: decision.until, reason: decision.reason } : null };
}
