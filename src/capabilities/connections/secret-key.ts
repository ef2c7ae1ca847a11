// The server key that encrypts code-host credentials at rest (AES-256-GCM, node:crypto). It comes
// from CRS_SECRET_KEY or, on a single embedded server (no DATABASE_URL), from a key file generated
// into the data dir. A key check value in the settings table (a constant encrypted under the key,
// written with the first credential) makes a missing or wrong key fail at start with a clear
// message instead of at the first webhook.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Config } from "../../kernel/config.ts";
import { parseSecretKey } from "../../kernel/config-values.ts";
import { AppError } from "../../kernel/errors.ts";
import type { Store } from "../../platform/store/index.ts";
import { addSetting, readSetting } from "../identity/index.ts";

const checkKey = "secret_key_check";
const checkPlain = "crs secret key check v1";

export function keyFilePath(dataDir: string): string {
  return join(dataDir, "secret-key");
}

class SecretKeyError extends Error {}

/** Encrypts `plain` bound to `context` (the row and field it belongs to, so values cannot be swapped). */
export function seal(key: Buffer, plain: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
}

/** Decrypts a sealed value; throws SecretKeyError when the key or the context is wrong or the text was altered. */
export function open(key: Buffer, sealed: string, context: string): string {
  const [v, iv, tag, body] = sealed.split(".");
  if (v !== "v1" || iv === undefined || tag === undefined || body === undefined) throw new SecretKeyError("not a sealed value");
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretKeyError("the value does not open with this key");
  }
}

type KeyConfig = Pick<Config, "secretKey" | "databaseUrl" | "dataDir">;

/** The configured key, the embedded key file's, or null when there is none (yet). */
function configuredKey(config: KeyConfig): Buffer | null {
  if (config.secretKey) return parseSecretKey(config.secretKey);
  if (config.databaseUrl) return null;
  const file = keyFilePath(config.dataDir);
  return existsSync(file) ? parseSecretKey(readFileSync(file, "utf8")) : null;
}

async function storedCheck(store: Store): Promise<string | undefined> {
  return readSetting(store.db, checkKey);
}

/**
 * The start check of `crs serve` and `crs worker`: when credentials are stored (the check value
 * exists), the key must be there and must be the one they were sealed with.
 */
export async function verifySecretKey(config: KeyConfig, store: Store): Promise<void> {
  const check = await storedCheck(store);
  if (check === undefined) return;
  const key = configuredKey(config);
  if (!key) {
    throw new SecretKeyError(
      config.databaseUrl
        ? "code-host connections are stored encrypted but CRS_SECRET_KEY is not set; set it to the key they were made with"
        : `code-host connections are stored encrypted but neither CRS_SECRET_KEY nor the key file ${keyFilePath(config.dataDir)} is there`,
    );
  }
  try {
    open(key, check, checkKey);
  } catch {
    throw new SecretKeyError("CRS_SECRET_KEY is not the key the stored code-host credentials were encrypted with (the key check value does not match)");
  }
}

// A key once checked against the store's check value, per store and configured key: webhooks open
// a secret on every delivery. Rotation writes a new check value, which a new process checks again.
const checked = new WeakMap<Store, { text: string | undefined; key: Buffer }>();

/** The key for reading credentials: a clear server error when it is missing or wrong. */
export async function readingKey(config: KeyConfig, store: Store): Promise<Buffer> {
  const hit = checked.get(store);
  if (hit && hit.text === config.secretKey && config.secretKey !== undefined) return hit.key;
  await verifySecretKey(config, store).catch((err: unknown) => {
    throw new AppError("internal_error", "The server key for code-host credentials is missing or wrong; see the server log.", { cause: err });
  });
  const key = configuredKey(config);
  if (!key) throw new AppError("internal_error", "No code-host credentials are stored.");
  checked.set(store, { text: config.secretKey, key });
  return key;
}

/**
 * The key for sealing new credentials: on an embedded server without CRS_SECRET_KEY the key file is
 * generated; with DATABASE_URL the key must be configured. Writes the check value on first use.
 */
export async function sealingKey(config: KeyConfig, store: Store): Promise<Buffer> {
  await verifySecretKey(config, store);
  let key = configuredKey(config);
  if (!key) {
    if (config.databaseUrl) {
      throw new AppError("conflict", "Set CRS_SECRET_KEY (32 bytes: openssl rand -base64 32) on every server and worker before connecting a repository.");
    }
    key = randomBytes(32);
    await writeKeyFile(config.dataDir, key);
  }
  await addSetting(store.db, checkKey, seal(key, checkPlain, checkKey));
  return key;
}

async function writeKeyFile(dataDir: string, key: Buffer): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const file = keyFilePath(dataDir);
  const tmp = `${file}.tmp-${randomBytes(4).toString("hex")}`;
  await writeFile(tmp, `${key.toString("base64")}\n`, { mode: 0o600 });
  await rename(tmp, file);
}

/** The check value for a new key (rotation writes it with the re-sealed rows). */
export function checkValue(key: Buffer): { key: string; value: string } {
  return { key: checkKey, value: seal(key, checkPlain, checkKey) };
}
