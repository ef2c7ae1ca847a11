// The PUT to an upload slot: the body streams to disk, hashing while writing, and the slot moves
// pending -> uploading -> uploaded; a failed upload keeps no file and gives the slot back.
import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rename } from "node:fs/promises";
import { once } from "node:events";
import type { Readable } from "node:stream";
import { AppError } from "../../kernel/errors.ts";
import type { Store } from "../../platform/store/index.ts";
import { notStored, removeQuietly, stored, uploadedPath, uploadsDir, uploadTempPath } from "./storage.ts";
import { maxUploadBytes, tooLarge } from "./uploads.ts";

/** After going over the limit, this much more is read and discarded so the client sees the 413. */
const drainBytes = 1024 * 1024;

/** pending -> uploading, atomically; a second PUT of the same slot is refused. */
async function claim(store: Store, workspaceId: number, slotId: string, now: Date): Promise<void> {
  const r = await store.db
    .updateTable("document_uploads")
    .set({ state: "uploading" })
    .where("workspace_id", "=", workspaceId)
    .where("id", "=", slotId)
    .where("state", "=", "pending")
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 1) return;
  const row = await store.db
    .selectFrom("document_uploads")
    .select(["state", "expires_at"])
    .where("workspace_id", "=", workspaceId)
    .where("id", "=", slotId)
    .executeTakeFirst();
  if (!row) throw new AppError("not_found", "No such upload slot.");
  if (row.state === "pending") throw new AppError("forbidden", "The upload slot expired; request a new one.", { details: { reason: "expired" } });
  throw new AppError(
    "conflict",
    row.state === "uploading" ? "A file is being uploaded to this slot already." : "A file was already uploaded to this slot; " + "request a new slot.",
    { details: { state: row.state } },
  );
}

async function release(store: Store, workspaceId: number, slotId: string): Promise<void> {
  await store.db
    .updateTable("document_uploads")
    .set({ state: "pending" })
    .where("workspace_id", "=", workspaceId)
    .where("id", "=", slotId)
    .where("state", "=", "uploading")
    .execute();
}

export interface Received {
  id: string;
  sizeBytes: number;
  sha256: string;
}

/** The client's body ended before its end (aborted, connection reset, cut as stalled): a 400. */
function bodyCut(err: unknown): AppError {
  return new AppError("invalid_request", "The upload ended before the whole body arrived; send the file again.", {
    details: { issues: [{ path: "(body)", message: "body cut off" }] },
    cause: err,
  });
}

/**
 * Streams `body` into the slot's file, hashing while writing. Over the limit: no file is kept, the
 * slot can be used again, and the error is payload_too_large. An empty or cut-off body is a 400, a
 * failed write a 503; neither keeps a file or the slot.
 */
export async function receiveUpload(store: Store, dataDir: string, workspaceId: number, slotId: string, body: Readable, now = new Date()): Promise<Received> {
  // The partial file exists before the slot is claimed and until it is renamed, so recovery
  // (recoverUploads) can tell a live upload by its file being written to.
  const temp = uploadTempPath(dataDir, workspaceId, slotId);
  const out = await stored(
    mkdir(uploadsDir(dataDir, workspaceId), { recursive: true }).then(async () => {
      const file = createWriteStream(temp, { flags: "wx" });
      await once(file, "open");
      return file;
    }),
  );
  // Destroying the file on purpose (over the limit) fails its unfinished writes: that is no write error.
  let discarded = false;
  let writeError: Error | undefined;
  out.on("error", (e) => void (discarded || (writeError ??= e)));
  try {
    await claim(store, workspaceId, slotId, now);
  } catch (err) {
    out.destroy();
    await removeQuietly(temp);
    throw err;
  }
  const hash = createHash("sha256");
  let size = 0;
  try {
    try {
      for await (const chunk of body as AsyncIterable<Buffer>) {
        size += chunk.length;
        // Over the limit, or the disk refused a write: keep reading (a bounded amount) without
        // writing, so the client gets the answer rather than a reset connection.
        if (size > maxUploadBytes || writeError) {
          if (!discarded) {
            discarded = true;
            out.destroy();
            await removeQuietly(temp);
          }
          if (size > maxUploadBytes + drainBytes) break;
          continue;
        }
        hash.update(chunk);
        if (!out.write(chunk)) await once(out, "drain").catch(() => {});
      }
    } catch (err) {
      // The body broke (client gone, connection cut). Refused for its size or our disk already, or cut off.
      throw writeError ? notStored(writeError) : discarded ? tooLarge() : bodyCut(err);
    }
    if (writeError) throw notStored(writeError);
    if (discarded) throw tooLarge();
    if (size === 0)
      throw new AppError("invalid_request", "The upload is empty; send the file's bytes as the body.", {
        details: { issues: [{ path: "(body)", message: "empty body" }] },
      });
    const closed = once(out, "close");
    out.end();
    await stored(closed);
    if (writeError) throw notStored(writeError);
    const sha256 = hash.digest("hex");
    const done = uploadedPath(dataDir, workspaceId, slotId);
    await stored(rename(temp, done));
    const r = await store.db
      .updateTable("document_uploads")
      .set({ state: "uploaded", size_bytes: size, sha256, uploaded_at: new Date().toISOString() })
      .where("workspace_id", "=", workspaceId)
      .where("id", "=", slotId)
      .where("state", "=", "uploading")
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) {
      // Recovery took the slot back meanwhile (this upload looked dead): keep nothing.
      await removeQuietly(done);
      throw new AppError("conflict", "The upload slot was reset while this upload finished; request a new slot.");
    }
    return { id: slotId, sizeBytes: size, sha256 };
  } catch (err) {
    out.destroy();
    await removeQuietly(temp);
    await release(store, workspaceId, slotId).catch(() => {});
    throw err;
  }
}
