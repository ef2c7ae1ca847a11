// npm run bench:inbox-cold — the inbox's first request in a fresh process on the bench:inbox
// workspace (100,000 findings over 50 repositories, seeded once into a data directory with the
// planner statistics an import leaves): each round starts a new process that opens the store,
// starts the server and times its first GET /api/v2/findings?limit=50 (no position cached yet;
// the background warming starts a second later). Prints each round and the median, with the
// process's CPU time and the git processes it started for that request.
// Usage: node scripts/bench-inbox-cold.ts [rounds, default 5] [source tree ...]
// With several source trees (checkouts of other commits, their node_modules linked), the rounds
// alternate between them on the same store: A B A B ... (a tree must hold this store's migrations).
// Child mode (internal): node scripts/bench-inbox-cold.ts --child TREE DATADIR TOKEN
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire, syncBuiltinESMExports } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const here = resolve(import.meta.dirname, "..");

/** Counts the git processes this process starts (node:child_process spawn, as every git call in crs is made). */
function countGitSpawns(): () => number {
  const cp = createRequire(import.meta.url)("node:child_process") as { spawn: (cmd: string, ...rest: unknown[]) => unknown };
  const original = cp.spawn;
  let n = 0;
  cp.spawn = (cmd: string, ...rest: unknown[]) => {
    if (cmd === "git") n++;
    return original(cmd, ...rest);
  };
  syncBuiltinESMExports();
  return () => n;
}

async function child(tree: string, dataDir: string, token: string): Promise<void> {
  const spawned = countGitSpawns();
  const load = (p: string) => import(pathToFileURL(join(tree, p)).href);
  const { loadConfig } = await load("src/kernel/config.ts");
  const { createApp } = await load("src/kernel/app.ts");
  const { startServer } = await load("src/server/serve.ts");
  const config = loadConfig({
    CRS_DATA_DIR: dataDir,
    PORT: "0",
    CRS_LOG_LEVEL: "warn",
    CRS_SYNC_INTERVAL_SECONDS: "0",
    CRS_WORKER_IN_PROCESS: "off",
    CRS_RATE_LIMITS: "ip=1000000000/1m,reads=1000000000/1m,findings:write=1000000000/1m",
  });
  const app = await createApp(config);
  const server = await startServer(app);
  const url = await server.listen({ port: 0, host: "127.0.0.1" });
  const g0 = spawned();
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const res = await fetch(`${url}/api/v2/findings?limit=50`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { total: number; items: unknown[] };
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(c0);
  if (res.status !== 200 || body.items.length !== 50) throw new Error(`first request answered ${res.status}`);
  console.log(JSON.stringify({ ms, cpuMs: (cpu.user + cpu.system) / 1000, git: spawned() - g0, total: body.total }));
  await server.close();
  await app.close();
}

function runChild(tree: string, dataDir: string, token: string): Promise<{ ms: number; cpuMs: number; git: number; total: number }> {
  return new Promise((done, fail) => {
    const p = spawn(process.execPath, [join(here, "scripts/bench-inbox-cold.ts"), "--child", tree, dataDir, token], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    p.stdout.on("data", (d) => (out += d));
    p.on("exit", (code) => (code === 0 ? done(JSON.parse(out.trim().split("\n").at(-1)!)) : fail(new Error(`child exited ${code}: ${out}`))));
  });
}

async function seed(root: string): Promise<{ dataDir: string; token: string }> {
  const { generateRepo } = await import("../src/platform/codehost/testing/generate.ts");
  const { loadConfig } = await import("../src/kernel/config.ts");
  const { createApp } = await import("../src/kernel/app.ts");
  const { seedInbox } = await import("./inbox-seed.ts");
  const remote = join(root, "r.git");
  await generateRepo(remote, { files: 50, commits: 12, branches: 1, pulls: 1, tags: 1 });
  const dataDir = join(root, "data");
  const app = await createApp(
    loadConfig({ CRS_DATA_DIR: dataDir, PORT: "0", CRS_LOG_LEVEL: "warn", CRS_SYNC_INTERVAL_SECONDS: "0", CRS_WORKER_IN_PROCESS: "off" }),
  );
  try {
    const t0 = Date.now();
    const { key, number } = await seedInbox(app, remote, 77);
    await app.store.optimize();
    console.log(`seeded ${number} findings in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    return { dataDir, token: key.token };
  } finally {
    await app.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

if (process.argv[2] === "--child") {
  await child(process.argv[3]!, process.argv[4]!, process.argv[5]!);
} else {
  const rounds = Number(process.argv[2] ?? 5);
  const trees = process.argv.length > 3 ? process.argv.slice(3).map((t) => resolve(t)) : [here];
  const root = mkdtempSync(join(tmpdir(), "crs-bench-inbox-cold-"));
  try {
    const { dataDir, token } = await seed(root);
    const results = new Map<string, Array<{ ms: number; cpuMs: number; git: number }>>(trees.map((t) => [t, []]));
    for (let i = 0; i < rounds; i++) {
      for (const tree of trees) {
        const r = await runChild(tree, dataDir, token);
        results.get(tree)!.push(r);
        console.log(`  round ${i + 1} ${tree}: first GET /findings?limit=50 ${r.ms.toFixed(0)} ms, CPU ${r.cpuMs.toFixed(0)} ms, git processes ${r.git}`);
      }
    }
    for (const [tree, rs] of results) {
      const ms = median(rs.map((r) => r.ms));
      const cpu = median(rs.map((r) => r.cpuMs));
      console.log(`${tree}: median of ${rs.length}: ${ms.toFixed(0)} ms, CPU ${cpu.toFixed(0)} ms, git processes ${median(rs.map((r) => r.git))}`);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
