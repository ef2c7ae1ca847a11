// npm run bench:web — the app's pages on bench:inbox's workspace (100,000 findings over 50
// repositories, scripts/inbox-seed.ts), signed in with a session cookie, 8 connections, 10 s per
// page, beside GET /api/v2/me through the same pipeline in the same run (the baseline). Goals (p99,
// binding on SQLite; PostgreSQL with DATABASE_URL reported beside): the inbox < 100 ms, the inbox
// with a search and two filters < 200 ms, a finding's page < 100 ms, the dashboard (/app) < 300 ms.
// Add a page to `pages` to measure it.
// Usage: node scripts/bench-web.ts [seconds per page, default 10]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSession, sessionCookie } from "../src/capabilities/identity/index.ts";
import { generateRepo } from "../src/platform/codehost/testing/generate.ts";
import { benchServer, load as measure, seedInbox } from "./inbox-seed.ts";

const seconds = Number(process.argv[2] ?? 10);
const connections = 8;
const prNumber = 77;

/** The pages measured: a name, a path (given the seeded workspace) and the p99 goal in ms. */
const pages: { name: string; path: (s: { repoIds: number[] }) => string; goal: number }[] = [
  { name: "inbox", path: () => "/app/findings", goal: 100 },
  { name: "inbox, search + two filters", path: () => "/app/findings?q=finding+12&severity=high,critical&language=javascript", goal: 200 },
  { name: "finding page", path: () => "/app/findings/F-1234", goal: 100 },
  { name: "dashboard (/app)", path: () => "/app", goal: 300 },
];

const load = (url: string, headers: Record<string, string>) => measure(url, headers, connections, seconds);

async function bench(label: string, remote: string, databaseUrl: string | undefined): Promise<boolean> {
  const { app, url, close } = await benchServer("bench-web", databaseUrl);
  try {
    const t0 = Date.now();
    const seeded = await seedInbox(app, remote, prNumber);
    await app.store.optimize();
    console.log(`${label}: seeded ${seeded.number} findings in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const api = { authorization: `Bearer ${seeded.key.token}` };
    const session = { cookie: `${sessionCookie}=${await createSession(app.store, seeded.user.id, 24)}` };
    let ok = true;
    for (const p of pages) {
      const s0 = Date.now();
      const res = await fetch(url + p.path(seeded), { headers: session, redirect: "manual" });
      if (res.status !== 200) throw new Error(`${p.path(seeded)} answered ${res.status}: ${(await res.text()).slice(0, 500)}`);
      await res.text();
      console.log(`  ${p.name}: first request ${Date.now() - s0} ms (computes and caches what it reads)`);
    }
    await load(`${url}/api/v2/me`, api);
    const me = await load(`${url}/api/v2/me`, api);
    const line = (n: string, f: typeof me) =>
      `  ${n.padEnd(30)} ${Math.round(f.rps).toString().padStart(6)} req/s  p50 ${f.p50} ms  p99 ${f.p99} ms${f.bad ? `  errors ${f.bad}` : ""}`;
    console.log(`  ${connections} connections, ${seconds} s each:`);
    console.log(line("GET /api/v2/me (baseline)", me));
    for (const p of pages) {
      const r = await load(url + p.path(seeded), session);
      const met = r.p99 < p.goal && r.bad === 0;
      if (label === "SQLite") ok &&= met;
      console.log(`${line(p.name, r)}   ratio p99 ${(r.p99 / Math.max(1, me.p99)).toFixed(1)}x (goal < ${p.goal} ms: ${met ? "met" : "NOT MET"})`);
    }
    return ok;
  } finally {
    await close();
  }
}

const root = mkdtempSync(join(tmpdir(), "crs-bench-web-repo-"));
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
