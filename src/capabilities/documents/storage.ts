// Where document bytes live: local disk under the data directory. Uploads in progress and uploaded
// files waiting for create_document sit in uploads/<workspace>/; documents' files are stored by
// content (documents/<workspace>/<sha256>), so identical content is one file.
import { randomBytes } from "node:crypto";
import { mkdir, rename, stat, unlink, utimes } from "node:fs/promises";
import { join } from "node:path";
import { AppError } from "../../kernel/errors.ts";

export const slotIdPattern = /^upl_[A-Za-z0-9_-]{22}$/;
const shaPattern = /^[0-9a-f]{64}$/;

export function uploadsDir(dataDir: string, workspaceId: number): string {
  return join(dataDir, "uploads", String(workspaceId));
}

export function uploadTempPath(dataDir: string, workspaceId: number, slotId: string): string {
  if (!slotIdPattern.test(slotId)) throw new Error("bad slot id");
  return join(uploadsDir(dataDir, workspaceId), `${slotId}.${randomBytes(6).toString("hex")}.part`);
}

export function uploadedPath(dataDir: string, workspaceId: number, slotId: string): string {
  if (!slotIdPattern.test(slotId)) throw new Error("bad slot id");
  return join(uploadsDir(dataDir, workspaceId), slotId);
}

function contentDir(dataDir: string, workspaceId: number): string {
  return join(dataDir, "documents", String(workspaceId));
}

export function contentPath(dataDir: string, workspaceId: number, sha256: string): string {
  if (!shaPattern.test(sha256)) throw new Error("bad sha256");
  return join(contentDir(dataDir, workspaceId), sha256);
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** Our disk refused the bytes (full, unwritable): not the client's fault, and worth a retry. */
export function notStored(err: unknown): AppError {
  return new AppError("platform_unavailable", "The upload could not be stored; retry shortly.", { cause: err });
}

/** A disk operation whose failure is notStored. */
export function stored<T>(p: Promise<T>): Promise<T> {
  return p.catch((err: unknown) => {
    throw notStored(err);
  });
}

export async function removeQuietly(path: string): Promise<void> {
  await unlink(path).catch(() => {});
}

/**
 * Moves an uploaded file into the content store. Idempotent: when another request moved it (or the
 * same content is already stored), the content file is there and that is enough.
 */
export async function adoptUpload(dataDir: string, workspaceId: number, slotId: string, sha256: string): Promise<boolean> {
  const target = contentPath(dataDir, workspaceId, sha256);
  await mkdir(contentDir(dataDir, workspaceId), { recursive: true });
  try {
    await rename(uploadedPath(dataDir, workspaceId, slotId), target);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    if (!(await exists(target))) return false;
  }
  // Fresh mtime: the orphan sweep leaves young files alone while the document row is being written.
  const now = new Date();
  await utimes(target, now, now).catch(() => {});
  return true;
}
