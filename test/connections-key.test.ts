// The server key on a single embedded server (SQLite, no CRS_SECRET_KEY): generated into the data
// dir with the first connection, sealed values bound to their row and field, rotation replacing the
// key file. Always SQLite: the key file is the embedded store's.
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { openStore } from "../src/platform/store/index.ts";
import { keyFilePath, open, readingKey, seal, sealingKey, verifySecretKey } from "../src/capabilities/connections/secret-key.ts";
import { rotateSecretKey } from "../src/capabilities/connections/rotate.ts";

test("a sealed value opens only with its key and its context, and hides its text", async () => {
  const key = Buffer.alloc(32, 7);
  const sealed = seal(key, "ghp_secret", "connection:1:credentials");
  assert.ok(!sealed.includes("ghp_secret"));
  assert.equal(open(key, sealed, "connection:1:credentials"), "ghp_secret");
  assert.throws(() => open(key, sealed, "connection:2:credentials"), /does not open/);
  assert.throws(() => open(Buffer.alloc(32, 8), sealed, "connection:1:credentials"), /does not open/);
  const parts = sealed.split(".");
  // Change the body's first character, whose six bits are all significant (its last ones may be padding bits).
  parts[3] = (parts[3]!.startsWith("A") ? "B" : "A") + parts[3]!.slice(1);
  assert.throws(() => open(key, parts.join("."), "connection:1:credentials"), /does not open/);
});

test("embedded: the key file is made with the first connection (mode 600), checked at start, and rotation replaces it", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "crs-key-"));
  const store = await openStore({ dataDir, databaseUrl: undefined });
  const config = { secretKey: undefined, databaseUrl: undefined, dataDir };
  try {
    await verifySecretKey(config, store);
    assert.equal(existsSync(keyFilePath(dataDir)), false, "no key before a connection");
    const key = await sealingKey(config, store);
    assert.equal(statSync(keyFilePath(dataDir)).mode & 0o777, 0o600);
    assert.deepEqual(await readingKey(config, store), key);
    const before = readFileSync(keyFilePath(dataDir), "utf8");
    const r = await rotateSecretKey({ store, config }, undefined);
    assert.equal(r.keyFile, keyFilePath(dataDir));
    assert.notEqual(readFileSync(keyFilePath(dataDir), "utf8"), before);
    assert.equal(existsSync(`${keyFilePath(dataDir)}.next`), false);
    await verifySecretKey(config, store);
    await assert.rejects(verifySecretKey({ ...config, secretKey: before.trim() }, store), /not the key/);
  } finally {
    await store.close();
  }
});
