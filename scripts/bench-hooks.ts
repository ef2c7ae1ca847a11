// npm run bench:hooks — webhooks under load: N seconds (default 60) at R deliveries/s (default 100),
// mixed push and pull_request events over 20 repositories connected to GitHub stand-ins (each
// serving its own repository), with new pull request heads pushed while it runs. The server is the
// real one (SQLite in a temp dir, or DATABASE_URL) with its delivery processor; runs are queued,
// not executed. Reports: non-2xx answers (goal 0), whether every accepted delivery reached a final
// state and how long the queue took to drain, queued runs per pull request (goal: at most 1, the
// newest head), and the 202's latency against GET /healthz's sent at the same rate in the same run.
// Usage: node scripts/bench-hooks.ts [seconds, default 60] [deliveries per second, default 100]
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../src/kernel/app.ts";
import { loadConfig } from "../src/kernel/config.ts";
import { startServer } from "../src/server/serve.ts";
import * as accounts from "../src/capabilities/identity/index.ts";
import { registerRepository } from "../src/capabilities/repositories/index.ts";
import { connectRepository } from "../src/capabilities/connections/setup.ts";
import { setPolicy } from "../src/capabilities/connections/policy.ts";
import { addCredits } from "../src/capabilities/runs/ledger.ts";
import { makeRepo, type TestRepo } from "../src/platform/codehost/testing/make-repo.ts";
import { GitHubStandIn } from "../src/platform/codehost/hosts/testing/github-standin.ts";
import { githubPullRequest, githubPush } from "../src/platform/codehost/hosts/testing/webhooks.ts";

const seconds = Number(process.argv[2] ?? 60);
const rate = Number(process.argv[3] ?? 100);
const repoCount = 20;
const prsPerRepo = 3;

interface Repo {
  id: number;
  remote: TestRepo;
  standIn: GitHubStandIn;
  secret: string;
  heads: Map<number, string>;
  /** Heads made during setup, one per round: moving a pull request is then one async update-ref. */
  future: Map<number, string[]>;
  main: string;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : 0;
};

const git = promisify(execFile);

/** Commits `rounds` successive heads of pull request `pr` on branch pr-N (setup only: synchronous git). */
function makeHeads(r: Repo, pr: number, rounds: number): string[] {
  r.remote.git(["checkout", "-q", "-B", `pr-${pr}`, "main"]);
  const shas: string[] = [];
  for (let n = 0; n < rounds; n++) {
    shas.push(
      r.remote.commit({ [`src/pr${pr}_${n}.py`]: `import hashlib\n\n\ndef d(b):\n    return hashlib.md5(b).hexdigest()  # ${n}\n` }, { branch: `pr-${pr}` }),
    );
  }
  r.remote.git(["checkout", "-q", "main"]);
  return shas;
}

async function moveHead(r: Repo, pr: number, round: number): Promise<void> {
  const sha = r.future.get(pr)?.[round];
  if (!sha) return;
  await git("git", ["-C", r.remote.path, "update-ref", `refs/pull/${pr}/head`, sha]);
  r.heads.set(pr, sha);
}

async function paced(total: number, send: (i: number) => Promise<{ status: number; ms: number }>) {
  const results: Array<{ status: number; ms: number }> = [];
  const pending: Promise<void>[] = [];
  const start = Date.now();
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    // A request the client could not complete (connection reset) counts as a failure, status 0.
    pending.push(
      send(i).then(
        (r) => void results.push(r),
        () => void results.push({ status: 0, ms: 0 }),
      ),
    );
  }
  await Promise.all(pending);
  return { results, seconds: (Date.now() - start) / 1000 };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), "crs-bench-hooks-"));
  const config = loadConfig({
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL, CRS_DB_SCHEMA: `bench_hooks_${randomBytes(4).toString("hex")}` } : {}),
    CRS_DATA_DIR: dataDir,
    PORT: "0",
    CRS_LOG_LEVEL: "warn",
    CRS_SYNC_INTERVAL_SECONDS: "0",
    CRS_RECONCILE_INTERVAL_SECONDS: "0",
    CRS_SECRET_KEY: randomBytes(32).toString("base64"),
    // Runs stay queued: this measures the webhooks, not the reviews. The delivery processor is started below.
    CRS_WORKER_IN_PROCESS: "off",
    CRS_RATE_LIMITS: "automatic=1000000/1h",
  });
  const app = await createApp(config);
  const server = await startServer(app);
  const url = await server.listen({ port: 0, host: "127.0.0.1" });
  // The client keeps connections open; the server must not close one under a request in flight.
  server.server.keepAliveTimeout = 600_000;
  config.baseUrl = url;
  const { startDeliveryProcessor } = await import("../src/capabilities/connections/processor.ts");
  const stopProcessor = startDeliveryProcessor(app);
  const ws = await accounts.createWorkspace(app.store, "bench", "Bench");
  await addCredits(app.store, ws.id, { kind: "grant", cents: 100_000_000 });

  const repos: Repo[] = [];
  for (let i = 0; i < repoCount; i++) {
    const remote = makeRepo();
    remote.git(["checkout", "-q", "main"]);
    const standIn = await GitHubStandIn.start({ repoDir: remote.path, fullName: `bench/r${i}` });
    const row = await registerRepository(app, { workspaceId: ws.id, remote: standIn.cloneUrl, name: `bench/r${i}` }, { background: false });
    await connectRepository(
      app,
      {
        workspaceId: ws.id,
        repositoryId: row.id,
        fullName: row.full_name,
        host: "github",
        apiUrl: standIn.apiUrl,
        auth: { kind: "token", token: standIn.token },
      },
      url,
      new Date(),
    );
    await setPolicy(app.store, ws.id, row.id, { autoReview: true }, new Date());
    const r: Repo = {
      id: row.id,
      remote,
      standIn,
      secret: standIn.hooks[0]!.secret,
      heads: new Map(),
      future: new Map(),
      main: remote.git(["rev-parse", "main"]),
    };
    for (let pr = 1; pr <= prsPerRepo; pr++) {
      standIn.addPull({ number: pr, headRef: `pr-${pr}`, baseRef: "main" });
      r.future.set(pr, makeHeads(r, pr, Math.ceil(seconds / 10) + 1));
      await moveHead(r, pr, 0);
    }
    repos.push(r);
    process.stderr.write(`repository ${i + 1}/${repoCount} connected\r`);
  }
  process.stderr.write("\n");

  const total = seconds * rate;
  process.stderr.write("baseline: GET /healthz\n");
  // Baseline: GET /healthz at the same rate for a tenth of the time, through the same client.
  const base = await paced(Math.max(100, Math.floor(total / 10)), async () => {
    const t0 = performance.now();
    const res = await fetch(`${url}/healthz`);
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - t0 };
  });

  // New heads while deliveries flow: every 10 s each pull request moves.
  let round = 0;
  const mover = setInterval(() => {
    round++;
    for (const r of repos) for (let pr = 1; pr <= prsPerRepo; pr++) void moveHead(r, pr, round);
  }, 10_000);
  // Every delivery is built and signed before the clock starts: the sender only sends. Delivery i
  // names the heads of round floor(i / rate / 10), the round the mover has reached by then.
  process.stderr.write("building and signing the deliveries\n");
  const built: Array<{ headers: Record<string, string>; body: string }> = [];
  for (let i = 0; i < total; i++) {
    const r = repos[i % repoCount]!;
    const pr = 1 + (Math.floor(i / repoCount) % prsPerRepo);
    const target = { fullName: `bench/r${i % repoCount}`, webUrl: r.standIn.server.url, secret: r.secret };
    const heads = r.future.get(pr)!;
    const head = heads[Math.min(Math.floor(i / rate / 10), heads.length - 1)]!;
    built.push(
      i % 2 === 0
        ? await githubPush(target, { ref: "refs/heads/main", before: r.main, after: r.main })
        : await githubPullRequest(target, { action: "synchronize", number: pr, headSha: head, headRef: `pr-${pr}`, baseRef: "main", baseSha: r.main }),
    );
  }
  const statuses = new Map<number, number>();
  const run = await paced(total, async (i) => {
    const d = built[i]!;
    const t0 = performance.now();
    const res = await fetch(`${url}/hooks/github`, { method: "POST", headers: d.headers, body: d.body });
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - t0 };
  });
  clearInterval(mover);
  for (const r of run.results) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
  process.stderr.write("sent; draining\n");

  const drainStart = Date.now();
  let open = -1;
  while (Date.now() - drainStart < 300_000) {
    const row = await app.store.db
      .selectFrom("webhook_deliveries")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("state", "in", ["queued", "processing"])
      .executeTakeFirst();
    open = Number(row?.n ?? 0);
    if (open === 0) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const drainSeconds = (Date.now() - drainStart) / 1000;
  const states = await app.store.db
    .selectFrom("webhook_deliveries")
    .select(["state"])
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .groupBy("state")
    .execute();
  const perPr = await app.store.db
    .selectFrom("automatic_runs as a")
    .innerJoin("runs as r", "r.id", "a.run_id")
    .select(["a.repository_id", "a.pr", "r.state"])
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .groupBy(["a.repository_id", "a.pr", "r.state"])
    .execute();
  const queuedPerPr = new Map<string, number>();
  let started = 0;
  let cancelled = 0;
  for (const p of perPr) {
    started += Number(p.n);
    if (p.state === "cancelled") cancelled += Number(p.n);
    if (p.state === "queued") queuedPerPr.set(`${p.repository_id}:${p.pr}`, Number(p.n));
  }
  const newestQueued = await app.store.db
    .selectFrom("automatic_runs as a")
    .innerJoin("runs as r", "r.id", "a.run_id")
    .select(["a.repository_id", "a.pr", "a.head_sha"])
    .where("r.state", "=", "queued")
    .execute();
  // The head the last deliveries named (the mover may have moved a ref no delivery named after).
  const lastRound = Math.floor((total - 1) / rate / 10);
  const named = (r: Repo | undefined, pr: number) => r?.future.get(pr)?.[Math.min(lastRound, (r?.future.get(pr)?.length ?? 1) - 1)];
  const stale = newestQueued.filter(
    (q) =>
      named(
        repos.find((r) => r.id === q.repository_id),
        q.pr,
      ) !== q.head_sha,
  ).length;

  const ok = run.results.filter((r) => r.status === 202).length;
  const lat = run.results.map((r) => r.ms);
  const baseLat = base.results.map((r) => r.ms);
  console.log(`engine: ${config.databaseUrl ? "PostgreSQL" : "SQLite"}; ${repoCount} repositories x ${prsPerRepo} pull requests; heads moved every 10 s`);
  console.log(`sent ${run.results.length} deliveries in ${run.seconds.toFixed(1)} s (${(run.results.length / run.seconds).toFixed(1)}/s, target ${rate}/s)`);
  const byStatus = [...statuses].map(([code, n]) => `${code || "no answer"} ${n}`).join(", ");
  console.log(`202: ${ok}   non-2xx: ${run.results.length - ok}   by status: ${byStatus}`);
  console.log(
    `202 latency p50 ${pct(lat, 50).toFixed(1)} ms, p99 ${pct(lat, 99).toFixed(1)} ms; ` +
      `GET /healthz at the same rate p50 ${pct(baseLat, 50).toFixed(1)} ms, p99 ${pct(baseLat, 99).toFixed(1)} ms`,
  );
  console.log(`ratio p50 ${(pct(lat, 50) / pct(baseLat, 50)).toFixed(2)}x, p99 ${(pct(lat, 99) / pct(baseLat, 99)).toFixed(2)}x of /healthz`);
  console.log(
    `deliveries by final state: ${states.map((s) => `${s.state} ${s.n}`).join(", ")}; still open after ${drainSeconds.toFixed(1)} s of draining: ${open}`,
  );
  console.log(
    `automatic runs: ${started} started, ${cancelled} superseded (cancelled and refunded); pull requests with a queued run: ${queuedPerPr.size}, ` +
      `most queued runs on one pull request: ${Math.max(0, ...queuedPerPr.values())}, queued runs not at the newest head: ${stale}`,
  );
  await stopProcessor();
  await server.close();
  await app.close();
  for (const r of repos) {
    await r.standIn.close();
    r.remote.cleanup();
  }
  process.exit(run.results.length - ok === 0 && open === 0 ? 0 : 1);
}

void main();
