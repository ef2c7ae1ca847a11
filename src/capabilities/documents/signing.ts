// Upload URLs are credentials: an HMAC-SHA256 over the slot id, the workspace and the expiry, keyed
// with the server secret (shared by every instance through the settings table).
import { createHmac } from "node:crypto";
import { AppError } from "../../kernel/errors.ts";
import { safeEqual } from "../../kernel/safe-equal.ts";
import { slotIdPattern } from "./storage.ts";

function mac(secret: Buffer, workspaceId: number, slotId: string, expiresUnix: number): Buffer {
  return createHmac("sha256", secret).update(`crs-upload:v1\n${workspaceId}\n${slotId}\n${expiresUnix}`).digest();
}

function signUpload(secret: Buffer, workspaceId: number, slotId: string, expiresUnix: number): string {
  return mac(secret, workspaceId, slotId, expiresUnix).toString("base64url");
}

/**
 * Constant-time check of a signature taken from a URL. Only the exact text we issued is accepted:
 * base64 decoding forgives padding, `+`/`/`, stray characters and the spare bits of the last one,
 * so comparing decoded bytes would let many spellings of one signature through.
 */
function verifyUpload(secret: Buffer, workspaceId: number, slotId: string, expiresUnix: number, signature: string): boolean {
  return safeEqual(signature, signUpload(secret, workspaceId, slotId, expiresUnix));
}

export function uploadUrl(baseUrl: string, secret: Buffer, workspaceId: number, slotId: string, expiresUnix: number): string {
  const signature = signUpload(secret, workspaceId, slotId, expiresUnix);
  return `${baseUrl}/uploads/${workspaceId}/${slotId}?expires=${expiresUnix}&signature=${signature}`;
}

function refused(reason: "bad_signature" | "expired"): AppError {
  return new AppError(
    "forbidden",
    reason === "expired"
      ? "The upload URL expired; request a new upload slot."
      : "The upload URL's signature is invalid; use the url returned by request_document_upload unchanged.",
    { details: { reason } },
  );
}

/** The parts of an upload URL as received: path segments and query values, unchecked. */
export interface UploadUrlParts {
  workspace: string;
  slot: string;
  expires: unknown;
  signature: unknown;
}

/** Checks an upload URL's signature and expiry; returns the workspace and slot it grants. */
export function grantOfUploadUrl(secret: Buffer, url: UploadUrlParts, now = Date.now()): { workspaceId: number; slotId: string } {
  const { workspace, slot } = url;
  // Numbers in their canonical spelling only (no leading zeros), like the URL we issued.
  const expires = typeof url.expires === "string" && /^[1-9]\d{0,11}$/.test(url.expires) ? Number(url.expires) : undefined;
  const signature = typeof url.signature === "string" && url.signature.length <= 128 ? url.signature : undefined;
  if (!/^[1-9]\d{0,14}$/.test(workspace) || !slotIdPattern.test(slot) || expires === undefined || signature === undefined) throw refused("bad_signature");
  const workspaceId = Number(workspace);
  if (!verifyUpload(secret, workspaceId, slot, expires, signature)) throw refused("bad_signature");
  if (expires * 1000 <= now) throw refused("expired");
  return { workspaceId, slotId: slot };
}
