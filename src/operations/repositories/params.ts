// The {owner}/{repo} path parameters every repository operation takes, and the `repository`
// input (owner/name or id) of operations that filter or attach by repository.
import { z } from "zod";
import { invalidRepositoryRef, parseRepositoryRef, resolveRepository, type RepositoryRow } from "../../domain/repositories/reference.ts";
import type { Store } from "../../store/index.ts";

export const ownerParam = z.string().min(1).max(100)
  .describe("Owner part of the repository's owner/name, or its numeric id when repo is \"-\" (e.g. /repositories/42/-).");
export const repoParam = z.string().min(1).max(100)
  .describe("Name part of the repository's owner/name, or \"-\" when owner is the numeric id.");

/** The repository a `repository` input names; 400 when malformed, 404 when not in the workspace. */
export async function repositoryFromParam(store: Store, workspaceId: number, value: string | number): Promise<RepositoryRow> {
  const ref = parseRepositoryRef(value);
  if (!ref) throw invalidRepositoryRef();
  return resolveRepository(store, workspaceId, ref);
}

/** The id of an optional `repository` filter; undefined when none was given. */
export async function optionalRepositoryId(store: Store, workspaceId: number, value: string | number | undefined): Promise<number | undefined> {
  return value === undefined ? undefined : (await repositoryFromParam(store, workspaceId, value)).id;
}
