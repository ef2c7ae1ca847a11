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

test("a store migrated up to 013 upgrades to 014: stored confidences stay and any other value reads medium", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "crs-upgrade-"));
  const schema = usingPostgres ? unique("up_") : undefined;
  const opts = { dataDir, databaseUrl: process.env.DATABASE_URL, ...(schema ? { schema } : {}) };
  const old = await openStore({ ...opts, migrate: false });
  try {
    const db = old.db as unknown as Kysely<any>;
    await sql`create table if not exists ${sql.table(ledgerTable)} (name text primary key, applied_at text not null)`.execute(db);
    const all = migrations(old.engine);
    for (const name of Object.keys(all).sort().filter((n) => n < "014")) {
      await all[name]!.up(db);
      await db.insertInto(ledgerTable).values({ name, applied_at: new Date().toISOString() }).execute();
    }
    const at = new Date().toISOString();
    const ws = await db.insertInto("workspaces").values({ slug: unique("ws"), name: "Old", created_at: at }).returning("id").executeTakeFirstOrThrow();
    for (const [n, confidence] of [[1, "low"], [2, "high"], [3, "certain"]] as const) {
      await db.insertInto("findings").values({
        workspace_id: ws.id, number: n, fingerprint: `fp${n}`, rule_id: "r", title: "t", description: "d", severity: "high", confidence, engine: "pattern",
        cwe_json: "[]", tags_json: "[]", first_run_id: 1, first_observed_at: at, last_run_id: 1, report_count: 1,
      }).execute();
    }
  } finally {
    await old.close();
  }
  for (let i = 0; i < 2; i++) {
    const upgraded = await openStore(opts);
    try {
      const rows = await upgraded.db.selectFrom("findings").select(["number", "confidence"]).orderBy("number").execute();
      assert.deepEqual(rows.map((r) => [r.number, r.confidence]), [[1, "low"], [2, "high"], [3, "medium"]]);
      if (i === 1 && schema) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(upgraded.db);
    } finally {
      await upgraded.close();
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
});

test("a store migrated up to 014 upgrades to 015: runs keep their rows, show no model stage, and the model tables exist", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "crs-upgrade-"));
  const schema = usingPostgres ? unique("up_") : undefined;
  const opts = { dataDir, databaseUrl: process.env.DATABASE_URL, ...(schema ? { schema } : {}) };
  const old = await openStore({ ...opts, migrate: false });
  const at = new Date().toISOString();
  try {
    const db = old.db as unknown as Kysely<any>;
    await sql`create table if not exists ${sql.table(ledgerTable)} (name text primary key, applied_at text not null)`.execute(db);
    const all = migrations(old.engine);
    for (const name of Object.keys(all).sort().filter((n) => n < "015")) {
      await all[name]!.up(db);
      await db.insertInto(ledgerTable).values({ name, applied_at: at }).execute();
    }
    const ws = await db.insertInto("workspaces").values({ slug: "old", name: "old", created_at: at }).returning("id").executeTakeFirstOrThrow();
    const user = await db.insertInto("users").values({ username: "old", email: "old@example.test", created_at: at }).returning("id").executeTakeFirstOrThrow();
    const repo = await db.insertInto("repositories").values({
      workspace_id: ws.id, full_name: "o/r", full_name_key: "o/r", remote: "/nowhere", created_at: at,
    }).returning("id").executeTakeFirstOrThrow();
    await db.insertInto("runs").values({
      workspace_id: ws.id, repository_id: repo.id, created_by: user.id, kind: "full", trigger: "api", title: "old run", state: "complete",
      sha: "a".repeat(40), targets_json: "[]", focuses_json: "[]", documents_json: "[]", scope_json: "[]", price_cents: 12,
      request_hash: "h", stages_json: "[]", created_at: at,
    }).execute();
  } finally {
    await old.close();
  }
  const upgraded = await openStore(opts);
  try {
    const runs = await upgraded.db.selectFrom("runs").select(["title", "price_cents", "model_json", "model_cents"]).execute();
    assert.deepEqual(runs.map((r) => ({ ...r })), [{ title: "old run", price_cents: 12, model_json: null, model_cents: 0 }]);
    assert.deepEqual(await upgraded.db.selectFrom("run_model_chunks").selectAll().execute(), []);
    assert.deepEqual(await upgraded.db.selectFrom("workspace_model_settings").selectAll().execute(), []);
    if (schema) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(upgraded.db);
  } finally {
    await upgraded.close();
  }
  rmSync(dataDir, { recursive: true, force: true });
});
