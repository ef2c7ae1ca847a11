// A repository's reviewed commits: which commits a completed review recorded, by which run, and
// whether the whole tree was reviewed (1) or a change (0); and its import version, the inbox version
// of its last findings import. The findings import writes them; the findings' positions and the refs
// listing read them.
import type { Kysely } from "kysely";
import type { Store } from "../../platform/store/index.ts";
import type { Database } from "../../platform/store/schema.ts";
import type { RepositoryRow } from "./reference.ts";

export interface ReviewedCommit {
  sha: string;
  run_id: number | null;
  reviewed_at: string;
}

/** The repository's reviewed commits of one kind: full reviews, or change reviews' heads. */
export async function reviewedCommits(db: Kysely<Database>, workspaceId: number, repositoryId: number, full: boolean): Promise<ReviewedCommit[]> {
  return db
    .selectFrom("reviewed_commits")
    .select(["sha", "run_id", "reviewed_at"])
    .where("workspace_id", "=", workspaceId)
    .where("repository_id", "=", repositoryId)
    .where("full", "=", full ? 1 : 0)
    .execute();
}

/**
 * Records a review of `sha` in the caller's transaction (the import's). A change review of a commit
 * the whole tree was reviewed at keeps it marked full.
 */
export async function recordReviewedCommit(
  db: Kysely<Database>,
  c: { workspaceId: number; repositoryId: number; sha: string; runId: number; full: boolean; at: string },
): Promise<void> {
  await db
    .insertInto("reviewed_commits")
    .values({ workspace_id: c.workspaceId, repository_id: c.repositoryId, sha: c.sha, reviewed_at: c.at, run_id: c.runId, full: c.full ? 1 : 0 })
    .onConflict((oc) =>
      oc.columns(["workspace_id", "repository_id", "sha"]).doUpdateSet((eb) => ({
        reviewed_at: c.at,
        run_id: c.runId,
        full: c.full ? 1 : eb.ref("reviewed_commits.full"),
      })),
    )
    .execute();
}

/** Which of these commits a completed review recorded. */
export async function reviewedShas(store: Store, workspaceId: number, repositoryId: number, shas: string[]): Promise<Set<string>> {
  const distinct = [...new Set(shas)];
  const found = new Set<string>();
  for (let i = 0; i < distinct.length; i += 500) {
    const rows = await store.db
      .selectFrom("reviewed_commits")
      .select("sha")
      .where("workspace_id", "=", workspaceId)
      .where("repository_id", "=", repositoryId)
      .where("sha", "in", distinct.slice(i, i + 500))
      .execute();
    for (const r of rows) found.add(r.sha);
  }
  return found;
}

/**
 * Repositories with a full review, across workspaces, newest workspaces first, at most `limit`:
 * the ones whose positions are worth computing ahead of the first reader.
 */
export async function fullyReviewedRepositories(store: Store, limit: number): Promise<RepositoryRow[]> {
  return store.db
    .selectFrom("reviewed_commits")
    .innerJoin("repositories", (j) =>
      j.onRef("repositories.workspace_id", "=", "reviewed_commits.workspace_id").onRef("repositories.id", "=", "reviewed_commits.repository_id"),
    )
    .selectAll("repositories")
    .where("reviewed_commits.full", "=", 1)
    .distinct()
    .orderBy("repositories.workspace_id", "desc")
    .orderBy("repositories.id")
    .limit(limit)
    .execute();
}

/** The inbox version of the repository's last findings import (0 before any). */
export async function importVersion(db: Kysely<Database>, workspaceId: number, repositoryId: number): Promise<number> {
  const row = await db
    .selectFrom("repositories")
    .select("import_version")
    .where("workspace_id", "=", workspaceId)
    .where("id", "=", repositoryId)
    .executeTakeFirst();
  return row?.import_version ?? 0;
}

/** Marks the repositories as imported into at inbox version `version`, in the caller's transaction. */
export async function setImportVersion(db: Kysely<Database>, workspaceId: number, repositoryIds: number[], version: number): Promise<void> {
  if (!repositoryIds.length) return;
  await db.updateTable("repositories").set({ import_version: version }).where("workspace_id", "=", workspaceId).where("id", "in", repositoryIds).execute();
}
