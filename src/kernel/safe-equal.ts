// One constant-time comparison for every secret crs checks (webhook signatures and tokens, PKCE
// challenges, quote and upload signatures, token checksums). timingSafeEqual throws on unequal
// lengths, and checking the lengths first tells an attacker how long the secret is; comparing
// fixed-size SHA-256 digests of both sides instead takes the same time whatever the lengths are.
import { createHash, timingSafeEqual } from "node:crypto";

// A string is hashed as its UTF-8 bytes, so "é" and Buffer.from("é") compare equal.
const digest = (v: string | Buffer): Buffer => createHash("sha256").update(v).digest();

/** True when `a` and `b` hold the same bytes (strings as UTF-8); the time taken does not depend on where they differ. */
export function safeEqual(a: string | Buffer, b: string | Buffer): boolean {
  return timingSafeEqual(digest(a), digest(b));
}
