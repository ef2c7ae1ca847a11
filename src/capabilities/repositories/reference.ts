// The spec's "Repository reference": `owner/name` or a numeric id, in paths as two segments.
// One parser and one resolver, used by every operation that takes a repository.
import { AppError } from "../../kernel/errors.ts";
import type { Store } from "../../platform/store/index.ts";

export type RepositoryRef = { id: number } | { fullName: string };

const maxId = 2 ** 31 - 1;
const segment = /^[A-Za-z0-9._-]{1,100}$/;

/** Parses `owner/name`, a numeric id (number or decimal string); undefined when malformed. */
export function parseRepositoryRef(value: string | number): RepositoryRef | undefined {
  if (typeof value === "number") return Number.isSafeInteger(value) && value > 0 ? { id: value } : undefined;
  if (/^\d{1,15}$/.test(value)) return Number(value) > 0 ? { id: Number(value) } : undefined;
  const parts = value.split("/");
  if (parts.length !== 2 || !parts.every((p) => segment.test(p) && p !== "." && p !== "..")) return undefined;
  return { fullName: value };
}

/** Marks the two-segment path form of a numeric id: GET /repositories/42/- is repository 42. */
const idPathPlaceholder = "-";

/**
 * From path segments {owner}/{repo}: `owner/name`, or a numeric id given as the owner with repo "-"
 * (e.g. /repositories/42/-). A full name is never `<digits>/-`, so the two forms cannot collide.
 */
function refFromPath(owner: string, repo: string): RepositoryRef | undefined {
  if (repo === idPathPlaceholder) return /^\d{1,15}$/.test(owner) ? parseRepositoryRef(owner) : undefined;
  return parseRepositoryRef(`${owner}/${repo}`);
}

/** True for a full name that would read as the id path form (`42/-`); such names are refused. */
export function isIdPathForm(fullName: string): boolean {
  const [owner, repo] = fullName.split("/");
  return repo === idPathPlaceholder && /^\d+$/.test(owner ?? "");
}

export function invalidRepositoryRef(field = "repository"): AppError {
  return new AppError("invalid_request", "A repository is owner/name or a numeric id.", {
    details: { issues: [{ path: field, message: "expected owner/name or a numeric id" }] },
  });
}

/** The repository row in the caller's workspace, or 404 (also for another workspace's id). */
export async function resolveRepository(store: Store, workspaceId: number, ref: RepositoryRef) {
  // Ids are 32-bit on PostgreSQL (serial): a larger one names nothing, and must not reach the query.
  if ("id" in ref && ref.id > maxId) throw new AppError("not_found", "No such repository in this workspace.");
  let q = store.db.selectFrom("repositories").selectAll().where("workspace_id", "=", workspaceId);
  q = "id" in ref ? q.where("id", "=", ref.id) : q.where("full_name_key", "=", ref.fullName.toLowerCase());
  const row = await q.executeTakeFirst();
  if (!row) throw new AppError("not_found", "No such repository in this workspace.");
  return row;
}

export type RepositoryRow = Awaited<ReturnType<typeof resolveRepository>>;

/** The workspace's repositories with these ids (others are left out), by full name: one read however many. */
export async function repositoriesByIds(store: Store, workspaceId: number, ids: number[]): Promise<RepositoryRow[]> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return [];
  return store.db.selectFrom("repositories").selectAll().where("workspace_id", "=", workspaceId).where("id", "in", wanted).orderBy("full_name_key").execute();
}

/** The repository named by the path segments {owner}/{repo}; 400 when malformed, 404 when not in the workspace. */
export async function repositoryFromPath(store: Store, workspaceId: number, owner: string, repo: string): Promise<RepositoryRow> {
  const ref = refFromPath(owner, repo);
  if (!ref) throw invalidRepositoryRef("owner");
  return resolveRepository(store, workspaceId, ref);
}
