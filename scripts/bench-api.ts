// npm run bench:api — requests/s of GET /api/v2/me on the real server (SQLite in a temp data dir,
// a real API key, the full pipeline: ip and reads charges, token -> user -> membership -> role from
// the store, scope check, validation, handler, output check) against a bare Fastify server answering
// the same JSON. Goal: ratio >= 0.5. autocannon runs in a worker thread so it does not share the
// servers' event loop; both servers are measured in the same run, the same way.
// Usage: node scripts/bench-api.ts [seconds per measurement, default 10] [connections, default 32]
// Profiling one side: node --cpu-prof scripts/bench-api.ts 10 32 --only=crs (or --only=bare)
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import Fastify from "fastify";
import { createApp } from "../src/kernel/app.ts";
import { loadConfig } from "../src/kernel/config.ts";
import { startServer } from "../src/server/serve.ts";
import * as accounts from "../src/capabilities/identity/index.ts";
import { scopes } from "../src/kernel/scopes.ts";

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 32);
const only = process.argv.find((a) => a.startsWith("--only="))?.slice("--only=".length);

interface Figure {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function measure(url: string, headers: Record<string, string>, duration: number): Promise<Figure> {
  const result = await autocannon({ url, connections, duration, headers, workers: 1 });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

const line = (name: string, f: Figure) =>
  `${name.padEnd(22)} ${Math.round(f.rps).toString().padStart(7)} req/s   p50 ${f.p50} ms   p99 ${f.p99} ms` +
  (f.non2xx || f.errors ? `   non-2xx ${f.non2xx} errors ${f.errors}` : "");

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), "crs-bench-api-"));
  // Budgets large enough never to refuse during the run; every request is still charged.
  const config = loadConfig({
    CRS_DATA_DIR: dataDir,
    PORT: "0",
    CRS_LOG_LEVEL: "warn",
    CRS_SYNC_INTERVAL_SECONDS: "0",
    CRS_RATE_LIMITS: "ip=1000000000/1m,reads=1000000000/1m",
  });
  const app = await createApp(config);
  const server = await startServer(app);
  const crsUrl = await server.listen({ port: 0, host: "127.0.0.1" });
  const ws = await accounts.createWorkspace(app.store, "bench", "Bench");
  const user = await accounts.createUser(app.store, { username: "bench", email: "bench@example.test" });
  await accounts.addMember(app.store, ws.id, user.id, "admin");
  const key = await accounts.createApiKey(app.store, { workspaceId: ws.id, userId: user.id, scopes: [...scopes], name: "bench" });
  const auth = { authorization: `Bearer ${key.token}` };

  const probe = await fetch(`${crsUrl}/api/v2/me`, { headers: auth });
  if (probe.status !== 200) throw new Error(`GET /api/v2/me answered ${probe.status}: ${await probe.text()}`);
  const body = await probe.json();

  const bare = Fastify({ logger: false });
  bare.get("/api/v2/me", async () => body);
  const bareUrl = await bare.listen({ port: 0, host: "127.0.0.1" });

  try {
    // Warm up both (JIT, statement cache, connections), then measure each for the same time.
    if (only === "crs" || only === "bare") {
      const [name, url] = only === "crs" ? ["crs (real token)", crsUrl] : ["bare Fastify", bareUrl];
      await measure(`${url}/api/v2/me`, auth, 2);
      console.log(line(name, await measure(`${url}/api/v2/me`, auth, seconds)));
      return;
    }
    await measure(`${crsUrl}/api/v2/me`, auth, 2);
    await measure(`${bareUrl}/api/v2/me`, auth, 2);
    const crs = await measure(`${crsUrl}/api/v2/me`, auth, seconds);
    const baseline = await measure(`${bareUrl}/api/v2/me`, auth, seconds);
    console.log(`GET /api/v2/me, ${connections} connections, ${seconds} s each (SQLite, memory rate limiter)`);
    console.log(line("crs (real token)", crs));
    console.log(line("bare Fastify", baseline));
    const ratio = crs.rps / baseline.rps;
    console.log(`ratio ${ratio.toFixed(2)} (goal >= 0.5)${ratio >= 0.5 ? "" : "  BELOW GOAL"}`);
    if (crs.non2xx || crs.errors) process.exitCode = 1;
  } finally {
    await bare.close();
    await server.close();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
