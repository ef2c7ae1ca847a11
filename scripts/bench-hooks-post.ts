// npm run bench:hooks (first part, scripts/bench-hooks-post.ts) — the webhook-to-pull-request figure of issue 35, on SQLite: a signed
// pull_request "opened" delivery (from @octokit/webhooks-examples) for a 20-line pull request on a
// generated ~1M-line repository served by the GitHub stand-in (github.com cannot be reached here),
// timed from POST /hooks/github to the summary comment appearing on the stand-in. Baseline in the
// same run: the same kind of pull request reviewed through POST /api/v2/runs until complete (no
// webhook, no mirror sync, no post-back). Goal: hook -> comment < 2 s.
// Usage: node scripts/bench-hooks-post.ts [pull requests to time, default 3] [files, default 18500]
import { mkdtempSync, rmSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setPolicy } from "../src/capabilities/connections/policy.ts";
import { connectRepository } from "../src/capabilities/connections/setup.ts";
import * as accounts from "../src/capabilities/identity/index.ts";
import { registerRepository, syncAndWait } from "../src/capabilities/repositories/index.ts";
import { addCredits } from "../src/capabilities/runs/ledger.ts";
import { createApp } from "../src/kernel/app.ts";
import { loadConfig } from "../src/kernel/config.ts";
import { scopes } from "../src/kernel/scopes.ts";
import { GitHubStandIn } from "../src/platform/codehost/hosts/testing/github-standin.ts";
import { githubPullRequest } from "../src/platform/codehost/hosts/testing/webhooks.ts";
import { runGit } from "../src/platform/codehost/git.ts";
import { addPullRequest, generateRepo } from "../src/platform/codehost/testing/generate.ts";
import { startServer } from "../src/server/serve.ts";

const prs = Number(process.argv[2] ?? 3);
const files = Number(process.argv[3] ?? 18_500);
const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), "crs-bench-hooks-"));
  const big = join(root, "big.git");
  await generateRepo(big, { files, commits: 1, branches: 1, pulls: 1, tags: 1 });
  const counts = (await runGit(["grep", "-c", "", "main"], { gitDir: big, maxBytes: 1 << 28 })).stdout.toString().split("\n");
  const lines = counts.reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(":") + 1) || 0), 0);
  const standIn = await GitHubStandIn.start({ repoDir: big, fullName: "bench/big" });
  const config = loadConfig({
    CRS_DATA_DIR: join(root, "data"),
    PORT: "0",
    CRS_LOG_LEVEL: "warn",
    CRS_SYNC_INTERVAL_SECONDS: "0",
    CRS_WORKER_IN_PROCESS: "on",
    CRS_WORKER_POLL_MS: "50",
    // The reconciliation pass would review the baseline's pull requests again on its own.
    CRS_RECONCILE_INTERVAL_SECONDS: "0",
    CRS_SECRET_KEY: randomBytes(32).toString("base64"),
    CRS_RATE_LIMITS: "ip=1000000000/1m,reads=1000000000/1m,runs:write=1000000000/1h,shared=1000000000/1m",
  });
  const app = await createApp(config);
  const server = await startServer(app);
  const url = await server.listen({ port: 0, host: "127.0.0.1" });
  config.baseUrl = url;
  let ok = true;
  try {
    const ws = await accounts.createWorkspace(app.store, "bench", "Bench");
    const user = await accounts.createUser(app.store, { username: "bench", email: "bench@example.test" });
    await accounts.addMember(app.store, ws.id, user.id, "admin");
    const key = await accounts.createApiKey(app.store, { workspaceId: ws.id, userId: user.id, scopes: [...scopes] });
    await addCredits(app.store, ws.id, { kind: "grant", cents: 1_000_000_000 });
    const headers = { authorization: `Bearer ${key.token}`, "content-type": "application/json" };
    const row = await registerRepository(app, { workspaceId: ws.id, remote: standIn.cloneUrl, name: "bench/big" }, { background: false }).catch(async () =>
      registerRepository(app, { workspaceId: ws.id, remote: big, name: "bench/big" }, { background: false }),
    );
    const setup = await connectRepository(
      app,
      {
        workspaceId: ws.id,
        repositoryId: row.id,
        fullName: "bench/big",
        host: "github",
        apiUrl: standIn.apiUrl,
        auth: { kind: "token", token: standIn.token },
      },
      url,
      new Date(),
    );
    await syncAndWait(app, row.id);
    await setPolicy(app.store, ws.id, row.id, { autoReview: true }, new Date());
    const secret = standIn.hooks[0]?.secret ?? setup.webhook.secret ?? "";

    /** POST /runs for pull request n, then GET /runs/{id} every 10 ms until terminal. */
    const timedRun = async (n: number) => {
      const t0 = process.hrtime.bigint();
      const res = await fetch(`${url}/api/v2/runs`, {
        method: "POST",
        headers,
        body: JSON.stringify({ repository: row.id, change: { pr: n }, maxPriceCents: 1_000_000 }),
      });
      const { run } = (await res.json()) as { run: { id: number } };
      for (;;) {
        const r = (await (await fetch(`${url}/api/v2/runs/${run.id}`, { headers })).json()) as { terminal: boolean; state: string };
        if (r.terminal) {
          if (r.state !== "complete") throw new Error(`run ${run.id} ended ${r.state}`);
          return ms(t0);
        }
        await sleep(10);
      }
    };
    /** A signed pull_request opened delivery for n, then the stand-in polled every 10 ms for the summary comment. */
    const timedHook = async (n: number, head: string) => {
      standIn.addPull({ number: n, headRef: `pr-${n}`, baseRef: "main" });
      const base = (await runGit(["rev-parse", "main"], { gitDir: big })).stdout.toString().trim();
      const d = await githubPullRequest(
        { fullName: "bench/big", webUrl: standIn.server.url, secret },
        { action: "opened", number: n, headSha: head, headRef: `pr-${n}`, baseRef: "main", baseSha: base },
      );
      const t0 = process.hrtime.bigint();
      const res = await fetch(`${url}/hooks/github`, { method: "POST", headers: d.headers, body: d.body });
      if (res.status !== 202) throw new Error(`hook answered ${res.status}: ${await res.text()}`);
      for (;;) {
        if ([...standIn.issueComments.values()].some((c) => c.pull === n)) return ms(t0);
        if (ms(t0) > 60_000) throw new Error(`no comment on pull request ${n} after 60 s`);
        await sleep(10);
      }
    };

    // Warm-up: a full review of main (the change reviews then land on a reviewed base, as in bench:runs).
    const fullRes = await fetch(`${url}/api/v2/runs`, { method: "POST", headers, body: JSON.stringify({ repository: row.id, maxPriceCents: 100_000_000 }) });
    const fullRun = ((await fullRes.json()) as { run: { id: number } }).run.id;
    for (;;) {
      const r = (await (await fetch(`${url}/api/v2/runs/${fullRun}`, { headers })).json()) as { terminal: boolean };
      if (r.terminal) break;
      await sleep(50);
    }
    const baseline: number[] = [];
    const hook: number[] = [];
    for (let i = 0; i < prs; i++) {
      const n = 9000 + i;
      addPullRequest(big, { number: n, path: `pkg0/baseline${i}.js`, lines: 20 });
      standIn.addPull({ number: n, headRef: `pr-${n}`, baseRef: "main" });
      await syncAndWait(app, row.id);
      baseline.push(await timedRun(n));
    }
    for (let i = 0; i < prs; i++) {
      const n = 9500 + i;
      const head = addPullRequest(big, { number: n, path: `pkg0/added${i}.js`, lines: 20 });
      hook.push(await timedHook(n, head));
    }
    const invalid = standIn.server.invalid().length;
    // Where the time went, from the rows: delivery stored -> run created -> run ended -> comment posted
    // (the job is made when the run is first seen, queued or running, for its pending status).
    const steps = await app.store.db
      .selectFrom("automatic_runs as a")
      .innerJoin("runs as r", "r.id", "a.run_id")
      .innerJoin("post_back_jobs as j", "j.run_id", "r.id")
      .select(["a.pr", "a.created_at as queued", "r.started_at", "r.ended_at", "j.created_at as found", "j.updated_at as posted"])
      .orderBy("a.pr")
      .execute();
    const d = (a: string | null, b: string | null) => (a && b ? Date.parse(b) - Date.parse(a) : Number.NaN);
    for (const x of steps) {
      console.log(
        `  pr ${x.pr}: run queued -> started ${d(x.queued, x.started_at)} ms, started -> ended ${d(x.started_at, x.ended_at)} ms, ` +
          `queued -> job ${d(x.queued, x.found)} ms, ended -> posted ${d(x.ended_at, x.posted)} ms`,
      );
    }
    console.log(`repository: ${files} files (${lines} lines), pull requests of 20 added lines, SQLite`);
    console.log(`  baseline POST /runs -> complete        ${baseline.map((x) => x.toFixed(0)).join(", ")} ms   median ${median(baseline).toFixed(0)} ms`);
    console.log(
      `  POST /hooks/github -> summary comment  ${hook.map((x) => x.toFixed(0)).join(", ")} ms   median ${median(hook).toFixed(0)} ms (goal < 2000 ms)`,
    );
    console.log(`  ratio hook->comment / POST->complete: ${(median(hook) / median(baseline)).toFixed(2)}   stand-in requests failing validation: ${invalid}`);
    if (median(hook) >= 2000 || invalid > 0) ok = false;
  } finally {
    await server.close();
    await app.close();
    await standIn.close();
    rmSync(root, { recursive: true, force: true });
  }
  if (!ok) process.exitCode = 1;
}

await main();
