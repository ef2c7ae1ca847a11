// What a matched value is, for the secrets engine (secrets.ts): a token whose checksum proves it was issued,
// a JWT with a readable header, or a sample typed into documentation, a placeholder, a pattern of token characters.
import { crc32 } from "node:zlib";

const base62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/** Whether `token` ends in 6 base62 characters of the CRC32 of `token.slice(from, -6)`. */
function base62CrcOk(token: string, from = 0): boolean {
  let n = crc32(token.slice(from, -6));
  let sum = "";
  for (let i = 0; i < 6; i++) {
    sum = base62[n % 62] + sum;
    n = Math.floor(n / 62);
  }
  return sum === token.slice(-6);
}
/** crs tokens end in 6 base62 characters of the CRC32 of the rest: noise almost never passes. */
export const crsChecksumOk = (token: string): boolean => base62CrcOk(token);

/**
 * A value typed to look like a credential in documentation or a sample (`1234567890abcdef…`,
 * `ghp_PersonalAccessToken0000000000`): a run of five of one character or six counting ones (`123456`,
 * `abcdef`). A random secret of this length holds either about once in ten thousand.
 */
export function madeUp(s: string): boolean {
  if (/(.)\1{4}/.test(s)) return true;
  for (let i = 0, run = 1; i + 1 < s.length; i++) {
    run = s.charCodeAt(i + 1) === s.charCodeAt(i) + 1 ? run + 1 : 1;
    if (run >= 6) return true;
  }
  return false;
}

/**
 * GitHub's `gh?_` and npm's `npm_` tokens end in a CRC32 of their random part (base62, 6 characters), as crs's
 * own do: one that fails it and reads as typed by hand is a sample in a README or a test, no token.
 */
export const issuedOrRandom = (token: string): boolean => base62CrcOk(token, 4) || !madeUp(token.slice(4));

export function jwtOk(token: string): boolean {
  try {
    const header = JSON.parse(Buffer.from(token.split(".")[0]!, "base64url").toString("utf8")) as { alg?: unknown };
    return typeof header.alg === "string";
  } catch {
    return false;
  }
}

export const placeholder = new RegExp(
  String.raw`^(?:\$\{.*\}|<.*>|\{\{.*\}\}|%\(?\w*\)?s?|x+|\*+|\.+|` +
    "changeme|password|passwd|secret|example|dummy|test|pass|user|root|admin|null|none|undefined|redacted|" +
    "(?:some|my|your)[-_]?(?:password|passwd|pass|pwd|secret))$",
  "i",
);

/**
 * A value named like a secret that is none: a pattern of token characters (`"[A-Za-z0-9._~+/-]+=*"`), a URN naming a
 * token type, a path to a member (`"StreamDescription.Shards[-1].ShardId"`, an SDK paginator's output token), or the
 * endpoint a token is fetched from (`ACCESS_TOKEN_URL = "https://…/oauth2/v4/token"`: no credentials, no query and no
 * long random run in it, where a webhook's URL keeps its secret).
 */
export const notSecret = new RegExp(
  [
    String.raw`\[[^\]]*(?:A-Z|a-z|0-9)[^\]]*\]`,
    "^urn:[a-z0-9-]+:",
    String.raw`^https?:\/\/(?![^\s?#]*[A-Za-z0-9]{16})[^\s@?#]+$`,
    String.raw`^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*|\[-?\d+\])*(?:\[-?\d+\])(?:\.[A-Za-z_]\w*|\[-?\d+\])*$`,
  ].join("|"),
  "i",
);

/** Shannon entropy in bits per character. */
export function entropy(s: string): number {
  const counts = new Map<string, number>();
  for (const c of s) counts.set(c, (counts.get(c) ?? 0) + 1);
  let h = 0;
  for (const n of counts.values()) h -= (n / s.length) * Math.log2(n / s.length);
  return h;
}
