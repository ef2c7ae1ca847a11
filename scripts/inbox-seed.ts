// The workspace bench:inbox and bench:web measure: 100,000 findings over 50 repositories, 200 fully
// reviewed commits (4 per repository along main) and a pull request reviewed as a change adding 20
// findings on the eighth repository. The seed writes the tables the import writes, in batches.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { type App, createApp } from "../src/kernel/app.ts";
import { loadConfig } from "../src/kernel/config.ts";
import { startServer } from "../src/server/serve.ts";
import { runGit } from "../src/platform/codehost/git.ts";
import { addPullRequest } from "../src/platform/codehost/testing/generate.ts";
import * as accounts from "../src/capabilities/identity/index.ts";
import { registerRepository, syncAndWait } from "../src/capabilities/repositories/index.ts";
import { scopes } from "../src/kernel/scopes.ts";

/**
 * The server both inbox benches measure: the real one on a fresh store (SQLite in a temp dir, or a
 * PostgreSQL schema of its own), with the rate limits out of the way. `close` removes the store.
 */
export async function benchServer(name: string, databaseUrl: string | undefined) {
  const dataDir = mkdtempSync(join(tmpdir(), `crs-${name}-`));
  const schema = databaseUrl ? `${name.replaceAll("-", "_")}_${process.pid}` : undefined;
  const config = loadConfig({
    CRS_DATA_DIR: dataDir,
    PORT: "0",
    CRS_LOG_LEVEL: "warn",
    CRS_SYNC_INTERVAL_SECONDS: "0",
    CRS_WORKER_IN_PROCESS: "off",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    CRS_RATE_LIMITS: "ip=1000000000/1m,reads=1000000000/1m,findings:write=1000000000/1m",
  });
  const app = await createApp(config, schema ? { schema } : {});
  const server = await startServer(app);
  const url = await server.listen({ port: 0, host: "127.0.0.1" });
  // In this order: the server waits for handlers still running after their client went away (the
  // load generator stops mid-request), the app stops its background services and closes the store,
  // and only then is the schema dropped, over a connection of its own, so nothing reads a dropped table.
  const close = async () => {
    await server.close();
    await app.close();
    if (databaseUrl && schema) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await client.query(`drop schema if exists "${schema}" cascade`);
      } finally {
        await client.end();
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { app, url, close };
}

/** One autocannon measurement of a URL: requests per second, p50 and p99 latency, failures. */
export async function load(url: string, headers: Record<string, string>, connections: number, seconds: number) {
  const r = await autocannon({ url, connections, duration: seconds, workers: 1, headers });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bad: r.non2xx + r.errors };
}

export const repos = 50;
const perRepo = 2000;
export const reviewedPerRepo = 4;
export const severities = ["info", "low", "medium", "high", "critical"];

/** A report's detail as the import writes it (the engine's finding: rule, location, evidence). */
const detail = (ruleId: string, path: string, line: number) =>
  JSON.stringify({
    ruleId,
    engine: "pattern",
    location: { path, startLine: line, endLine: line, startColumn: 1, endColumn: 10, snippet: "eval(input)" },
    relatedLocations: [],
    flow: [],
    fix: null,
    confidence: "high",
    suppression: null,
  });

/** Seeds a workspace "bench" with an admin "bench" and an API key with every scope. */
export async function seedInbox(app: App, remote: string, prNumber: number) {
  const ws = await accounts.createWorkspace(app.store, "bench", "Bench");
  const user = await accounts.createUser(app.store, { username: "bench", email: "bench@example.test" });
  await accounts.addMember(app.store, ws.id, user.id, "admin");
  const key = await accounts.createApiKey(app.store, { workspaceId: ws.id, userId: user.id, scopes: [...scopes] });
  const history = (await runGit(["rev-list", "--first-parent", "main"], { gitDir: remote })).stdout.toString().trim().split("\n");
  const reviewed = Array.from({ length: reviewedPerRepo }, (_, i) => history[i * 3]!);
  const db = app.store.db;
  const at = new Date().toISOString();
  // One seed run row the reports and presence hang off (runs.id is referenced).
  const repoIds: number[] = [];
  for (let r = 0; r < repos; r++) {
    const row = await registerRepository(app, { workspaceId: ws.id, remote, name: `bench/repo${String(r).padStart(2, "0")}` }, { background: false });
    await syncAndWait(app, row.id);
    repoIds.push(row.id);
  }
  const run = await db
    .insertInto("runs")
    .values({
      workspace_id: ws.id,
      repository_id: repoIds[0]!,
      created_by: user.id,
      kind: "full",
      trigger: "api",
      title: "seed",
      state: "complete",
      at: null,
      ref: null,
      sha: reviewed[0]!,
      change_json: null,
      // As a run writes it (the runs pages and GET /runs read the first target).
      targets_json: JSON.stringify([{ repository: { id: repoIds[0], fullName: "bench/repo00" }, at: null, ref: null, sha: reviewed[0], files: 0, lines: 0 }]),
      focuses_json: "[]",
      documents_json: "[]",
      scope_json: "[]",
      steering: null,
      price_cents: 0,
      idempotency_key: null,
      request_hash: "seed",
      retry_of: null,
      cancel_requested_at: null,
      stages_json: "[]",
      error_json: null,
      import_json: null,
      findings_json: null,
      lease_owner: null,
      lease_until: null,
      created_at: at,
      started_at: at,
      ended_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  let number = 0;
  for (const repoId of repoIds) {
    const ids: number[] = [];
    for (let i = 0; i < perRepo; i += 500) {
      const rows = Array.from({ length: 500 }, (_, j) => ({
        workspace_id: ws.id,
        number: ++number,
        fingerprint: `fp${number}`,
        rule_id: `rule.${(i + j) % 40}`,
        title: `Finding ${number}`,
        description: "seed",
        severity: severities[(i + j) % 5]!,
        confidence: "high",
        engine: "pattern",
        cwe_json: "[]",
        tags_json: "[]",
        first_run_id: run.id,
        first_observed_at: at,
        last_run_id: run.id,
        report_count: 1,
      }));
      const made = (await db.insertInto("findings").values(rows).returning("id").execute()).map((x) => x.id);
      ids.push(...made);
      await db
        .insertInto("finding_reports")
        .values(
          made.map((id, j) => ({
            workspace_id: ws.id,
            finding_id: id,
            run_id: run.id,
            repository_id: repoId,
            sha: reviewed[1]!,
            path: `src/file${(i + j) % 300}.js`,
            start_line: (j % 200) + 1,
            end_line: (j % 200) + 1,
            severity: severities[(i + j) % 5]!,
            detail_json: detail(`rule.${(i + j) % 40}`, `src/file${(i + j) % 300}.js`, (j % 200) + 1),
            created_at: at,
          })),
        )
        .execute();
    }
    // The newest review lacks every tenth finding (fixed there); older reviews have them all.
    for (const [k, sha] of reviewed.entries()) {
      const present = ids.filter((_, i) => k > 0 || i % 10 !== 0);
      for (let i = 0; i < present.length; i += 500) {
        await db
          .insertInto("finding_presence")
          .values(
            present.slice(i, i + 500).map((id, j) => ({
              workspace_id: ws.id,
              repository_id: repoId,
              sha,
              finding_id: id,
              path: `src/file${(i + j) % 300}.js`,
              start_line: (j % 200) + 1,
              end_line: (j % 200) + 1,
            })),
          )
          .execute();
      }
      await db.insertInto("reviewed_commits").values({ workspace_id: ws.id, repository_id: repoId, sha, reviewed_at: at, run_id: run.id, full: 1 }).execute();
    }
  }
  // A pull request on top of main adding one file, reviewed as a change that found 20 findings there.
  const prHead = addPullRequest(remote, { number: prNumber, path: "src/pr-added.js", lines: 40 });
  await syncAndWait(app, repoIds[7]!);
  const change = await db
    .insertInto("runs")
    .values({
      workspace_id: ws.id,
      repository_id: repoIds[7]!,
      created_by: user.id,
      kind: "change",
      trigger: "api",
      title: "seed change",
      state: "complete",
      at: null,
      ref: `refs/pull/${prNumber}/head`,
      sha: prHead,
      targets_json: JSON.stringify([{ repository: { id: repoIds[7], fullName: "bench/repo07" }, at: null, ref: null, sha: prHead, files: 1, lines: 40 }]),
      focuses_json: "[]",
      documents_json: "[]",
      scope_json: "[]",
      steering: null,
      price_cents: 0,
      change_json: JSON.stringify({ kind: "pr", pr: prNumber, branch: null, since: null, base: history[0], head: prHead, files: 1, changedLines: 40 }),
      idempotency_key: null,
      request_hash: "seed-change",
      retry_of: null,
      cancel_requested_at: null,
      stages_json: "[]",
      error_json: null,
      import_json: null,
      findings_json: null,
      lease_owner: null,
      lease_until: null,
      created_at: at,
      started_at: at,
      ended_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const added = (
    await db
      .insertInto("findings")
      .values(
        Array.from({ length: 20 }, (_, j) => ({
          workspace_id: ws.id,
          number: ++number,
          fingerprint: `fp${number}`,
          rule_id: `rule.${j}`,
          title: `Finding ${number}`,
          description: "seed",
          severity: severities[j % 5]!,
          confidence: "high",
          engine: "pattern",
          cwe_json: "[]",
          tags_json: "[]",
          first_run_id: change.id,
          first_observed_at: at,
          last_run_id: change.id,
          report_count: 1,
        })),
      )
      .returning("id")
      .execute()
  ).map((x) => x.id);
  await db
    .insertInto("finding_reports")
    .values(
      added.map((id, j) => ({
        workspace_id: ws.id,
        finding_id: id,
        run_id: change.id,
        repository_id: repoIds[7]!,
        sha: prHead,
        path: "src/pr-added.js",
        start_line: j * 2 + 1,
        end_line: j * 2 + 1,
        severity: severities[j % 5]!,
        detail_json: detail(`rule.${j}`, "src/pr-added.js", j * 2 + 1),
        created_at: at,
      })),
    )
    .execute();
  await db
    .insertInto("finding_presence")
    .values(
      added.map((id, j) => ({
        workspace_id: ws.id,
        repository_id: repoIds[7]!,
        sha: prHead,
        finding_id: id,
        path: "src/pr-added.js",
        start_line: j * 2 + 1,
        end_line: j * 2 + 1,
      })),
    )
    .execute();
  await db
    .insertInto("reviewed_commits")
    .values({ workspace_id: ws.id, repository_id: repoIds[7]!, sha: prHead, reviewed_at: at, run_id: change.id, full: 0 })
    .execute();
  return { ws, user, key, repoIds, number };
}
