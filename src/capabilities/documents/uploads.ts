// Upload slots: a signed URL to PUT one file to (up to 50 MiB, valid 10 minutes); a slot takes one
// successful upload (receive.ts), then one document.
import { randomBytes } from "node:crypto";
import { AppError } from "../../kernel/errors.ts";
import type { Store } from "../../platform/store/index.ts";
import { uploadUrl } from "./signing.ts";

export const maxUploadBytes = 50 * 1024 * 1024;
const slotValidityMs = 10 * 60 * 1000;
/** An uploaded file waits this long (after the slot's expiry) for create_document. */
export const uploadedRetentionMs = 60 * 60 * 1000;

export interface UploadSlot {
  id: string;
  url: string;
  method: "PUT";
  headers: Record<string, string>;
  expiresAt: string;
  maxBytes: number;
}

export interface SlotRequest {
  workspaceId: number;
  userId: number;
  filename: string;
  contentType: string;
}

export async function requestUpload(store: Store, opts: { secret: Buffer; baseUrl: string }, input: SlotRequest, now = new Date()): Promise<UploadSlot> {
  const id = `upl_${randomBytes(16).toString("base64url")}`;
  const expiresUnix = Math.floor((now.getTime() + slotValidityMs) / 1000);
  const expiresAt = new Date(expiresUnix * 1000).toISOString();
  await store.db
    .insertInto("document_uploads")
    .values({
      workspace_id: input.workspaceId,
      id,
      user_id: input.userId,
      filename: input.filename,
      content_type: input.contentType,
      state: "pending",
      expires_at: expiresAt,
      size_bytes: null,
      sha256: null,
      document_id: null,
      created_at: now.toISOString(),
      uploaded_at: null,
    })
    .execute();
  return {
    id,
    url: uploadUrl(opts.baseUrl, opts.secret, input.workspaceId, id, expiresUnix),
    method: "PUT",
    headers: { "Content-Type": input.contentType },
    expiresAt,
    maxBytes: maxUploadBytes,
  };
}

export function tooLarge(): AppError {
  return new AppError("payload_too_large", `The file is larger than ${maxUploadBytes} bytes (50 MiB).`, { details: { limitBytes: maxUploadBytes } });
}
