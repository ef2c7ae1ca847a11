// Reading runs: one by id, and the newest-first list with its filters. Every query is scoped by
// workspace; another workspace's run is 404 like one that does not exist.
import { sql } from "kysely";
import { AppError } from "../../kernel/errors.ts";
import type { Store } from "../../platform/store/index.ts";
import { keysetPage } from "../../platform/store/page.ts";
import type { RunRow } from "./view.ts";

const maxId = 2 ** 31 - 1;

export async function getRunRow(store: Store, workspaceId: number, id: number): Promise<RunRow> {
  const row =
    Number.isSafeInteger(id) && id > 0 && id <= maxId
      ? await store.db.selectFrom("runs").selectAll().where("workspace_id", "=", workspaceId).where("id", "=", id).executeTakeFirst()
      : undefined;
  if (!row) throw new AppError("not_found", "No such run in this workspace.");
  return row;
}

export interface RunFilter {
  repositoryId?: number;
  focus?: string;
  states?: string[];
  beforeId?: number;
  limit: number;
}

export async function listRunRows(store: Store, workspaceId: number, f: RunFilter): Promise<{ items: RunRow[]; nextBeforeId: number | null }> {
  let q = store.db.selectFrom("runs").selectAll().where("workspace_id", "=", workspaceId);
  if (f.repositoryId !== undefined) q = q.where("repository_id", "=", f.repositoryId);
  if (f.states?.length) q = q.where("state", "in", f.states);
  if (f.beforeId !== undefined) q = q.where("id", "<", f.beforeId);
  if (f.focus !== undefined) {
    const slug = f.focus;
    q = q.where("id", "in", (sub) => sub.selectFrom("run_focuses").select("run_id").where("workspace_id", "=", workspaceId).where("slug", "=", slug));
  }
  const rows = await q
    .orderBy("id", "desc")
    .limit(f.limit + 1)
    .execute();
  const { items, last } = keysetPage(rows, f.limit);
  return { items, nextBeforeId: last?.id ?? null };
}

/** Each repository's last complete review: the run id and when it ended (the repositories pages, through `app.lastReviews`). */
export async function lastReviews(store: Store, workspaceId: number, ids: number[]): Promise<Map<number, { run: number; at: string | null }>> {
  if (!ids.length) return new Map();
  const rows = await store.db
    .selectFrom("runs")
    .select(["repository_id", sql<number>`max(id)`.as("run")])
    .where("workspace_id", "=", workspaceId)
    .where("repository_id", "in", ids)
    .where("state", "=", "complete")
    .groupBy("repository_id")
    .execute();
  const ended = rows.length
    ? await store.db
        .selectFrom("runs")
        .select(["id", "ended_at"])
        .where("workspace_id", "=", workspaceId)
        .where(
          "id",
          "in",
          rows.map((r) => Number(r.run)),
        )
        .execute()
    : [];
  const at = new Map(ended.map((r) => [r.id, r.ended_at]));
  return new Map(rows.map((r) => [r.repository_id, { run: Number(r.run), at: at.get(Number(r.run)) ?? null }]));
}
