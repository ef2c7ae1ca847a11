// The store on both engines (SQLite always; PostgreSQL when DATABASE_URL is set): migrations,
// constraints, byte-wise ordering, transactions and workspace scoping behave the same.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { sql } from "kysely";
import { openStore, type Store } from "../src/platform/store/index.ts";
import { bytewise } from "../src/platform/store/collate.ts";
import { migrations } from "../src/platform/store/migrations/index.ts";
import { unique } from "./harness.ts";

const engines = [
  { name: "sqlite", url: undefined as string | undefined },
  ...(process.env.DATABASE_URL ? [{ name: "postgres", url: process.env.DATABASE_URL }] : []),
];

async function withStore(url: string | undefined, fn: (store: Store, reopen: () => Promise<Store>) => Promise<void>): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), "crs-store-"));
  const schema = url ? unique("s_") : undefined;
  const open = () => openStore({ dataDir, databaseUrl: url, ...(schema ? { schema } : {}) });
  const store = await open();
  try {
    await fn(store, open);
  } finally {
    if (schema) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(store.db);
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const now = () => new Date().toISOString();

for (const engine of engines) {
  describe(`store on ${engine.name}`, () => {
    test("migrations run once: reopening applies nothing twice and keeps the data", () =>
      withStore(engine.url, async (store, reopen) => {
        await store.db.insertInto("workspaces").values({ slug: "keep", name: "Keep", created_at: now() }).execute();
        const again = await reopen();
        try {
          const rows = await again.db.selectFrom("workspaces").select("slug").execute();
          assert.deepEqual(
            rows.map((r) => r.slug),
            ["keep"],
          );
          const applied = await sql<{ name: string }>`select name from crs_migrations order by name`.execute(again.db);
          assert.deepEqual(
            applied.rows.map((r) => r.name),
            Object.keys(migrations(store.engine)).sort(),
          );
        } finally {
          await again.close();
        }
      }));
    test("two processes opening a fresh store at once both succeed and migrate it once", async () => {
      const dataDir = mkdtempSync(join(tmpdir(), "crs-store-"));
      const schema = engine.url ? unique("s_") : undefined;
      // Real processes: node:sqlite is synchronous, so two stores in one thread would wait on each other.
      const script = `import { openStore } from ${JSON.stringify(new URL("../src/platform/store/index.ts", import.meta.url).href)};
        const s = await openStore(JSON.parse(process.argv[1])); await s.close();`;
      const opts = JSON.stringify({ dataDir, databaseUrl: engine.url, ...(schema ? { schema } : {}) });
      const runs = [1, 2, 3].map(
        () =>
          new Promise<{ code: number; stderr: string }>((done) => {
            execFile(process.execPath, ["--input-type=module", "-e", script, opts], (err, _out, stderr) => done({ code: err ? 1 : 0, stderr }));
          }),
      );
      const ended = await Promise.all(runs);
      // A failing process says why: the race it lost is otherwise invisible in CI's log.
      assert.deepEqual(
        ended.map((r) => r.code),
        [0, 0, 0],
        ended.map((r) => r.stderr).join("\n"),
      );
      const stores = [await openStore({ dataDir, databaseUrl: engine.url, ...(schema ? { schema } : {}) })];
      try {
        const applied = await sql<{ name: string }>`select name from crs_migrations`.execute(stores[0]!.db);
        assert.equal(applied.rows.length, Object.keys(migrations(stores[0]!.engine)).length);
      } finally {
        if (schema) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(stores[0]!.db);
        for (const s of stores) await s.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
    test("unique constraints hold (workspace slug, user email, token hash)", () =>
      withStore(engine.url, async (store) => {
        await store.db.insertInto("workspaces").values({ slug: "a", name: "A", created_at: now() }).execute();
        await assert.rejects(store.db.insertInto("workspaces").values({ slug: "a", name: "A2", created_at: now() }).execute());
        await store.db
          .insertInto("users")
          .values({ email: "x@y.z", username: "x", name: null, password_hash: null, suspended: 0, created_at: now() })
          .execute();
        await assert.rejects(
          store.db.insertInto("users").values({ email: "x@y.z", username: "x2", name: null, password_hash: null, suspended: 0, created_at: now() }).execute(),
        );
      }));
    test("auto-increment ids, returning and booleans stored as integers", () =>
      withStore(engine.url, async (store) => {
        const a = await store.db.insertInto("workspaces").values({ slug: "one", name: "1", created_at: now() }).returning("id").executeTakeFirstOrThrow();
        const b = await store.db.insertInto("workspaces").values({ slug: "two", name: "2", created_at: now() }).returning("id").executeTakeFirstOrThrow();
        assert.equal(typeof a.id, "number");
        assert.equal(b.id, a.id + 1);
      }));
    test("byte-wise text ordering is the same on both engines", () =>
      withStore(engine.url, async (store) => {
        const names = ["b", "a-b", "a.b", "A", "a_b", "ab", "Z", "é", "a b"];
        for (const [i, slug] of names.entries()) {
          await store.db
            .insertInto("workspaces")
            .values({ slug: `w${i}`, name: slug, created_at: now() })
            .execute();
        }
        const rows = await store.db.selectFrom("workspaces").select("name").orderBy(bytewise(store.engine, "name")).execute();
        assert.deepEqual(
          rows.map((r) => r.name),
          [...names].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y))),
        );
      }));
    test("a failed transaction leaves nothing behind", () =>
      withStore(engine.url, async (store) => {
        await assert.rejects(
          store.db.transaction().execute(async (tx) => {
            await tx.insertInto("workspaces").values({ slug: "tx", name: "tx", created_at: now() }).execute();
            throw new Error("abort");
          }),
        );
        assert.equal((await store.db.selectFrom("workspaces").select("id").where("slug", "=", "tx").execute()).length, 0);
      }));
    test("deleting a workspace cascades to its memberships and tokens", () =>
      withStore(engine.url, async (store) => {
        const ws = await store.db.insertInto("workspaces").values({ slug: "gone", name: "g", created_at: now() }).returning("id").executeTakeFirstOrThrow();
        const u = await store.db
          .insertInto("users")
          .values({ email: "g@g.g", username: "g", name: null, password_hash: null, suspended: 0, created_at: now() })
          .returning("id")
          .executeTakeFirstOrThrow();
        await store.db.insertInto("memberships").values({ workspace_id: ws.id, user_id: u.id, role: "admin", created_at: now() }).execute();
        await store.db
          .insertInto("tokens")
          .values({
            workspace_id: ws.id,
            user_id: u.id,
            kind: "api_key",
            name: "k",
            token_hash: "h",
            scopes: "user:read",
            created_at: now(),
            last_used_at: null,
            expires_at: null,
            revoked_at: null,
          })
          .execute();
        await store.db.deleteFrom("workspaces").where("id", "=", ws.id).execute();
        assert.equal((await store.db.selectFrom("memberships").selectAll().execute()).length, 0);
        assert.equal((await store.db.selectFrom("tokens").selectAll().execute()).length, 0);
      }));
    test("sums come back as numbers", () =>
      withStore(engine.url, async (store) => {
        const ws = await store.db.insertInto("workspaces").values({ slug: "sum", name: "s", created_at: now() }).returning("id").executeTakeFirstOrThrow();
        await store.db
          .insertInto("credit_ledger")
          .values([1, 2, 3].map((n) => ({ workspace_id: ws.id, amount_cents: n * 100, kind: "grant", note: null, created_at: now() })))
          .execute();
        const r = await store.db.selectFrom("credit_ledger").select(sql<number>`sum(amount_cents)`.as("s")).executeTakeFirstOrThrow();
        assert.equal(Number(r.s), 600);
      }));
  });
}

test("SQLite: once optimize() has seen a large workspace, findings read by id use the primary key instead of scanning the workspace", async () => {
  await withStore(undefined, async (store) => {
    const ws = await store.db.insertInto("workspaces").values({ slug: "big", name: "b", created_at: now() }).returning("id").executeTakeFirstOrThrow();
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      workspace_id: ws.id,
      number: i + 1,
      fingerprint: `f${i}`,
      rule_id: "r",
      title: "t",
      description: "d",
      severity: "low",
      confidence: "high",
      engine: "pattern",
      cwe_json: "[]",
      tags_json: "[]",
      first_run_id: 1,
      first_observed_at: now(),
      last_run_id: 1,
      report_count: 1,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await store.db
        .insertInto("findings")
        .values(rows.slice(i, i + 200))
        .execute();
    // A batch of ids as the inbox reads them (position.ts reads 500 at a time).
    const ids = Array.from({ length: 500 }, (_, i) => i * 3 + 1);
    const plan = async () =>
      (
        await sql<{ detail: string }>`explain query plan select * from findings where workspace_id = ${ws.id} and id in (${sql.join(ids)})`.execute(store.db)
      ).rows
        .map((r) => r.detail)
        .join("; ");
    assert.match(await plan(), /USING INDEX findings_/, "without statistics the planner scans the workspace's index");
    await store.optimize();
    assert.match(await plan(), /INTEGER PRIMARY KEY/);
  });
});

test("PostgreSQL: optimize() analyzes a table a large write left without statistics, not one left unchanged", { skip: !process.env.DATABASE_URL }, async () => {
  await withStore(process.env.DATABASE_URL, async (store) => {
    const ws = await store.db.insertInto("workspaces").values({ slug: "big", name: "b", created_at: now() }).returning("id").executeTakeFirstOrThrow();
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      workspace_id: ws.id,
      number: i + 1,
      fingerprint: `f${i}`,
      rule_id: "r",
      title: "t",
      description: "d",
      severity: "low",
      confidence: "high",
      engine: "pattern",
      cwe_json: "[]",
      tags_json: "[]",
      first_run_id: 1,
      first_observed_at: now(),
      last_run_id: 1,
      report_count: 1,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await store.db
        .insertInto("findings")
        .values(rows.slice(i, i + 500))
        .execute();
    const stats = async (table: string) =>
      (
        await sql<{ changed: string; analyzed: string | null }>`select n_mod_since_analyze as changed, last_analyze as analyzed
          from pg_stat_user_tables where schemaname = current_schema() and relname = ${table}`.execute(store.db)
      ).rows[0]!;
    // The server publishes a backend's counts once it is idle (at most every second): wait for them.
    for (let i = 0; i < 100 && Number((await stats("findings")).changed) < 3000; i++) await new Promise((r) => setTimeout(r, 100));
    assert.equal((await stats("findings")).analyzed, null);
    await store.optimize();
    assert.notEqual((await stats("findings")).analyzed, null, "findings analyzed");
    assert.equal(Number((await stats("findings")).changed), 0);
    assert.equal((await stats("finding_comments")).analyzed, null, "an unchanged table is left to autovacuum");
  });
});

test("every table holding workspace data leads its primary key or an index with workspace_id", async () => {
  await withStore(undefined, async (store) => {
    const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table'
        and name not like 'sqlite_%' and name not like 'kysely_%' and name != 'crs_migrations'`.execute(store.db);
    // Registered OAuth clients, app sessions, sign-in failures and short-lived codes (read by their
    // secret's hash) belong to no one workspace's data.
    const global = new Set(["settings", "users", "workspaces", "oauth_clients", "app_sessions", "sign_in_failures", "oauth_codes"]);
    for (const { name } of tables.rows) {
      if (global.has(name)) continue;
      const cols = await sql<{ name: string; pk: number }>`select name, pk from pragma_table_info(${name})`.execute(store.db);
      assert.ok(
        cols.rows.some((c) => c.name === "workspace_id"),
        `${name} has no workspace_id`,
      );
      const pkFirst = cols.rows.find((c) => c.pk === 1)?.name === "workspace_id";
      const indexes = await sql<{ name: string }>`select name from pragma_index_list(${name})`.execute(store.db);
      let indexed = pkFirst;
      for (const idx of indexes.rows) {
        const first = await sql<{ name: string }>`select name from pragma_index_info(${idx.name}) order by seqno limit 1`.execute(store.db);
        if (first.rows[0]?.name === "workspace_id") indexed = true;
      }
      assert.ok(indexed, `${name}: no key or index starts with workspace_id`);
    }
  });
});
