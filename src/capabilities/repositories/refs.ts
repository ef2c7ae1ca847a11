// The refs listing of a repository: branches, pull requests and tags from the mirror's snapshot,
// filtered by a case-insensitive name, cut to `limit` per list, each head marked reviewed or not.
import type { MirrorPool } from "../../platform/codehost/index.ts";
import type { Store } from "../../platform/store/index.ts";
import { usableMirror } from "./availability.ts";
import type { RepositoryRow } from "./reference.ts";
import { reviewedShas } from "./reviewed.ts";

export interface RefsQuery {
  /** Case-insensitive substring of the name; for pull requests, of the number (a leading # is ignored). */
  q?: string | undefined;
  /** Per list. */
  limit: number;
}

export async function listRefs(deps: { store: Store; mirrors: MirrorPool }, workspaceId: number, row: RepositoryRow, query: RefsQuery) {
  const mirror = usableMirror(deps.mirrors, row);
  const snapshot = await mirror.listRefs();
  const needle = (query.q ?? "").toLowerCase();
  const prNeedle = needle.replace(/^#/, "");
  const matches = (name: string) => needle === "" || name.toLowerCase().includes(needle);
  const branches = needle ? snapshot.branches.filter((b) => matches(b.name)) : snapshot.branches;
  const tags = needle ? snapshot.tags.filter((t) => matches(t.name)) : snapshot.tags;
  const pulls = needle ? snapshot.pullRequests.filter((p) => String(p.number).includes(prNeedle)) : snapshot.pullRequests;
  const shown = { branches: branches.slice(0, query.limit), tags: tags.slice(0, query.limit), pulls: pulls.slice(0, query.limit) };
  const reviewed = await reviewedShas(
    deps.store,
    workspaceId,
    row.id,
    [...shown.branches, ...shown.tags, ...shown.pulls].map((r) => r.sha),
  );
  return {
    defaultBranch: row.default_branch_override ?? snapshot.defaultBranch,
    branches: shown.branches.map((b) => ({ name: b.name, sha: b.sha, reviewed: reviewed.has(b.sha) })),
    pullRequests: shown.pulls.map((p) => ({ number: p.number, ref: p.ref, sha: p.sha, reviewed: reviewed.has(p.sha) })),
    tags: shown.tags.map((t) => ({ name: t.name, sha: t.sha, reviewed: reviewed.has(t.sha) })),
    matched: { branches: branches.length, pullRequests: pulls.length, tags: tags.length },
    asOf: snapshot.syncedAt ?? row.last_synced_at ?? new Date(0).toISOString(),
    nextCursor: null,
  };
}
