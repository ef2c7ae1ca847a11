// Housekeeping of upload slots and files: expired slots that were never used, uploaded files nobody
// turned into a document, partial files left by a crash, and stored files no document refers to.
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import type { Store } from "../../platform/store/index.ts";
import { removeQuietly, slotIdPattern, uploadedPath } from "./storage.ts";
import { uploadedRetentionMs } from "./uploads.ts";

/** Files younger than this are never touched (an upload or a create may be moving them). */
const orphanAgeMs = 60 * 60 * 1000;
/** Used slots are kept a day (their document remembers everything else). */
const usedRetentionMs = 24 * 60 * 60 * 1000;

export interface CleanupResult {
  slots: number;
  files: number;
}

async function listDir(dir: string): Promise<string[]> {
  return readdir(dir).catch(() => []);
}

async function olderThan(path: string, cutoff: number): Promise<boolean> {
  const s = await stat(path).catch(() => undefined);
  return s !== undefined && s.mtimeMs < cutoff;
}

/**
 * Slots left `uploading` by a process that died mid-upload: a live upload writes its partial file
 * at least every body idle timeout (or is cut), so a slot whose partial files are all older than
 * `staleMs` (or gone) belongs to no live request. Its files go at once and the slot is usable again.
 */
export async function recoverUploads(store: Store, dataDir: string, staleMs: number, now = new Date()): Promise<number> {
  const stuck = await store.db.selectFrom("document_uploads").select(["workspace_id", "id"]).where("state", "=", "uploading").execute();
  let recovered = 0;
  for (const slot of stuck) {
    if (!slotIdPattern.test(slot.id)) continue;
    const dir = join(dataDir, "uploads", String(slot.workspace_id));
    const parts = (await listDir(dir)).filter((n) => n.startsWith(`${slot.id}.`) && n.endsWith(".part")).map((n) => join(dir, n));
    // Live: still there and written within the stale window.
    const written = await Promise.all(
      parts.map((p) =>
        stat(p).then(
          (st) => st.mtimeMs,
          () => -Infinity,
        ),
      ),
    );
    if (written.some((t) => t >= now.getTime() - staleMs)) continue;
    for (const p of parts) await removeQuietly(p);
    const r = await store.db
      .updateTable("document_uploads")
      .set({ state: "pending" })
      .where("workspace_id", "=", slot.workspace_id)
      .where("id", "=", slot.id)
      .where("state", "=", "uploading")
      .executeTakeFirst();
    recovered += Number(r.numUpdatedRows);
  }
  return recovered;
}

export async function cleanupUploads(store: Store, dataDir: string, now = new Date()): Promise<CleanupResult> {
  let slots = 0;
  let files = 0;
  const staleBefore = new Date(now.getTime() - uploadedRetentionMs).toISOString();
  const stale = await store.db
    .selectFrom("document_uploads")
    .select(["workspace_id", "id", "state"])
    .where((eb) =>
      eb.or([
        eb.and([eb("state", "!=", "used"), eb("expires_at", "<", staleBefore)]),
        eb.and([eb("state", "=", "used"), eb("expires_at", "<", new Date(now.getTime() - usedRetentionMs).toISOString())]),
      ]),
    )
    .execute();
  for (const s of stale) {
    if (slotIdPattern.test(s.id)) await removeQuietly(uploadedPath(dataDir, s.workspace_id, s.id));
    const r = await store.db
      .deleteFrom("document_uploads")
      .where("workspace_id", "=", s.workspace_id)
      .where("id", "=", s.id)
      .where("state", "=", s.state)
      .executeTakeFirst();
    slots += Number(r.numDeletedRows);
  }
  const cutoff = now.getTime() - orphanAgeMs;
  for (const ws of await listDir(join(dataDir, "uploads"))) {
    if (!/^\d+$/.test(ws)) continue;
    const workspaceId = Number(ws);
    for (const name of await listDir(join(dataDir, "uploads", ws))) {
      const path = join(dataDir, "uploads", ws, name);
      if (!(await olderThan(path, cutoff))) continue;
      const slotId = name.split(".")[0]!;
      const live = await store.db
        .selectFrom("document_uploads")
        .select("state")
        .where("workspace_id", "=", workspaceId)
        .where("id", "=", slotId)
        .executeTakeFirst();
      // A finished upload waiting for its document is kept; partial files and strays go.
      const keep = live?.state === "uploaded" && name === slotId;
      if (!keep) {
        await removeQuietly(path);
        files++;
      }
    }
  }
  for (const ws of await listDir(join(dataDir, "documents"))) {
    if (!/^\d+$/.test(ws)) continue;
    for (const name of await listDir(join(dataDir, "documents", ws))) {
      const path = join(dataDir, "documents", ws, name);
      if (!(await olderThan(path, cutoff))) continue;
      const doc = await store.db
        .selectFrom("documents")
        .select("id")
        .where("workspace_id", "=", Number(ws))
        .where("sha256", "=", name)
        .where("kind", "=", "upload")
        .limit(1)
        .executeTakeFirst();
      if (!doc) {
        await removeQuietly(path);
        files++;
      }
    }
  }
  return { slots, files };
}
