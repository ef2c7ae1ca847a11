// Creating context documents from an uploaded file or a note. Identical content (same SHA-256) in a
// workspace is one active document: a unique index decides between concurrent creates.
import { withoutNameControls } from "../../kernel/text.ts";
import { createHash } from "node:crypto";
import { AppError } from "../../kernel/errors.ts";
import { noteLimits } from "./schemas.ts";
import type { Store } from "../../platform/store/index.ts";
import { getDocument, type DocumentView } from "./documents.ts";
import { adoptUpload, slotIdPattern } from "./storage.ts";
import { isUniqueViolation } from "../../platform/store/unique.ts";
import { uploadedRetentionMs } from "./uploads.ts";

type NewDocument = Pick<DocumentView, "kind" | "title" | "filename" | "contentType" | "sizeBytes" | "sha256"> & { noteText: string | null };

async function activeBySha(store: Store, workspaceId: number, sha256: string): Promise<number | undefined> {
  const row = await store.db
    .selectFrom("documents")
    .select("id")
    .where("workspace_id", "=", workspaceId)
    .where("sha256", "=", sha256)
    .where("archived_at", "is", null)
    .executeTakeFirst();
  return row?.id;
}

/** Inserts, or finds the active document with the same content (also when a concurrent create won). */
async function insertOrExisting(
  store: Store,
  workspaceId: number,
  userId: number,
  repositoryId: number | null,
  doc: NewDocument,
  now: Date,
): Promise<{ id: number; created: boolean }> {
  const existing = await activeBySha(store, workspaceId, doc.sha256);
  if (existing !== undefined) return { id: existing, created: false };
  try {
    const row = await store.db
      .insertInto("documents")
      .values({
        workspace_id: workspaceId,
        kind: doc.kind,
        title: doc.title,
        filename: doc.filename,
        content_type: doc.contentType,
        size_bytes: doc.sizeBytes,
        sha256: doc.sha256,
        note_text: doc.noteText,
        repository_id: repositoryId,
        created_by: userId,
        created_at: now.toISOString(),
        archived_at: null,
        archived_by: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { id: row.id, created: true };
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const winner = await activeBySha(store, workspaceId, doc.sha256);
    if (winner === undefined) throw err;
    return { id: winner, created: false };
  }
}

/** The first non-empty line, without Markdown heading marks or control characters, cut at 80 characters. */
function noteTitle(text: string): string {
  const line =
    text
      .split(/\r?\n/)
      .map((l) =>
        withoutNameControls(l)
          .replace(/^\s*#+\s*/, "")
          .replace(/\s+/g, " ")
          .trim(),
      )
      .find((l) => l.length > 0) ?? "Note";
  // Cut by code points, so a surrogate pair is never split.
  const chars = Array.from(line);
  return chars.length > 80 ? `${chars.slice(0, 79).join("")}…` : line;
}

export interface CreateInput {
  workspaceId: number;
  userId: number;
  repositoryId: number | null;
  upload?: { id: string };
  note?: { title?: string; text: string };
}

/** Creates a document; `created` is false when identical active content already existed (returned instead). */
export async function createDocument(
  store: Store,
  dataDir: string,
  input: CreateInput,
  now = new Date(),
): Promise<{ document: DocumentView; created: boolean }> {
  if (Boolean(input.upload) === Boolean(input.note)) {
    throw new AppError("invalid_request", "Give exactly one of upload or note.", {
      details: { issues: [{ path: "(body)", message: "exactly one of upload or note is required" }] },
    });
  }
  let result: { id: number; created: boolean };
  if (input.note) {
    const text = input.note.text;
    if (text.trim().length === 0 || text.length > noteLimits.text || text.includes("\u0000")) {
      throw new AppError("invalid_request", `A note's text is 1 to ${noteLimits.text} characters and not blank.`, {
        details: { issues: [{ path: "note.text", message: "blank, too long or holding NUL characters" }] },
      });
    }
    const bytes = Buffer.from(text, "utf8");
    result = await insertOrExisting(
      store,
      input.workspaceId,
      input.userId,
      input.repositoryId,
      {
        kind: "note",
        title: input.note.title?.trim() || noteTitle(text),
        filename: null,
        contentType: null,
        sizeBytes: bytes.length,
        sha256: createHash("sha256").update(bytes).digest("hex"),
        noteText: text,
      },
      now,
    );
  } else {
    result = await createFromUpload(store, dataDir, input, input.upload!.id, now);
  }
  return { document: await getDocument(store, input.workspaceId, result.id), created: result.created };
}

async function createFromUpload(store: Store, dataDir: string, input: CreateInput, slotId: string, now: Date): Promise<{ id: number; created: boolean }> {
  const slot = await store.db
    .selectFrom("document_uploads")
    .selectAll()
    .where("workspace_id", "=", input.workspaceId)
    .where("id", "=", slotId)
    .executeTakeFirst();
  if (!slotIdPattern.test(slotId)) throw new AppError("not_found", "No such upload slot.");
  // Slots are personal: another member's slot is as unknown as another workspace's.
  if (!slot || slot.user_id !== input.userId) throw new AppError("not_found", "No such upload slot.");
  if (slot.state === "used" && slot.document_id !== null) {
    const doc = await getDocument(store, input.workspaceId, slot.document_id).catch(() => undefined);
    if (doc && !doc.archived) return { id: doc.id, created: false };
    throw new AppError("conflict", "This upload already became a document, which is archived; upload the file again.", {
      details: { document: slot.document_id },
    });
  }
  if (slot.state !== "uploaded" || slot.sha256 === null || slot.size_bytes === null) {
    throw new AppError("conflict", "No file has been uploaded to this slot yet; PUT the file to the slot's url first.", { details: { state: slot.state } });
  }
  if (Date.parse(slot.expires_at) + uploadedRetentionMs < now.getTime()) {
    throw new AppError("conflict", "The uploaded file expired; request a new slot and upload again.", { details: { state: "expired" } });
  }
  if (!(await adoptUpload(dataDir, input.workspaceId, slot.id, slot.sha256))) {
    throw new AppError("conflict", "The uploaded file is no longer there; request a new slot and upload again.", { details: { state: "missing" } });
  }
  const result = await insertOrExisting(
    store,
    input.workspaceId,
    input.userId,
    input.repositoryId,
    {
      kind: "upload",
      title: slot.filename,
      filename: slot.filename,
      contentType: slot.content_type,
      sizeBytes: slot.size_bytes,
      sha256: slot.sha256,
      noteText: null,
    },
    now,
  );
  await store.db
    .updateTable("document_uploads")
    .set({ state: "used", document_id: result.id })
    .where("workspace_id", "=", input.workspaceId)
    .where("id", "=", slot.id)
    .execute();
  return result;
}
