// Finding references (an id or a display key F-42), the repositories a finding is in, members
// named as assignees (id, email, username or "me"), and the position a read or a change is at.
import { AppError, invalidField } from "../../kernel/errors.ts";
import type { MirrorPool } from "../../platform/codehost/index.ts";
import type { Store } from "../../platform/store/index.ts";
import { maxId } from "../../platform/store/migrations/helpers.ts";
import { memberIdsNamed } from "../identity/index.ts";
import { repositoriesByIds, resolveAt } from "../repositories/index.ts";
import { runFacts } from "../runs/index.ts";
import type { RepositoryRow } from "../repositories/index.ts";
import type { FindingRow } from "./status.ts";

/**
 * `42` or `F-42` (any case) to the number part and kind; null when well-formed but beyond the
 * 32-bit id range (it names nothing, like a missing finding); undefined when malformed.
 */
function parseFindingRef(ref: string | number): { id: number } | { number: number } | null | undefined {
  const s = String(ref).trim();
  let m = /^[1-9]\d{0,14}$/.exec(s);
  if (m) return Number(s) <= maxId ? { id: Number(s) } : null;
  m = /^[Ff]-([1-9]\d{0,14})$/.exec(s);
  if (m) return Number(m[1]) <= maxId ? { number: Number(m[1]) } : null;
  return undefined;
}

export async function findFindings(store: Store, workspaceId: number, refs: Array<string | number>): Promise<FindingRow[]> {
  const parsed = refs.map((r) => ({ ref: r, p: parseFindingRef(r) }));
  const bad = parsed.filter((x) => x.p === undefined);
  if (bad.length)
    throw invalidField(
      "findings",
      `Not a finding id or key: ${bad
        .map((b) => String(b.ref))
        .slice(0, 5)
        .join(", ")}.`,
    );
  const ids = parsed.flatMap((x) => (x.p && "id" in x.p ? [x.p.id] : []));
  const numbers = parsed.flatMap((x) => (x.p && "number" in x.p ? [x.p.number] : []));
  // Refs beyond the id range never reach the query (PostgreSQL refuses them); they are missing.
  const rows =
    ids.length + numbers.length === 0
      ? []
      : await store.db
          .selectFrom("findings")
          .selectAll()
          .where("workspace_id", "=", workspaceId)
          .where((eb) => eb.or([...(ids.length ? [eb("id", "in", ids)] : []), ...(numbers.length ? [eb("number", "in", numbers)] : [])]))
          .execute();
  const out: FindingRow[] = [];
  const missing: string[] = [];
  for (const { ref, p } of parsed) {
    const row = p && rows.find((r) => ("id" in p ? r.id === p.id : r.number === p.number));
    if (row) {
      if (!out.includes(row)) out.push(row);
    } else missing.push(String(ref));
  }
  if (missing.length)
    throw new AppError("not_found", `No such finding in this workspace: ${missing.slice(0, 10).join(", ")}.`, { details: { findings: missing } });
  return out;
}

export async function repositoriesOf(store: Store, workspaceId: number, findingIds: number[]): Promise<Map<number, RepositoryRow[]>> {
  const out = new Map<number, RepositoryRow[]>(findingIds.map((id) => [id, []]));
  if (!findingIds.length) return out;
  const pairs = await store.db
    .selectFrom("finding_reports")
    .select(["finding_id", "repository_id"])
    .distinct()
    .where("workspace_id", "=", workspaceId)
    .where("finding_id", "in", findingIds)
    .execute();
  const findingsIn = new Map<number, number[]>();
  for (const p of pairs) findingsIn.set(p.repository_id, [...(findingsIn.get(p.repository_id) ?? []), p.finding_id]);
  // By full name, as repositoriesByIds returns them.
  for (const repo of await repositoriesByIds(store, workspaceId, [...findingsIn.keys()])) {
    for (const id of findingsIn.get(repo.id)!) out.get(id)!.push(repo);
  }
  return out;
}

export interface Position {
  repository: RepositoryRow;
  sha: string;
  at: string;
}

/**
 * The repository and commit a finding is read or changed at: `repository` and `at` when given,
 * else its one repository at its default branch head. A finding in several repositories needs
 * `repository` (400 repository_required listing them).
 */
export async function positionFor(
  deps: { store: Store; mirrors: MirrorPool },
  _workspaceId: number,
  finding: FindingRow,
  repos: RepositoryRow[],
  input: { repository?: RepositoryRow | undefined; at?: string | undefined },
): Promise<Position | null> {
  let repo = input.repository;
  if (repo && !repos.some((r) => r.id === repo!.id)) return null;
  if (!repo) {
    if (repos.length > 1) {
      throw new AppError("repository_required", `Finding F-${finding.number} is in several repositories; say which with repository.`, {
        details: { repositories: repos.map((r) => ({ id: r.id, fullName: r.full_name })) },
      });
    }
    repo = repos[0];
    if (!repo) return null;
  }
  const pos = await resolveAt({ app: { mirrors: deps.mirrors } }, repo, input.at);
  return { repository: repo, sha: pos.sha, at: pos.at };
}

/**
 * Where a finding was last reported in a repository, as a pinned position: the pull request or
 * branch head a change review read, else the position a full review read (a commit when the ref has
 * moved off it since). Read and changed there when `at` is not given and the default head lacks it.
 */
export async function lastReportedAt(
  deps: { store: Store; mirrors: MirrorPool },
  workspaceId: number,
  finding: FindingRow,
  repository: RepositoryRow,
): Promise<Position | null> {
  const report = await deps.store.db
    .selectFrom("finding_reports as r")
    .select(["r.sha", "r.run_id"])
    .where("r.workspace_id", "=", workspaceId)
    .where("r.finding_id", "=", finding.id)
    .where("r.repository_id", "=", repository.id)
    .orderBy("r.id", "desc")
    .limit(1)
    .executeTakeFirst();
  const run = report && (await runFacts(deps.store.db, workspaceId, [report.run_id])).get(report.run_id);
  if (!report || !run) return null;
  const last = { sha: report.sha, kind: run.kind, at: run.at, run_sha: run.sha, change_json: run.change_json };
  let at = `commit:${last.sha}`;
  if (last.kind === "change" && last.change_json) {
    const c = JSON.parse(last.change_json) as { pr: number | null; branch: string | null; head: string };
    if (c.head === last.sha) at = c.pr !== null ? `pr:${c.pr}@${c.head}` : `branch:${c.branch}@${c.head}`;
  } else if (last.at && last.run_sha === last.sha) at = last.at;
  for (const candidate of new Set([at, `commit:${last.sha}`])) {
    try {
      const pos = await resolveAt({ app: { mirrors: deps.mirrors } }, repository, candidate);
      return { repository, sha: pos.sha, at: pos.at };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
    }
  }
  return null;
}

/** Member user ids an assignee filter names: me, an id, an email or a username (all members sharing it). */
export async function assigneeIds(store: Store, workspaceId: number, me: number, value: string): Promise<number[] | "none"> {
  if (value === "none") return "none";
  if (value === "me") return [me];
  return memberIdsNamed(store, workspaceId, value);
}

/** The one member a triage change assigns to; 400 when unknown or when a username is shared. */
export async function assigneeFor(store: Store, workspaceId: number, me: number, value: string | number): Promise<number> {
  const ids = await assigneeIds(store, workspaceId, me, String(value));
  if (ids === "none" || ids.length === 0) throw invalidField("assignee", `No member ${String(value)} in this workspace.`);
  if (ids.length > 1) throw invalidField("assignee", `Several members are called ${String(value)}; assign by id or email.`, { members: ids });
  return ids[0]!;
}
