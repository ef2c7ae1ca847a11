// Webhook signatures: GitHub signs the raw body with HMAC-SHA256 (X-Hub-Signature-256, through
// @octokit/webhooks-methods); GitLab sends the shared secret itself (X-Gitlab-Token). Both compared in constant time.
import { createHash, timingSafeEqual } from "node:crypto";
import { sign, verify } from "@octokit/webhooks-methods";

/** The X-Hub-Signature-256 value ("sha256=…") for a payload. */
export function signGitHubPayload(secret: string, rawBody: string | Buffer): Promise<string> {
  return sign(secret, typeof rawBody === "string" ? rawBody : rawBody.toString("utf8"));
}

/** True when `header` is the payload's X-Hub-Signature-256 under `secret`. Never throws. */
export async function verifyGitHubSignature(secret: string, rawBody: string | Buffer, header: string | undefined): Promise<boolean> {
  if (!header?.startsWith("sha256=") || secret.length === 0) return false;
  try {
    return await verify(secret, typeof rawBody === "string" ? rawBody : rawBody.toString("utf8"), header);
  } catch {
    return false;
  }
}

/** True when the X-Gitlab-Token header equals the secret; hashes first so lengths never leak. */
export function verifyGitLabToken(secret: string, header: string | undefined): boolean {
  if (!header || secret.length === 0) return false;
  const a = createHash("sha256").update(secret).digest();
  const b = createHash("sha256").update(header).digest();
  return timingSafeEqual(a, b);
}
