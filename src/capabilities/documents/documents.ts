// Context documents: uploaded files or text notes supplied to runs. Identical content (same SHA-256)
// in a workspace is one active document; archived documents are hidden from lists and refused by runs.
import { readFile } from "node:fs/promises";
import { AppError } from "../../kernel/errors.ts";
import type { Store } from "../../platform/store/index.ts";
import { contentPath } from "./storage.ts";
import { keysetPage } from "../../platform/store/page.ts";
import { usernames } from "../identity/index.ts";
import { repositoriesByIds } from "../repositories/index.ts";

export interface DocumentView {
  id: number;
  kind: "upload" | "note";
  title: string;
  filename: string | null;
  contentType: string | null;
  sizeBytes: number;
  sha256: string;
  repository: { id: number; fullName: string } | null;
  createdBy: { id: number; username: string };
  createdAt: string;
  archived: boolean;
  archivedAt: string | null;
}

function baseQuery(store: Store, workspaceId: number) {
  return store.db
    .selectFrom("documents as d")
    .select([
      "d.id",
      "d.kind",
      "d.title",
      "d.filename",
      "d.content_type",
      "d.size_bytes",
      "d.sha256",
      "d.created_at",
      "d.archived_at",
      "d.created_by",
      "d.repository_id",
    ])
    .where("d.workspace_id", "=", workspaceId);
}

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>["executeTakeFirstOrThrow"]>>;

/** The rows as views, their creators' and repositories' names read in one batch each (identity's, repositories'). */
async function toViews<R extends Row>(store: Store, workspaceId: number, rows: R[]): Promise<Array<{ row: R; view: DocumentView }>> {
  const names = await usernames(
    store,
    rows.map((r) => r.created_by),
  );
  const repositoryIds = rows.flatMap((r) => (r.repository_id === null ? [] : [r.repository_id]));
  const repositories = new Map((await repositoriesByIds(store, workspaceId, repositoryIds)).map((r) => [r.id, r.full_name]));
  return rows.map((r) => {
    const fullName = r.repository_id === null ? undefined : repositories.get(r.repository_id);
    const view: DocumentView = {
      id: r.id,
      kind: r.kind,
      title: r.title,
      filename: r.filename,
      contentType: r.content_type,
      sizeBytes: r.size_bytes,
      sha256: r.sha256,
      repository: r.repository_id !== null && fullName !== undefined ? { id: r.repository_id, fullName } : null,
      createdBy: { id: r.created_by, username: names.get(r.created_by) ?? "" },
      createdAt: r.created_at,
      archived: r.archived_at !== null,
      archivedAt: r.archived_at,
    };
    return { row: r, view };
  });
}

/** The document, archived or not; 404 for an unknown id or another workspace's. */
export async function getDocument(store: Store, workspaceId: number, id: number): Promise<DocumentView> {
  const row = await baseQuery(store, workspaceId).where("d.id", "=", id).executeTakeFirst();
  if (!row) throw new AppError("not_found", "No such document in this workspace.");
  return (await toViews(store, workspaceId, [row]))[0]!.view;
}

export interface DocumentPage {
  items: DocumentView[];
  nextBeforeId: number | null;
}

/** Newest first; archived documents only when includeArchived (then together with active ones). */
export async function listDocuments(
  store: Store,
  workspaceId: number,
  opts: { limit: number; beforeId?: number; repositoryId?: number; includeArchived?: boolean },
): Promise<DocumentPage> {
  let q = baseQuery(store, workspaceId);
  if (!opts.includeArchived) q = q.where("d.archived_at", "is", null);
  if (opts.repositoryId !== undefined) q = q.where("d.repository_id", "=", opts.repositoryId);
  if (opts.beforeId !== undefined) q = q.where("d.id", "<", opts.beforeId);
  const rows = await q
    .orderBy("d.id", "desc")
    .limit(opts.limit + 1)
    .execute();
  const { items, last } = keysetPage(rows, opts.limit);
  return { items: (await toViews(store, workspaceId, items)).map((x) => x.view), nextBeforeId: last?.id ?? null };
}

/** Archives a document: its creator or an admin; a member archiving another's gets 403. Idempotent. */
export async function archiveDocument(
  store: Store,
  actor: { workspaceId: number; userId: number; role: "admin" | "member" },
  id: number,
  now = new Date(),
): Promise<DocumentView> {
  const doc = await getDocument(store, actor.workspaceId, id);
  if (doc.createdBy.id !== actor.userId && actor.role !== "admin") {
    throw new AppError("forbidden", "Only the document's creator or an owner may archive it.");
  }
  if (doc.archived) return doc;
  await store.db
    .updateTable("documents")
    .set({ archived_at: now.toISOString(), archived_by: actor.userId })
    .where("workspace_id", "=", actor.workspaceId)
    .where("id", "=", id)
    .where("archived_at", "is", null)
    .execute();
  return getDocument(store, actor.workspaceId, id);
}

export interface RunDocument extends DocumentView {
  /** The note's text, or null for an upload (read it with readDocumentContent). */
  text: string | null;
}

/** The documents a new run may use: 404 for unknown ids, 409 conflict for archived ones. */
export async function documentsForRun(store: Store, workspaceId: number, ids: readonly number[]): Promise<RunDocument[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await baseQuery(store, workspaceId).select("d.note_text").where("d.id", "in", unique).execute();
  const found = new Map(rows.map((r) => [r.id, r]));
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length) throw new AppError("not_found", `No such document in this workspace: ${missing.join(", ")}.`, { details: { documents: missing } });
  const archived = unique.filter((id) => found.get(id)!.archived_at !== null);
  if (archived.length) {
    throw new AppError("conflict", `Archived documents cannot be used by new runs: ${archived.join(", ")}.`, {
      details: { reason: "document_archived", documents: archived },
    });
  }
  return (
    await toViews(
      store,
      workspaceId,
      unique.map((id) => found.get(id)!),
    )
  ).map(({ row, view }) => ({ ...view, text: row.note_text }));
}

/** A document's bytes: the note's text, or the stored file of an upload. */
export async function readDocumentContent(dataDir: string, workspaceId: number, doc: RunDocument): Promise<Buffer> {
  if (doc.text !== null) return Buffer.from(doc.text, "utf8");
  return readFile(contentPath(dataDir, workspaceId, doc.sha256));
}
