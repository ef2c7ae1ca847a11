// Upload URLs are credentials: an HMAC-SHA256 over the slot id, the workspace and the expiry, keyed
// with the server secret (shared by every instance through the settings table).
import { createHmac, timingSafeEqual } from "node:crypto";

function mac(secret: Buffer, workspaceId: number, slotId: string, expiresUnix: number): Buffer {
  return createHmac("sha256", secret).update(`crs-upload:v1\n${workspaceId}\n${slotId}\n${expiresUnix}`).digest();
}

export function signUpload(secret: Buffer, workspaceId: number, slotId: string, expiresUnix: number): string {
  return mac(secret, workspaceId, slotId, expiresUnix).toString("base64url");
}

/** Constant-time check of a signature taken from a URL. */
export function verifyUpload(secret: Buffer, workspaceId: number, slotId: string, expiresUnix: number, signature: string): boolean {
  const expected = mac(secret, workspaceId, slotId, expiresUnix);
  const given = Buffer.from(signature, "base64url");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function uploadUrl(baseUrl: string, secret: Buffer, workspaceId: number, slotId: string, expiresUnix: number): string {
  const signature = signUpload(secret, workspaceId, slotId, expiresUnix);
  return `${baseUrl}/uploads/${workspaceId}/${slotId}?expires=${expiresUnix}&signature=${signature}`;
}
