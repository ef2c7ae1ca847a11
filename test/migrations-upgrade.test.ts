// A database made by the migrations before 013 upgrades: its data stays, and the first-party OAuth
// client crs-cli appears (once, also when the upgrade runs again).
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { sql, type Kysely } from "kysely";
import { openStore } from "../src/platform/store/index.ts";
import { ledgerTable } from "../src/platform/store/migrate.ts";
import { migrations } from "../src/platform/store/migrations/index.ts";
import { unique, usingPostgres } from "./harness.ts";

test("a store migrated up to 012 upgrades to 013: the crs-cli client is added and earlier clients are kept", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "crs-upgrade-"));
  const schema = usingPostgres ? unique("up_") : undefined;
  const opts = { dataDir, databaseUrl: process.env.DATABASE_URL, ...(schema ? { schema } : {}) };
  const old = await openStore({ ...opts, migrate: false });
  try {
    const db = old.db as unknown as Kysely<any>;
    await sql`create table if not exists ${sql.table(ledgerTable)} (name text primary key, applied_at text not null)`.execute(db);
    const all = migrations(old.engine);
    for (const name of Object.keys(all).sort().filter((n) => n < "013")) {
      await all[name]!.up(db);
      await db.insertInto(ledgerTable).values({ name, applied_at: new Date().toISOString() }).execute();
    }
    await db.insertInto("oauth_clients").values({ id: "crsc_old", name: "an older client", redirect_uris: "[\"https://app.example/cb\"]",
      created_at: new Date().toISOString() }).execute();
  } finally {
    await old.close();
  }
  for (let i = 0; i < 2; i++) {
    const upgraded = await openStore(opts);
    try {
      const rows = await upgraded.db.selectFrom("oauth_clients").select(["id", "name", "redirect_uris"]).orderBy("id").execute();
      assert.deepEqual(rows.map((r) => r.id), ["crs-cli", "crsc_old"]);
      assert.deepEqual(JSON.parse(rows[0]!.redirect_uris), ["http://127.0.0.1/callback", "http://[::1]/callback"]);
      if (i === 1 && schema) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(upgraded.db);
    } finally {
      await upgraded.close();
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
});
