// Webhook signatures: GitHub signs the raw body with HMAC-SHA256 (X-Hub-Signature-256); GitLab sends
// the shared secret itself (X-Gitlab-Token). Both compared in constant time. @octokit/webhooks-methods
// takes the payload as a string (its verify decodes nothing, so a body that is not UTF-8 could not be
// checked as the bytes GitHub signed): crs verifies over the raw bytes with node:crypto, and the
// library signs the string payloads the stand-ins and benchmarks send, an independent check of it.
import { createHmac } from "node:crypto";
import { sign } from "@octokit/webhooks-methods";
import { safeEqual } from "../../../kernel/safe-equal.ts";

/** The X-Hub-Signature-256 value ("sha256=…") for a payload; bytes are signed as they are. */
export function signGitHubPayload(secret: string, rawBody: string | Buffer): Promise<string> {
  if (typeof rawBody === "string") return sign(secret, rawBody);
  return Promise.resolve(`sha256=${createHmac("sha256", secret).update(rawBody).digest("hex")}`);
}

/** True when `header` is X-Hub-Signature-256 of exactly these bytes under `secret`. Never throws. */
export async function verifyGitHubSignature(secret: string, rawBody: string | Buffer, header: string | undefined): Promise<boolean> {
  if (!header || secret.length === 0) return false;
  const m = /^sha256=([0-9a-f]{64})$/i.exec(header);
  if (!m) return false;
  const expected = createHmac("sha256", secret)
    .update(typeof rawBody === "string" ? Buffer.from(rawBody, "utf8") : rawBody)
    .digest();
  return safeEqual(expected, Buffer.from(m[1]!, "hex"));
}

/** True when the X-Gitlab-Token header equals the secret (safeEqual: lengths never leak). */
export function verifyGitLabToken(secret: string, header: string | undefined): boolean {
  if (!header || secret.length === 0) return false;
  return safeEqual(secret, header);
}
