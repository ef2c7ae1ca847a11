// A database made by an earlier main upgrades: its data stays, each new migration does what it says,
// and running the upgrade again changes nothing.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { sql, type Kysely } from "kysely";
import { openStore, type Store } from "../src/platform/store/index.ts";
import { ledgerTable } from "../src/platform/store/migrate.ts";
import { migrations } from "../src/platform/store/migrations/index.ts";
import { unique, usingPostgres } from "./harness.ts";

/**
 * Makes a store with the migrations before `before` only (as the main that had no more made it), lets
 * `seed` fill it, then opens it twice with every migration and hands each opening to `check`.
 */
async function upgradeFrom(before: string, seed: (db: Kysely<any>, at: string) => Promise<void>, check: (store: Store) => Promise<void>) {
  const dataDir = mkdtempSync(join(tmpdir(), "crs-upgrade-"));
  const schema = usingPostgres ? unique("up_") : undefined;
  const opts = { dataDir, databaseUrl: process.env.DATABASE_URL, ...(schema ? { schema } : {}) };
  const at = new Date().toISOString();
  const old = await openStore({ ...opts, migrate: false });
  try {
    const db = old.db as unknown as Kysely<any>;
    await sql`create table if not exists ${sql.table(ledgerTable)} (name text primary key, applied_at text not null)`.execute(db);
    const all = migrations(old.engine);
    for (const name of Object.keys(all)
      .sort()
      .filter((n) => n < before)) {
      await all[name]!.up(db);
      await db.insertInto(ledgerTable).values({ name, applied_at: at }).execute();
    }
    await seed(db, at);
  } finally {
    await old.close();
  }
  for (let i = 0; i < 2; i++) {
    const upgraded = await openStore(opts);
    try {
      await check(upgraded);
      if (i === 1 && schema) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(upgraded.db);
    } finally {
      await upgraded.close();
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
}

test("a store migrated up to 012 upgrades to 013: the crs-cli client is added and earlier clients are kept", async () => {
  await upgradeFrom(
    "013",
    async (db, at) => {
      await db
        .insertInto("oauth_clients")
        .values({ id: "crsc_old", name: "an older client", redirect_uris: '["https://app.example/cb"]', created_at: at })
        .execute();
    },
    async (store) => {
      const rows = await store.db.selectFrom("oauth_clients").select(["id", "name", "redirect_uris"]).orderBy("id").execute();
      assert.deepEqual(
        rows.map((r) => r.id),
        ["crs-cli", "crsc_old"],
      );
      assert.deepEqual(JSON.parse(rows[0]!.redirect_uris), ["http://127.0.0.1/callback", "http://[::1]/callback"]);
    },
  );
});

test("a store migrated up to 013 upgrades to 014: stored confidences stay and any other value reads medium", async () => {
  await upgradeFrom(
    "014",
    async (db, at) => {
      const ws = await db
        .insertInto("workspaces")
        .values({ slug: unique("ws"), name: "Old", created_at: at })
        .returning("id")
        .executeTakeFirstOrThrow();
      for (const [n, confidence] of [
        [1, "low"],
        [2, "high"],
        [3, "certain"],
      ] as const) {
        await db
          .insertInto("findings")
          .values({
            workspace_id: ws.id,
            number: n,
            fingerprint: `fp${n}`,
            rule_id: "r",
            title: "t",
            description: "d",
            severity: "high",
            confidence,
            engine: "pattern",
            cwe_json: "[]",
            tags_json: "[]",
            first_run_id: 1,
            first_observed_at: at,
            last_run_id: 1,
            report_count: 1,
          })
          .execute();
      }
    },
    async (store) => {
      const rows = await store.db.selectFrom("findings").select(["number", "confidence"]).orderBy("number").execute();
      assert.deepEqual(
        rows.map((r) => [r.number, r.confidence]),
        [
          [1, "low"],
          [2, "high"],
          [3, "medium"],
        ],
      );
    },
  );
});

/** One workspace, user and repository with a complete run, as a store before 015 held them. */
async function oldRun(db: Kysely<any>, at: string): Promise<void> {
  const ws = await db.insertInto("workspaces").values({ slug: "old", name: "old", created_at: at }).returning("id").executeTakeFirstOrThrow();
  const user = await db.insertInto("users").values({ username: "old", email: "old@example.test", created_at: at }).returning("id").executeTakeFirstOrThrow();
  const repo = await db
    .insertInto("repositories")
    .values({
      workspace_id: ws.id,
      full_name: "o/r",
      full_name_key: "o/r",
      remote: "/nowhere",
      created_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("runs")
    .values({
      workspace_id: ws.id,
      repository_id: repo.id,
      created_by: user.id,
      kind: "full",
      trigger: "api",
      title: "old run",
      state: "complete",
      sha: "a".repeat(40),
      targets_json: "[]",
      focuses_json: "[]",
      documents_json: "[]",
      scope_json: "[]",
      price_cents: 12,
      request_hash: "h",
      stages_json: "[]",
      created_at: at,
    })
    .execute();
}

test("a store migrated up to 014 upgrades to 015: runs keep their rows, show no model stage, and the model tables exist", async () => {
  await upgradeFrom("015", oldRun, async (store) => {
    const runs = await store.db.selectFrom("runs").select(["title", "price_cents", "model_json", "model_cents"]).execute();
    assert.deepEqual(
      runs.map((r) => ({ ...r })),
      [{ title: "old run", price_cents: 12, model_json: null, model_cents: 0 }],
    );
    assert.deepEqual(await store.db.selectFrom("run_model_chunks").selectAll().execute(), []);
    assert.deepEqual(await store.db.selectFrom("workspace_model_settings").selectAll().execute(), []);
  });
});

test("a store migrated up to 017 upgrades to 018: runs keep their rows with no findings-so-far count, repositories count as operator-added", async () => {
  await upgradeFrom("018", oldRun, async (store) => {
    const runs = await store.db.selectFrom("runs").select(["title", "state", "findings_so_far"]).execute();
    assert.deepEqual(
      runs.map((r) => ({ ...r })),
      [{ title: "old run", state: "complete", findings_so_far: null }],
    );
    const repos = await store.db.selectFrom("repositories").select(["full_name", "web_added"]).execute();
    assert.deepEqual(
      repos.map((r) => ({ ...r })),
      [{ full_name: "o/r", web_added: 0 }],
    );
  });
});

test("a store migrated up to 015 upgrades to 017: the finding page's two indexes exist", async () => {
  await upgradeFrom(
    "017",
    async () => {},
    async (store) => {
      const names = sql`('finding_presence_path', 'findings_duplicate_of')`;
      const found = usingPostgres
        ? await sql<{ n: string }>`select indexname as n from pg_indexes where schemaname = current_schema() and indexname in ${names} order by 1`.execute(
            store.db,
          )
        : await sql<{ n: string }>`select name as n from sqlite_master where type = 'index' and name in ${names} order by 1`.execute(store.db);
      assert.deepEqual(
        found.rows.map((r) => r.n),
        ["finding_presence_path", "findings_duplicate_of"],
      );
    },
  );
});

test("a store migrated up to 015 upgrades to 016: repositories stay unconnected with no policy, and the connection tables exist empty", async () => {
  await upgradeFrom(
    "016",
    async (db, at) => {
      const ws = await db.insertInto("workspaces").values({ slug: "w", name: "W", created_at: at }).returning("id").executeTakeFirstOrThrow();
      await db.insertInto("repositories").values({ workspace_id: ws.id, full_name: "o/r", full_name_key: "o/r", remote: "/nowhere", created_at: at }).execute();
    },
    async (store) => {
      const repos = await store.db.selectFrom("repositories").select(["full_name", "access"]).execute();
      assert.deepEqual(
        repos.map((r) => ({ ...r })),
        [{ full_name: "o/r", access: "unknown" }],
      );
      for (const table of ["connections", "review_policies", "webhook_deliveries", "automatic_runs", "unpaid_reviews"] as const) {
        assert.deepEqual(await store.db.selectFrom(table).selectAll().execute(), [], table);
      }
    },
  );
});

test("a store migrated up to 016 upgrades to 019: runs keep their rows with no delivery, and the post-back tables exist empty", async () => {
  await upgradeFrom(
    "019",
    async (db, at) => {
      const ws = await db.insertInto("workspaces").values({ slug: "old", name: "old", created_at: at }).returning("id").executeTakeFirstOrThrow();
      const user = await db
        .insertInto("users")
        .values({ username: "old", email: "old@example.test", created_at: at })
        .returning("id")
        .executeTakeFirstOrThrow();
      const repo = await db
        .insertInto("repositories")
        .values({ workspace_id: ws.id, full_name: "o/r", full_name_key: "o/r", remote: "/nowhere", created_at: at })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db
        .insertInto("runs")
        .values({
          workspace_id: ws.id,
          repository_id: repo.id,
          created_by: user.id,
          kind: "change",
          trigger: "api",
          title: "old change review",
          state: "complete",
          sha: "a".repeat(40),
          change_json: JSON.stringify({ kind: "pr", pr: 3, base: "b".repeat(40), head: "a".repeat(40) }),
          targets_json: "[]",
          focuses_json: "[]",
          documents_json: "[]",
          scope_json: "[]",
          price_cents: 7,
          request_hash: "h",
          stages_json: "[]",
          created_at: at,
        })
        .execute();
    },
    async (store) => {
      const runs = await store.db.selectFrom("runs").select(["title", "price_cents", "delivery_json"]).execute();
      assert.deepEqual(
        runs.map((r) => ({ ...r })),
        [{ title: "old change review", price_cents: 7, delivery_json: null }],
      );
      for (const table of ["post_back_jobs", "pull_request_posts", "posted_findings"] as const) {
        assert.deepEqual(await store.db.selectFrom(table).selectAll().execute(), []);
      }
    },
  );
});

test("a store migrated up to 019 upgrades to 020: webhook deliveries keep their rows and state, due now (no next attempt)", async () => {
  await upgradeFrom(
    "020",
    async (db, at) => {
      const ws = await db.insertInto("workspaces").values({ slug: "old", name: "old", created_at: at }).returning("id").executeTakeFirstOrThrow();
      const repo = await db
        .insertInto("repositories")
        .values({ workspace_id: ws.id, full_name: "o/r", full_name_key: "o/r", remote: "/nowhere", created_at: at })
        .returning("id")
        .executeTakeFirstOrThrow();
      for (const [id, state] of [
        ["d-1", "queued"],
        ["d-2", "failed"],
      ]) {
        await db
          .insertInto("webhook_deliveries")
          .values({
            host: "github",
            delivery_id: id,
            event: "push",
            workspace_id: ws.id,
            repository_id: repo.id,
            payload: '{"kind":"push"}',
            state,
            outcome: state === "failed" ? "failed: host down" : null,
            attempts: 1,
            received_at: at,
          })
          .execute();
      }
    },
    async (store) => {
      const rows = await store.db
        .selectFrom("webhook_deliveries")
        .select(["delivery_id", "state", "outcome", "attempts", "next_attempt_at"])
        .orderBy("delivery_id")
        .execute();
      assert.deepEqual(
        rows.map((r) => ({ ...r })),
        [
          { delivery_id: "d-1", state: "queued", outcome: null, attempts: 1, next_attempt_at: null },
          { delivery_id: "d-2", state: "failed", outcome: "failed: host down", attempts: 1, next_attempt_at: null },
        ],
      );
    },
  );
});

test("a store migrated up to 020 upgrades to 021: post-back jobs keep their rows as end-phase jobs with no pending status", async () => {
  await upgradeFrom(
    "021",
    async (db, at) => {
      const ws = await db.insertInto("workspaces").values({ slug: "old", name: "old", created_at: at }).returning("id").executeTakeFirstOrThrow();
      const user = await db
        .insertInto("users")
        .values({ username: "old", email: "old@example.test", created_at: at })
        .returning("id")
        .executeTakeFirstOrThrow();
      const repo = await db
        .insertInto("repositories")
        .values({ workspace_id: ws.id, full_name: "o/r", full_name_key: "o/r", remote: "/nowhere", created_at: at })
        .returning("id")
        .executeTakeFirstOrThrow();
      const run = await db
        .insertInto("runs")
        .values({
          workspace_id: ws.id,
          repository_id: repo.id,
          created_by: user.id,
          kind: "change",
          trigger: "api",
          title: "old change review",
          state: "complete",
          sha: "a".repeat(40),
          change_json: JSON.stringify({ kind: "pr", pr: 3, base: "b".repeat(40), head: "a".repeat(40) }),
          targets_json: "[]",
          focuses_json: "[]",
          documents_json: "[]",
          scope_json: "[]",
          price_cents: 7,
          request_hash: "h",
          stages_json: "[]",
          created_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db
        .insertInto("post_back_jobs")
        .values({
          run_id: run.id,
          workspace_id: ws.id,
          repository_id: repo.id,
          pr: 3,
          head_sha: "a".repeat(40),
          state: "posted",
          attempts: 1,
          next_attempt_at: at,
          created_at: at,
          updated_at: at,
        })
        .execute();
    },
    async (store) => {
      const jobs = await store.db
        .selectFrom("post_back_jobs")
        .select(["pr", "state", "attempts", "phase", "pending_at", "check_run_id", "superseded_by"])
        .execute();
      assert.deepEqual(
        jobs.map((j) => ({ ...j })),
        [{ pr: 3, state: "posted", attempts: 1, phase: "end", pending_at: null, check_run_id: null, superseded_by: null }],
      );
    },
  );
});
