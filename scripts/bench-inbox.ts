// npm run bench:inbox — the inbox on a large workspace: 100,000 findings over 50 repositories,
// 200 fully reviewed commits (4 per repository along main), on SQLite and (with DATABASE_URL) on
// PostgreSQL in a fresh schema. The seed writes the tables the import writes, in batches.
// Measured against GET /me through the same pipeline in the same run (32 connections):
//  - repository findings page (50 items) p99, goal < 25 ms on SQLite;
//  - organization findings page p99, goal < 60 ms on SQLite;
//  - PATCH /findings of 100 findings (severity), goal < 200 ms;
//  - a pull request reviewed as a change adding 20 findings on one repository: its at=pr:N page
//    (the change review's findings plus the base's carried over) p99, goal <= 2x the at=default p99.
// Usage: node scripts/bench-inbox.ts [seconds per measurement, default 5]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { sql } from "kysely";
import { createApp } from "../src/kernel/app.ts";
import { loadConfig } from "../src/kernel/config.ts";
import { startServer } from "../src/server/serve.ts";
import { runGit } from "../src/platform/codehost/git.ts";
import { addPullRequest, generateRepo } from "../src/platform/codehost/testing/generate.ts";
import * as accounts from "../src/capabilities/identity/accounts.ts";
import { registerRepository, syncAndWait } from "../src/capabilities/repositories/index.ts";
import { scopes } from "../src/kernel/scopes.ts";
import { forgetPositions } from "../src/capabilities/findings/position.ts";

const seconds = Number(process.argv[2] ?? 5);
const repos = 50;
const perRepo = 2000;
const reviewedPerRepo = 4;
const severities = ["info", "low", "medium", "high", "critical"];

async function load(url: string, headers: Record<string, string>) {
  const r = await autocannon({ url, connections: 32, duration: seconds, workers: 1, headers });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bad: r.non2xx + r.errors };
}

async function bench(label: string, remote: string, databaseUrl: string | undefined): Promise<boolean> {
  const dataDir = mkdtempSync(join(tmpdir(), "crs-bench-inbox-"));
  const schema = databaseUrl ? `bench_inbox_${process.pid}` : undefined;
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
  try {
    const ws = await accounts.createWorkspace(app.store, "bench", "Bench");
    const user = await accounts.createUser(app.store, { username: "bench", email: "bench@example.test" });
    await accounts.addMember(app.store, ws.id, user.id, "admin");
    const key = await accounts.createApiKey(app.store, { workspaceId: ws.id, userId: user.id, scopes: [...scopes] });
    const history = (await runGit(["rev-list", "--first-parent", "main"], { gitDir: remote })).stdout.toString().trim().split("\n");
    const reviewed = Array.from({ length: reviewedPerRepo }, (_, i) => history[i * 3]!);
    const t0 = Date.now();
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
        targets_json: "[]",
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
              detail_json: "{}",
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
        targets_json: "[]",
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
          detail_json: "{}",
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
    console.log(
      `${label}: seeded ${number} findings, ${repos} repositories, ${repos * reviewedPerRepo} reviewed commits in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
    const headers = { authorization: `Bearer ${key.token}` };
    const repoUrl = `${url}/api/v2/repositories/${repoIds[7]}/-/findings?limit=50`;
    const first = async (u: string, what: string) => {
      const s0 = Date.now();
      const res = await fetch(u, { headers });
      if (res.status !== 200) throw new Error(`${u} answered ${res.status}: ${await res.text()}`);
      console.log(
        `  first request (computes and caches the positions): ${u.includes("repositories") ? "repository" : "organization"}, ${what}: ` +
          `${Date.now() - s0} ms`,
      );
    };
    // The seed wrote the tables directly; an import would have refreshed the planner statistics
    // (store.optimize). Measured without them first (the baseline), with them after.
    await first(repoUrl, "no planner statistics, cold git");
    await first(`${url}/api/v2/findings?limit=50`, "no planner statistics, cold git");
    forgetPositions();
    await first(`${url}/api/v2/findings?limit=50`, "no planner statistics");
    forgetPositions();
    const o0 = Date.now();
    await app.store.optimize();
    console.log(`  store.optimize() after the seed: ${Date.now() - o0} ms`);
    await first(`${url}/api/v2/findings?limit=50`, "with planner statistics");
    for (const u of [`${url}/api/v2/me`, repoUrl, `${url}/api/v2/findings?limit=50`]) await load(u, headers);
    const me = await load(`${url}/api/v2/me`, headers);
    const repoPage = await load(repoUrl, headers);
    const orgPage = await load(`${url}/api/v2/findings?limit=50`, headers);
    const prUrl = `${repoUrl}&at=pr:${prNumber}`;
    await first(prUrl, "a pull request reviewed as a change");
    const prBody = (await (await fetch(prUrl, { headers })).json()) as { total: number; reviewCoverage: { change: unknown } };
    if (!prBody.reviewCoverage.change) throw new Error("the pull request is not covered by its change review");
    await load(prUrl, headers);
    const defaultPage = await load(`${repoUrl}&at=default`, headers);
    const prPage = await load(prUrl, headers);
    const line = (n: string, f: typeof me) =>
      `  ${n.padEnd(34)} ${Math.round(f.rps).toString().padStart(6)} req/s  p50 ${f.p50} ms  p99 ${f.p99} ms${f.bad ? `  errors ${f.bad}` : ""}`;
    console.log(`  32 connections, ${seconds} s each:`);
    console.log(line("GET /me (baseline)", me));
    console.log(
      line("repository findings page", repoPage) +
        `   ratio p99 ${(repoPage.p99 / Math.max(1, me.p99)).toFixed(1)}x` +
        `${label === "SQLite" ? ` (goal < 25 ms: ${repoPage.p99 < 25 ? "met" : "NOT MET"})` : ""}`,
    );
    console.log(
      line("organization findings page", orgPage) +
        `   ratio p99 ${(orgPage.p99 / Math.max(1, me.p99)).toFixed(1)}x` +
        `${label === "SQLite" ? ` (goal < 60 ms: ${orgPage.p99 < 60 ? "met" : "NOT MET"})` : ""}`,
    );
    console.log(line("repository page at=default", defaultPage));
    console.log(
      line(`repository page at=pr:${prNumber} (${prBody.total})`, prPage) +
        `   p99 ratio pr/default ${(prPage.p99 / Math.max(1, defaultPage.p99)).toFixed(2)}` +
        ` (goal <= 2: ${prPage.p99 <= 2 * Math.max(1, defaultPage.p99) ? "met" : "NOT MET"})`,
    );
    const keys = Array.from({ length: 100 }, (_, i) => `F-${i * 7 + 1}`);
    const times: number[] = [];
    for (let i = 0; i < 10; i++) {
      const s0 = process.hrtime.bigint();
      const res = await fetch(`${url}/api/v2/findings?repository=${repoIds[0]}`, {
        method: "PATCH",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ findings: keys, severity: severities[i % 5] }),
      });
      if (res.status !== 200) throw new Error(`PATCH answered ${res.status}: ${await res.text()}`);
      times.push(Number(process.hrtime.bigint() - s0) / 1e6);
    }
    times.sort((a, b) => a - b);
    console.log(`  PATCH /findings of 100 findings     median ${times[5]!.toFixed(0)} ms, max ${times[9]!.toFixed(0)} ms (goal < 200 ms)`);
    // Any triage changes the inbox version: the next organization-wide list brings every repository's
    // cached position up to date (re-reading the changed findings). What a user sees after a change.
    const afterTriage: number[] = [];
    for (let i = 0; i < 3; i++) {
      await fetch(`${url}/api/v2/findings/F-${i + 2}`, {
        method: "PATCH",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ severity: severities[i] }),
      });
      const s0 = Date.now();
      const res = await fetch(`${url}/api/v2/findings?limit=50`, { headers });
      if (res.status !== 200) throw new Error(`organization page answered ${res.status}`);
      afterTriage.push(Date.now() - s0);
    }
    afterTriage.sort((a, b) => a - b);
    console.log(`  organization page right after a triage  median ${afterTriage[1]} ms (${repos} cached positions brought up to date)`);
    return repoPage.bad === 0 && orgPage.bad === 0 && prPage.bad === 0;
  } finally {
    await server.close();
    if (schema) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(app.store.db).catch(() => {});
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const prNumber = 77;

/** refs/pull/<n>/head: one commit on main adding a 40-line file (made once; both stores read it). */
const root = mkdtempSync(join(tmpdir(), "crs-bench-inbox-repo-"));
try {
  const remote = join(root, "r.git");
  await generateRepo(remote, { files: 50, commits: 12, branches: 1, pulls: 1, tags: 1 });
  let ok = await bench("SQLite", remote, undefined);
  if (process.env.DATABASE_URL) ok = (await bench("PostgreSQL", remote, process.env.DATABASE_URL)) && ok;
  else console.log("PostgreSQL: skipped (set DATABASE_URL to measure it)");
  if (!ok) process.exitCode = 1;
} finally {
  rmSync(root, { recursive: true, force: true });
}
