// npm run bench:runs — figures for paid runs on a generated 10,000-file repository, on SQLite and
// (when DATABASE_URL is set) on PostgreSQL in a fresh schema, against baselines of the same run:
//  - estimate of a full review, warm (every blob's verdict cached): median and p95 over 20 calls,
//    beside the raw `git ls-tree -r -l` of the same commit (the least any estimate must read);
//  - POST /runs at 8 concurrent callers (autocannon), with a quote and priced afresh: p50/p99,
//    beside GET /api/v2/me through the same pipeline and connections.
// Goals: estimate warm < 300 ms; POST /runs p99 < 20 ms on SQLite. Then the worker figures
// (scripts/bench-worker.ts) unless --no-worker.
// Usage: node scripts/bench-runs.ts [seconds per measurement, default 5] [files, default 10000] [--no-worker]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { sql } from "kysely";
import { createApp, type App } from "../src/kernel/app.ts";
import { loadConfig } from "../src/kernel/config.ts";
import { startServer } from "../src/server/serve.ts";
import { runGit } from "../src/platform/codehost/git.ts";
import { generateRepo } from "../src/platform/codehost/testing/generate.ts";
import { addCredits } from "../src/capabilities/runs/ledger.ts";
import * as accounts from "../src/capabilities/identity/index.ts";
import { registerRepository, syncAndWait } from "../src/capabilities/repositories/index.ts";
import { scopes } from "../src/kernel/scopes.ts";
import { benchWorker } from "./bench-worker.ts";

const seconds = Number(process.argv[2] ?? 5);
const files = Number(process.argv[3] ?? 10_000);
const connections = 8;

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
const fmt = (n: number) => n.toFixed(n < 10 ? 2 : 1);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

interface Load {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function load(url: string, init: { method?: string; headers: Record<string, string>; body?: string }, duration: number): Promise<Load> {
  const r = await autocannon({
    url,
    connections,
    duration,
    workers: 1,
    method: (init.method ?? "GET") as "GET",
    headers: init.headers,
    ...(init.body ? { body: init.body } : {}),
  });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

const line = (name: string, f: Load) =>
  `  ${name.padEnd(30)} ${Math.round(f.rps).toString().padStart(6)} req/s   p50 ${f.p50} ms   p99 ${f.p99} ms` +
  (f.non2xx || f.errors ? `   non-2xx ${f.non2xx} errors ${f.errors}` : "");

async function bench(label: string, remote: string, databaseUrl: string | undefined): Promise<boolean> {
  const dataDir = mkdtempSync(join(tmpdir(), "crs-bench-runs-"));
  const schema = databaseUrl ? `bench_runs_${process.pid}` : undefined;
  const config = loadConfig({
    CRS_DATA_DIR: dataDir,
    PORT: "0",
    CRS_LOG_LEVEL: "warn",
    CRS_SYNC_INTERVAL_SECONDS: "0",
    CRS_WORKER_IN_PROCESS: "off",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    CRS_RATE_LIMITS: "ip=1000000000/1m,reads=1000000000/1m,runs:estimate=1000000000/1h,runs:write=1000000000/1h,shared=1000000000/1m",
  });
  const app: App = await createApp(config, schema ? { schema } : {});
  const server = await startServer(app);
  const url = await server.listen({ port: 0, host: "127.0.0.1" });
  let ok = true;
  try {
    const ws = await accounts.createWorkspace(app.store, "bench", "Bench");
    const user = await accounts.createUser(app.store, { username: "bench", email: "bench@example.test" });
    await accounts.addMember(app.store, ws.id, user.id, "admin");
    const key = await accounts.createApiKey(app.store, { workspaceId: ws.id, userId: user.id, scopes: [...scopes], name: "bench" });
    await addCredits(app.store, ws.id, { kind: "grant", cents: 1_000_000_000 });
    const row = await registerRepository(app, { workspaceId: ws.id, remote, name: "bench/big" }, { background: false });
    await syncAndWait(app, row.id);
    const headers = { authorization: `Bearer ${key.token}`, "content-type": "application/json" };
    const post = (path: string, body: unknown) => fetch(`${url}/api/v2${path}`, { method: "POST", headers, body: JSON.stringify(body) });

    let t0 = process.hrtime.bigint();
    const first = await post("/runs/estimate", { repository: row.id });
    const cold = ms(t0);
    const est = (await first.json()) as { priceCents: number; quote: string; targets: Array<{ files: number; lines: number; sha: string }> };
    if (first.status !== 200) throw new Error(`estimate answered ${first.status}: ${JSON.stringify(est)}`);
    const warm: number[] = [];
    for (let i = 0; i < 20; i++) {
      t0 = process.hrtime.bigint();
      const res = await post("/runs/estimate", { repository: row.id });
      await res.arrayBuffer();
      warm.push(ms(t0));
    }
    const lsTree: number[] = [];
    for (let i = 0; i < 5; i++) {
      t0 = process.hrtime.bigint();
      await runGit(["ls-tree", "-r", "-l", "-z", "--full-tree", est.targets[0]!.sha], { gitDir: app.mirrors.get(row.id).dir, maxBytes: 1 << 30 });
      lsTree.push(ms(t0));
    }
    const warmMedian = pct(warm, 50);
    console.log(`${label}: ${est.targets[0]!.files} billable files, ${est.targets[0]!.lines} lines, price ${est.priceCents} cents`);
    console.log(`  estimate cold (reads every blob)  ${fmt(cold)} ms`);
    console.log(`  estimate warm                     median ${fmt(warmMedian)} ms, p95 ${fmt(pct(warm, 95))} ms (goal < 300 ms)`);
    console.log(`  baseline git ls-tree -r -l        median ${fmt(pct(lsTree, 50))} ms   ratio estimate/ls-tree ${(warmMedian / pct(lsTree, 50)).toFixed(2)}`);
    if (warmMedian >= 300) ok = false;

    const quoted = JSON.stringify({ repository: row.id, maxPriceCents: est.priceCents, quote: est.quote });
    const fresh = JSON.stringify({ repository: row.id, maxPriceCents: est.priceCents });
    await load(`${url}/api/v2/me`, { headers }, 1);
    await load(`${url}/api/v2/runs`, { method: "POST", headers, body: quoted }, 1);
    const me = await load(`${url}/api/v2/me`, { headers }, seconds);
    const startQuoted = await load(`${url}/api/v2/runs`, { method: "POST", headers, body: quoted }, seconds);
    const startFresh = await load(`${url}/api/v2/runs`, { method: "POST", headers, body: fresh }, seconds);
    console.log(`  ${connections} concurrent callers, ${seconds} s each:`);
    console.log(line("GET /me (baseline)", me));
    console.log(line("POST /runs with a quote", startQuoted));
    console.log(line("POST /runs priced afresh", startFresh));
    console.log(
      `  p99 ratio POST /runs (quote) / GET /me: ${(startQuoted.p99 / Math.max(1, me.p99)).toFixed(2)}` +
        `${label === "SQLite" ? `   (goal p99 < 20 ms: ${startQuoted.p99 < 20 ? "met" : "NOT MET"})` : ""}`,
    );
    if (startQuoted.non2xx || startQuoted.errors || startFresh.non2xx || startFresh.errors) ok = false;
    if (label === "SQLite" && startQuoted.p99 >= 20) ok = false;
  } finally {
    await server.close();
    // Requests autocannon left in flight finish before the schema is dropped under them.
    await new Promise((r) => setTimeout(r, 1000));
    if (schema) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(app.store.db).catch(() => {});
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return ok;
}

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), "crs-bench-runs-repo-"));
  try {
    const remote = join(root, "big.git");
    const t0 = process.hrtime.bigint();
    await generateRepo(remote, { files, commits: 50, branches: 10, pulls: 10, tags: 4 });
    console.log(`generated ${files} files in ${fmt(ms(t0))} ms`);
    let ok = await bench("SQLite", remote, undefined);
    if (process.env.DATABASE_URL) ok = (await bench("PostgreSQL", remote, process.env.DATABASE_URL)) && ok;
    else console.log("PostgreSQL: skipped (set DATABASE_URL to measure it)");
    if (!process.argv.includes("--no-worker")) await benchWorker(root);
    if (!ok) process.exitCode = 1;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

await main();
