// Where a triage change applies: the positions a finding is listed at (the one named, or each
// repository's default head, or where it was last reported), and the changed findings as items there.
import { AppError } from "../../kernel/errors.ts";
import { usableMirror } from "../repositories/index.ts";
import type { RepositoryRow } from "../repositories/index.ts";
import { findingKey, toItems } from "./items.ts";
import { lastReportedAt, positionFor, type Position } from "./lookup.ts";
import { positionView } from "./position.ts";
import { effectiveSeverity, type FindingRow, type Status } from "./status.ts";
import type { ListDeps as Deps } from "./views.ts";

export interface Place {
  pos: Position;
  status: Status;
  location: { path: string; startLine: number; endLine: number };
}
export type At = { repository?: RepositoryRow | undefined; at?: string | undefined };

/** The finding as listed at one position; 404 when it is not listed there (neither present nor fixed). */
async function listedAt(deps: Deps, workspaceId: number, f: FindingRow, pos: Position, now: Date): Promise<Place | null> {
  const view = await positionView(deps.store, usableMirror(deps.mirrors, pos.repository), workspaceId, pos.repository.id, pos.sha, now);
  const entry = view.entries.find((e) => e.finding.id === f.id);
  return entry ? { pos, status: entry.status, location: entry.location } : null;
}

/** Without at, a finding the default head lacks is changed where it was last reported (README: positions). */
async function lastListed(deps: Deps, workspaceId: number, f: FindingRow, repository: RepositoryRow, now: Date): Promise<Place | null> {
  const pos = await lastReportedAt(deps, workspaceId, f, repository);
  return pos && listedAt(deps, workspaceId, f, pos, now);
}

/**
 * Where a change applies. With `at` (or `repository`), at that one position, which needs a
 * repository when the finding is in several. Without either, a finding in several repositories is
 * changed at each one's default head where it is listed: per-commit statuses are recorded at each,
 * finding-level changes need no choice.
 */
export async function placesOf(deps: Deps, workspaceId: number, f: FindingRow, repos: RepositoryRow[], at: At, now: Date): Promise<Place[]> {
  const notListed = (where: string, details?: Record<string, unknown>) =>
    new AppError("not_found", `Finding ${findingKey(f.number)} is not at ${where}.`, details ? { details } : {});
  if (at.repository !== undefined || at.at !== undefined || repos.length <= 1) {
    const pos = await positionFor(deps, workspaceId, f, repos, at);
    if (!pos) throw new AppError("not_found", `Finding ${findingKey(f.number)} is not in ${at.repository?.full_name ?? "any repository"}.`);
    const place =
      (await listedAt(deps, workspaceId, f, pos, now)) ?? (at.at === undefined ? await lastListed(deps, workspaceId, f, pos.repository, now) : null);
    if (!place) throw notListed(`${pos.at} in ${pos.repository.full_name}`, { at: pos.at });
    return [place];
  }
  const places: Place[] = [];
  for (const repository of repos) {
    const pos = await positionFor(deps, workspaceId, f, repos, { repository });
    const place = pos && ((await listedAt(deps, workspaceId, f, pos, now)) ?? (await lastListed(deps, workspaceId, f, repository, now)));
    if (place) places.push(place);
  }
  if (!places.length) throw notListed("the default head of any of its repositories");
  return places;
}

/** The changed findings as items, each where it was changed (the first such position), as it is now. */
export async function itemsAt(deps: Deps, workspaceId: number, ids: number[], places: Map<number, Place[]>, now: Date) {
  const rows = await deps.store.db.selectFrom("findings").selectAll().where("workspace_id", "=", workspaceId).where("id", "in", ids).execute();
  const sources = [];
  for (const id of ids) {
    const f = rows.find((r) => r.id === id)!;
    const { pos } = places.get(id)![0]!;
    const fresh = await listedAt(deps, workspaceId, f, pos, now);
    sources.push({
      finding: f,
      status: fresh?.status ?? "open",
      severity: effectiveSeverity(f),
      location: fresh?.location ?? { path: "", startLine: 0, endLine: 0 },
      repository: { id: pos.repository.id, fullName: pos.repository.full_name },
    });
  }
  return toItems(deps.store, sources, deps.config.baseUrl);
}
