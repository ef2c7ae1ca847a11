// The repository a `repository` input (owner/name or id) names, for operations that filter or
// attach by repository. The {owner}/{repo} path parameters are in params.def.ts.
import { invalidRepositoryRef, parseRepositoryRef, resolveRepository, type RepositoryRow } from "../reference.ts";
import type { Store } from "../../../platform/store/index.ts";

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
