// Registering, listing and removing a workspace's repositories. Registration validates the remote
// (git will act on it), derives the full name and web URL, and asks for a first sync.
import { fullNameFromRemote, parseRemote, webUrlFromRemote } from "../../platform/codehost/index.ts";
import { AppError, invalidField } from "../../kernel/errors.ts";
import type { Store } from "../../platform/store/index.ts";
import { bytewise } from "../../platform/store/collate.ts";
import { branchNameProblem } from "./positions/index.ts";
import { isIdPathForm, parseRepositoryRef, resolveRepository, type RepositoryRef, type RepositoryRow } from "./reference.ts";
import { wakeSyncScheduler } from "./scheduler.ts";
import type { RepoDeps } from "./types.ts";
import { keysetPage } from "../../platform/store/page.ts";
import { isUniqueViolation } from "../../platform/store/unique.ts";

export interface RegisterInput {
  workspaceId: number;
  /** https://, ssh://, git://, file://, scp-like host:path, or an absolute local path. */
  remote: string;
  /** owner/name; defaults to the remote's last two path segments. */
  name?: string | undefined;
  /** Overrides the remote's HEAD as the default branch. */
  defaultBranch?: string | undefined;
  /** Added from the web app: every sync checks the host against the web policy again. */
  webAdded?: boolean;
}

/**
 * Registers a repository. With `background` (the default) its first sync is requested: the sync
 * scheduler of a running server (this process or another sharing the store) picks it up. Without,
 * the caller syncs it (syncRepository). 409 conflict when the name is taken in the workspace.
 */
export async function registerRepository(deps: RepoDeps, input: RegisterInput, opts: { background?: boolean } = {}): Promise<RepositoryRow> {
  parseRemote(input.remote);
  const fullName = input.name ?? fullNameFromRemote(input.remote);
  if (fullName === null) throw invalidField("name", "The remote's path has fewer than two segments; give the name as owner/name.");
  const ref = parseRepositoryRef(fullName);
  // A part starting with '-' reads as an option wherever the name meets a command line.
  if (!ref || !("fullName" in ref) || isIdPathForm(fullName) || fullName.split("/").some((p) => p.startsWith("-"))) {
    throw invalidField(
      "name",
      `"${fullName.slice(0, 210)}" is not a valid owner/name (letters, digits, '.', '_' and '-', up to 100 each, not starting with '-').`,
    );
  }
  if (input.defaultBranch !== undefined) {
    const problem = branchNameProblem(input.defaultBranch);
    if (problem || input.defaultBranch.length > 255) throw invalidField("defaultBranch", `The default branch name ${problem ?? "is too long"}.`);
  }
  const key = fullName.toLowerCase();
  const taken = () =>
    deps.store.db.selectFrom("repositories").select("id").where("workspace_id", "=", input.workspaceId).where("full_name_key", "=", key).executeTakeFirst();
  const conflict = () => new AppError("conflict", `A repository named ${fullName} is already registered in this workspace.`);
  if (await taken()) throw conflict();
  const now = new Date().toISOString();
  const background = opts.background ?? true;
  let row: RepositoryRow;
  try {
    row = await deps.store.db
      .insertInto("repositories")
      .values({
        workspace_id: input.workspaceId,
        full_name: fullName,
        full_name_key: key,
        remote: input.remote,
        web_url: webUrlFromRemote(input.remote),
        default_branch_override: input.defaultBranch ?? null,
        default_branch: input.defaultBranch ?? null,
        mirror_reason: null,
        mirror_message: null,
        last_synced_at: null,
        last_attempt_at: null,
        access_reason: null,
        sync_owner: null,
        sync_lease_until: null,
        sync_requested_at: background ? now : null,
        created_at: now,
        web_added: input.webAdded ? 1 : 0,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (err) {
    // Two registrations of one name at once: the unique index refuses the second.
    if (isUniqueViolation(err)) throw conflict();
    throw err;
  }
  if (background) wakeSyncScheduler(deps);
  return row;
}

export interface ListCursor {
  k: string;
  i: number;
}

/** One page of the workspace's repositories, sorted by full name (case-insensitively, byte order) then id. */
export async function listRepositories(store: Store, workspaceId: number, page: { limit: number; after?: ListCursor | undefined }) {
  const key = bytewise(store.engine, "full_name_key");
  let q = store.db.selectFrom("repositories").selectAll().where("workspace_id", "=", workspaceId);
  if (page.after) {
    const { k, i } = page.after;
    q = q.where((eb) => eb.or([eb(key, ">", k), eb.and([eb(key, "=", k), eb("id", ">", i)])]));
  }
  const rows = await q
    .orderBy(key)
    .orderBy("id")
    .limit(page.limit + 1)
    .execute();
  const { items, last } = keysetPage(rows, page.limit);
  return { items, next: last ? { k: last.full_name_key, i: last.id } : null };
}

/** Every repository of a workspace (operator listings). */
export async function allRepositories(store: Store, workspaceId: number): Promise<RepositoryRow[]> {
  const out: RepositoryRow[] = [];
  let after: ListCursor | undefined;
  for (;;) {
    const page = await listRepositories(store, workspaceId, { limit: 100, after });
    out.push(...page.items);
    if (!page.next) return out;
    after = page.next;
  }
}

/** Deletes the repository (its reviewed-commit records go with it) and its mirror directory. */
export async function removeRepository(deps: RepoDeps, workspaceId: number, ref: RepositoryRef): Promise<RepositoryRow> {
  const row = await resolveRepository(deps.store, workspaceId, ref);
  await deps.store.db.deleteFrom("repositories").where("workspace_id", "=", workspaceId).where("id", "=", row.id).execute();
  await deps.mirrors.remove(row.id);
  return row;
}

/** Asks for a sync; a running server's scheduler (any process sharing the store) starts it shortly. */
export async function requestSync(deps: RepoDeps, workspaceId: number, ref: RepositoryRef): Promise<RepositoryRow> {
  const row = await resolveRepository(deps.store, workspaceId, ref);
  const now = new Date().toISOString();
  await deps.store.db.updateTable("repositories").set({ sync_requested_at: now }).where("workspace_id", "=", workspaceId).where("id", "=", row.id).execute();
  wakeSyncScheduler(deps);
  return { ...row, sync_requested_at: now };
}
