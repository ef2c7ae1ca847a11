// Token format: <prefix> + 30 base62 characters (~178 random bits) + 6 base62 characters of a CRC32
// checksum, as GitHub's tokens: a secret scanner can tell a real token from noise offline.
import { createHash, randomBytes } from "node:crypto";
import { crc32 } from "node:zlib";
import { safeEqual } from "./safe-equal.ts";

export const tokenPrefixes = { api_key: "svcp_", oauth_access: "svca_", oauth_refresh: "svcr_" } as const;
export type TokenKind = keyof typeof tokenPrefixes;

const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const bodyLength = 30;
const checksumLength = 6;

function base62(n: number, width: number): string {
  let out = "";
  for (let i = 0; i < width; i++) {
    out = alphabet[n % 62] + out;
    n = Math.floor(n / 62);
  }
  return out;
}

function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const b of randomBytes(length * 2)) {
      if (b < 248 && out.length < length) out += alphabet[b % 62]; // 248 = 4*62: no modulo bias
    }
  }
  return out;
}

export function generateToken(kind: TokenKind): string {
  const head = tokenPrefixes[kind] + randomBase62(bodyLength);
  return head + base62(crc32(head), checksumLength);
}

const shape = /^(svcp_|svca_|svcr_)[0-9A-Za-z]{36}$/;

/** True when the string has a token's shape and its checksum matches. */
export function hasValidChecksum(token: string): boolean {
  if (!shape.test(token)) return false;
  const head = token.slice(0, token.length - checksumLength);
  return safeEqual(base62(crc32(head), checksumLength), token.slice(-checksumLength));
}

export function tokenKind(token: string): TokenKind | undefined {
  for (const [kind, prefix] of Object.entries(tokenPrefixes)) if (token.startsWith(prefix)) return kind as TokenKind;
  return undefined;
}

/** Tokens are stored only as this hash; lookup by hash is an exact index match, not a comparison. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
