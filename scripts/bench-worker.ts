// The worker half of `npm run bench:runs` (issue figures for runs executed by workers):
//  (a) POST /runs -> complete on a 20-file repository, minus the engine's own time on the same
//      files measured in the same run (reviewFiles in process): the overhead a run adds;
//  (b) a 20-line pull request on a generated 1M-line repository, POST -> complete, end to end, after
//      a full review of main (so the change's findings land on a reviewed base);
//  (c) runs completed per minute by 1 and by 2 `crs worker` processes draining one queue.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { createApp, type App } from "../src/kernel/app.ts";
import { loadConfig } from "../src/kernel/config.ts";
import { startServer } from "../src/server/serve.ts";
import { runGit } from "../src/platform/codehost/git.ts";
import { addPullRequest, generateRepo } from "../src/platform/codehost/testing/generate.ts";
import { addCredits } from "../src/capabilities/runs/ledger.ts";
import * as accounts from "../src/capabilities/identity/index.ts";
import { generateDemoRepository } from "../src/capabilities/repositories/demo.ts";
import { demoFiles } from "../src/capabilities/repositories/demo-files.ts";
import { registerRepository, syncAndWait } from "../src/capabilities/repositories/index.ts";
import { startRun } from "../src/capabilities/runs/start.ts";
import { scopes } from "../src/kernel/scopes.ts";
import { loadRules, reviewFiles } from "../src/review/index.ts";

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function setup(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), "crs-bench-worker-"));
  const config = loadConfig({
    CRS_DATA_DIR: dataDir,
    PORT: "0",
    CRS_LOG_LEVEL: "warn",
    CRS_SYNC_INTERVAL_SECONDS: "0",
    CRS_WORKER_POLL_MS: "100",
    CRS_RATE_LIMITS: "ip=1000000000/1m,reads=1000000000/1m,runs:write=1000000000/1h,shared=1000000000/1m",
    ...env,
  });
  const app: App = await createApp(config);
  const server = await startServer(app);
  const url = await server.listen({ port: 0, host: "127.0.0.1" });
  const ws = await accounts.createWorkspace(app.store, "bench", "Bench");
  const user = await accounts.createUser(app.store, { username: "bench", email: "bench@example.test" });
  await accounts.addMember(app.store, ws.id, user.id, "admin");
  const key = await accounts.createApiKey(app.store, { workspaceId: ws.id, userId: user.id, scopes: [...scopes] });
  await addCredits(app.store, ws.id, { kind: "grant", cents: 1_000_000_000 });
  const headers = { authorization: `Bearer ${key.token}`, "content-type": "application/json" };
  const register = async (remote: string, name: string) => {
    const row = await registerRepository(app, { workspaceId: ws.id, remote, name }, { background: false });
    await syncAndWait(app, row.id);
    return row.id;
  };
  /** POST /runs, then GET /runs/{id} every 10 ms until terminal: milliseconds end to end. */
  const timedRun = async (body: unknown) => {
    const t0 = process.hrtime.bigint();
    const res = await fetch(`${url}/api/v2/runs`, { method: "POST", headers, body: JSON.stringify({ maxPriceCents: 1_000_000, ...(body as object) }) });
    const { run } = (await res.json()) as { run: { id: number } };
    for (;;) {
      const r = (await (await fetch(`${url}/api/v2/runs/${run.id}`, { headers })).json()) as { terminal: boolean; state: string };
      if (r.terminal) {
        if (r.state !== "complete") throw new Error(`run ${run.id} ended ${r.state}`);
        return ms(t0);
      }
      await new Promise((r2) => setTimeout(r2, 10));
    }
  };
  const close = async () => {
    await server.close();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { app, ws, user, register, timedRun, close, dataDir };
}

export async function benchWorker(root: string): Promise<void> {
  // (a) and (b): one server with its in-process worker (one analysis thread, like the engine baseline).
  const s = await setup({ CRS_WORKER_THREADS: "1" });
  try {
    // The demo repository plus 13 more modules: 20 files.
    const demo = join(root, "demo");
    await generateDemoRepository(demo);
    const extra = Object.fromEntries(
      Array.from({ length: 13 }, (_, i) => [
        `lib/module${i}.js`,
        `const db = require("./db");\n\nasync function handler${i}(req, res) {\n  const rows = await db.query("SELECT * FROM items WHERE id = $1", ` +
          `[req.params.id]);\n  res.json(rows.map((r) => ({ id: r.id, name: r.name })));\n}\n\nmodule.exports = { handler${i} };\n`,
      ]),
    );
    for (const [path, content] of Object.entries(extra)) {
      mkdirSync(dirname(join(demo, path)), { recursive: true });
      writeFileSync(join(demo, path), content);
    }
    await runGit(["add", "-A"], { cwd: demo });
    await runGit(["-c", "user.name=b", "-c", "user.email=b@b", "commit", "-q", "-m", "modules"], { cwd: demo });
    const small = await s.register(demo, "bench/small");
    const rules = await loadRules();
    const files = Object.entries({ ...demoFiles, ...extra }).map(([path, content]) => ({ path, content: Buffer.from(content) }));
    const engine: number[] = [];
    const e2e: number[] = [];
    await s.timedRun({ repository: small });
    for (let i = 0; i < 7; i++) {
      const t0 = process.hrtime.bigint();
      await reviewFiles({
        files: (async function* () {
          yield* files;
        })(),
        rules,
      });
      engine.push(ms(t0));
      e2e.push(await s.timedRun({ repository: small }));
    }
    console.log(
      `worker (a) demo repository (${files.length} files): POST -> complete median ${median(e2e).toFixed(0)} ms, engine alone ` +
        `${median(engine).toFixed(0)} ms, overhead ${(median(e2e) - median(engine)).toFixed(0)} ms (goal < 1000 ms)`,
    );

    const big = join(root, "big-1m.git");
    await generateRepo(big, { files: 18_500, commits: 1, branches: 1, pulls: 1, tags: 1 });
    const fileCount = (await runGit(["ls-tree", "-r", "main"], { gitDir: big })).stdout.toString().split("\n").length - 1;
    // A new 20-line file on top of main, reviewed as pull request 9999.
    addPullRequest(big, { number: 9999, path: "pkg0/added.js", lines: 20 });
    const bigId = await s.register(big, "bench/big");
    const full = await s.timedRun({ repository: bigId });
    const pr = await s.timedRun({ repository: bigId, change: { pr: 9999 } });
    const pr2 = await s.timedRun({ repository: bigId, change: { pr: 9999 } });
    console.log(`worker (b) full review of main on a ${fileCount}-file repository (~1M lines): POST -> complete ${full.toFixed(0)} ms`);
    console.log(`worker (b) 20-line pull request on it: POST -> complete ${pr.toFixed(0)} ms first, ${pr2.toFixed(0)} ms again (goal < 1000 ms)`);
  } finally {
    await s.close();
  }

  // (c) throughput: N queued runs of the demo repository drained by 1, then 2 worker processes.
  for (const processes of [1, 2]) {
    const q = await setup({ CRS_WORKER_IN_PROCESS: "off" });
    try {
      const id = await q.register(join(root, "demo"), "bench/small");
      const n = 40;
      for (let i = 0; i < n; i++)
        await startRun(q.app, { workspaceId: q.ws.id, userId: q.user.id, trigger: "api", baseUrl: "" }, { repository: id, maxPriceCents: 1_000_000 });
      const bin = resolve(import.meta.dirname, "../bin/crs.js");
      const t0 = process.hrtime.bigint();
      const children: ChildProcess[] = Array.from({ length: processes }, () =>
        spawn(process.execPath, [bin, "worker"], {
          env: { ...process.env, CRS_DATA_DIR: q.dataDir, CRS_LOG_LEVEL: "warn", CRS_WORKER_POLL_MS: "50", CRS_WORKER_THREADS: "1" },
          stdio: "ignore",
        }),
      );
      for (;;) {
        const left = await q.app.store.db.selectFrom("runs").select("id").where("state", "!=", "complete").execute();
        if (left.length === 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      const elapsed = ms(t0);
      for (const c of children) c.kill("SIGTERM");
      await Promise.all(children.map((c) => (c.exitCode === null ? once(c, "exit") : undefined)));
      console.log(
        `worker (c) ${processes} worker process${processes > 1 ? "es" : ""}: ${n} runs in ${(elapsed / 1000).toFixed(1)} s = ` +
          `${((n / elapsed) * 60_000).toFixed(0)} runs/min (process start included)`,
      );
    } finally {
      await q.close();
    }
  }
}
