// `crs admin secret-key rotate`: every sealed value is opened with the current key and sealed with
// the new one, with the new key check value, in one transaction. Without CRS_SECRET_KEY on an
// embedded store, the new key replaces the data dir's key file after the commit.
import { randomBytes } from "node:crypto";
import { parseSecretKey } from "../../kernel/config-values.ts";
import { invalidField } from "../../kernel/errors.ts";
import type { ConnectionDeps } from "./connections.ts";
import { rename, writeFile } from "node:fs/promises";
import { replaceSetting } from "../identity/index.ts";
import { checkValue, keyFilePath, open, readingKey, seal } from "./secret-key.ts";

export async function rotateSecretKey(deps: ConnectionDeps, newKeyText: string | undefined): Promise<{ connections: number; keyFile: string | null }> {
  const old = await readingKey(deps.config, deps.store);
  const next = newKeyText === undefined ? randomBytes(32) : parseSecretKey(newKeyText);
  if (!next) throw invalidField("--new-key-stdin", "The new key is 32 bytes, as 64 hex digits or base64.");
  const useFile = newKeyText === undefined && !deps.config.secretKey;
  // The new key is on disk before any row is sealed with it (secret-key.next); renamed over the
  // key file once the transaction committed. A crash in between leaves both files: the .next one opens the rows.
  const nextFile = `${keyFilePath(deps.config.dataDir)}.next`;
  if (useFile) await writeFile(nextFile, `${next.toString("base64")}\n`, { mode: 0o600 });
  const count = await deps.store.db.transaction().execute(async (tx) => {
    const rows = await tx.selectFrom("connections").select(["repository_id", "credentials_enc", "webhook_secret_enc"]).execute();
    for (const r of rows) {
      const cred = `connection:${r.repository_id}:credentials`;
      const hook = `connection:${r.repository_id}:webhook-secret`;
      await tx
        .updateTable("connections")
        .set({
          credentials_enc: seal(next, open(old, r.credentials_enc, cred), cred),
          webhook_secret_enc: seal(next, open(old, r.webhook_secret_enc, hook), hook),
        })
        .where("repository_id", "=", r.repository_id)
        .execute();
    }
    const check = checkValue(next);
    await replaceSetting(tx, check.key, check.value);
    return rows.length;
  });
  if (useFile) await rename(nextFile, keyFilePath(deps.config.dataDir));
  return { connections: count, keyFile: useFile ? keyFilePath(deps.config.dataDir) : null };
}
