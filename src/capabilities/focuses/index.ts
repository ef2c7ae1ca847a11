// Focuses: workspace instruction documents that steer runs. Every change of title, emoji or
// instructions makes a new revision; old revisions are kept so a run can record what it used.
// An archived focus is hidden from the API (404) and from lists; putting it again restores it.
import { AppError } from "../../kernel/errors.ts";
import { validateFocus } from "./validate.ts";
import type { Selectable } from "kysely";
import type { Store } from "../../platform/store/index.ts";
import type { FocusesTable } from "./store.ts";
import { bytewise } from "../../platform/store/collate.ts";
import { isUniqueViolation } from "../../platform/store/unique.ts";
import { keysetPage } from "../../platform/store/page.ts";

export interface FocusRecord {
  id: number;
  slug: string;
  title: string;
  emoji: string | null;
  instructions: string;
  revision: number;
  archived: boolean;
  updatedAt: string;
}

export interface FocusInput {
  slug: string;
  title: string;
  emoji?: string | null;
  instructions: string;
}

function toRecord(r: Omit<Selectable<FocusesTable>, "workspace_id" | "created_at">): FocusRecord {
  return {
    id: r.id,
    slug: r.slug,
    title: r.title,
    emoji: r.emoji,
    instructions: r.instructions,
    revision: r.revision,
    archived: r.archived_at !== null,
    updatedAt: r.updated_at,
  };
}

/**
 * Creates or updates a focus. Identical content keeps the revision (an archived focus is restored);
 * a change bumps it and keeps the old revision. Returns the focus and whether its revision changed.
 */
export async function putFocus(store: Store, workspaceId: number, input: FocusInput, now = new Date()): Promise<{ focus: FocusRecord; changed: boolean }> {
  validateFocus(input);
  const title = input.title.trim();
  const emoji = input.emoji ?? null;
  const at = now.toISOString();
  try {
    return await putInTransaction(store, workspaceId, { ...input, title, emoji }, at);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError("conflict", "The focus was created at the same time; try again.");
    throw err;
  }
}

async function putInTransaction(store: Store, workspaceId: number, input: FocusInput & { emoji: string | null }, at: string) {
  const { title, emoji } = input;
  return store.db.transaction().execute(async (tx) => {
    const existing = await tx.selectFrom("focuses").selectAll().where("workspace_id", "=", workspaceId).where("slug", "=", input.slug).executeTakeFirst();
    if (!existing) {
      const row = await tx
        .insertInto("focuses")
        .values({
          workspace_id: workspaceId,
          slug: input.slug,
          title,
          emoji,
          instructions: input.instructions,
          revision: 1,
          archived_at: null,
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await tx
        .insertInto("focus_revisions")
        .values({ workspace_id: workspaceId, focus_id: row.id, revision: 1, title, emoji, instructions: input.instructions, created_at: at })
        .execute();
      return { focus: toRecord(row), changed: true };
    }
    const same = existing.title === title && existing.emoji === emoji && existing.instructions === input.instructions;
    if (same) {
      if (existing.archived_at === null) return { focus: toRecord(existing), changed: false };
      const row = await tx
        .updateTable("focuses")
        .set({ archived_at: null, updated_at: at })
        .where("workspace_id", "=", workspaceId)
        .where("id", "=", existing.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { focus: toRecord(row), changed: false };
    }
    const revision = existing.revision + 1;
    // The revision condition makes a concurrent put of the same focus fail instead of skipping a revision.
    const row = await tx
      .updateTable("focuses")
      .set({ title, emoji, instructions: input.instructions, revision, archived_at: null, updated_at: at })
      .where("workspace_id", "=", workspaceId)
      .where("id", "=", existing.id)
      .where("revision", "=", existing.revision)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new AppError("conflict", "The focus changed at the same time; try again.");
    await tx
      .insertInto("focus_revisions")
      .values({ workspace_id: workspaceId, focus_id: row.id, revision, title, emoji, instructions: input.instructions, created_at: at })
      .execute();
    return { focus: toRecord(row), changed: true };
  });
}

export interface FocusPage {
  items: FocusRecord[];
  /** Slug of the last item when more follow. */
  next: string | null;
}

/** Active focuses sorted by slug (byte-wise on both engines), after `afterSlug` when given. */
export async function listFocuses(
  store: Store,
  workspaceId: number,
  opts: { limit?: number; afterSlug?: string; includeArchived?: boolean } = {},
): Promise<FocusPage> {
  const slug = bytewise(store.engine, "slug");
  let q = store.db.selectFrom("focuses").selectAll().where("workspace_id", "=", workspaceId);
  if (!opts.includeArchived) q = q.where("archived_at", "is", null);
  if (opts.afterSlug !== undefined) q = q.where(slug, ">", opts.afterSlug);
  q = q.orderBy(slug);
  const limit = opts.limit;
  const rows = await (limit ? q.limit(limit + 1) : q).execute();
  const { items, last } = limit ? keysetPage(rows, limit) : { items: rows, last: undefined };
  return { items: items.map(toRecord), next: last?.slug ?? null };
}

/** The active focus with this slug, or 404 (also when archived or in another workspace). */
export async function getFocus(store: Store, workspaceId: number, slug: string): Promise<FocusRecord> {
  const row = await store.db
    .selectFrom("focuses")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where("slug", "=", slug)
    .where("archived_at", "is", null)
    .executeTakeFirst();
  if (!row) throw new AppError("not_found", "No such focus in this workspace.");
  return toRecord(row);
}

/** Archives a focus (idempotent); 404 when there is no such focus. */
export async function archiveFocus(store: Store, workspaceId: number, slug: string, now = new Date()): Promise<FocusRecord> {
  const row = await store.db.selectFrom("focuses").selectAll().where("workspace_id", "=", workspaceId).where("slug", "=", slug).executeTakeFirst();
  if (!row) throw new AppError("not_found", "No such focus in this workspace.");
  if (row.archived_at !== null) return toRecord(row);
  const updated = await store.db
    .updateTable("focuses")
    .set({ archived_at: now.toISOString() })
    .where("workspace_id", "=", workspaceId)
    .where("id", "=", row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRecord(updated);
}

/** One kept revision of a focus (for runs that recorded it), archived or not. */
export async function getFocusRevision(store: Store, workspaceId: number, slug: string, revision: number) {
  const row = await store.db
    .selectFrom("focus_revisions as r")
    .innerJoin("focuses as f", (j) => j.onRef("f.id", "=", "r.focus_id").onRef("f.workspace_id", "=", "r.workspace_id"))
    .select(["f.slug", "r.revision", "r.title", "r.emoji", "r.instructions", "r.created_at"])
    .where("r.workspace_id", "=", workspaceId)
    .where("f.slug", "=", slug)
    .where("r.revision", "=", revision)
    .executeTakeFirst();
  if (!row) throw new AppError("not_found", `No revision ${revision} of focus ${slug} in this workspace.`);
  return { slug: row.slug, revision: row.revision, title: row.title, emoji: row.emoji, instructions: row.instructions, createdAt: row.created_at };
}
