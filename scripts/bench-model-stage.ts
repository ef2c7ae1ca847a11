// The runs half of `npm run bench:model` (issue #33 figures for the service's model stage), with the
// STAND-IN provider answering at once: a server with its in-process worker configured with a model,
// each run timed POST -> complete, with the model stage and without it ("model": false) alternately,
// and the stage's own time in the worker (what it records on the run, not shown by the API):
//  (e) the 20-line pull request of bench:runs (a new 20-line file) on a generated repository;
//  (f) a full review of the demo repository: the stage's share of the run's time.
// Goals: (e) <= 100 ms of stage overhead; (f) <= 10% of the run's time.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp, type App } from "../src/kernel/app.ts";
import { loadConfig } from "../src/kernel/config.ts";
import { startServer } from "../src/server/serve.ts";
import { addPullRequest, generateRepo } from "../src/platform/codehost/testing/generate.ts";
import { addCredits } from "../src/capabilities/runs/ledger.ts";
import * as accounts from "../src/capabilities/identity/index.ts";
import { generateDemoRepository } from "../src/capabilities/repositories/demo.ts";
import { registerRepository, syncAndWait } from "../src/capabilities/repositories/index.ts";
import { scopes } from "../src/kernel/scopes.ts";
import type { ModelStandIn } from "../src/review/model/testing/standin.ts";

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function benchModelStage(standIn: ModelStandIn, reps: number, files: number): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), "crs-bench-model-stage-"));
  const config = loadConfig({
    CRS_DATA_DIR: join(root, "data"),
    PORT: "0",
    CRS_LOG_LEVEL: "warn",
    CRS_SYNC_INTERVAL_SECONDS: "0",
    CRS_WORKER_POLL_MS: "100",
    CRS_WORKER_THREADS: "1",
    CRS_RATE_LIMITS: "ip=1000000000/1m,reads=1000000000/1m,runs:write=1000000000/1h,shared=1000000000/1m",
    CRS_MODEL_PROVIDER: "openai",
    CRS_MODEL_URL: standIn.openaiUrl,
    CRS_MODEL_NAME: "stand-in",
    CRS_MODEL_API_KEY: "bench",
  });
  const app: App = await createApp(config);
  const server = await startServer(app);
  const url = await server.listen({ port: 0, host: "127.0.0.1" });
  try {
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
    const timedRun = async (body: Record<string, unknown>) => {
      const t0 = process.hrtime.bigint();
      const res = await fetch(`${url}/api/v2/runs`, { method: "POST", headers, body: JSON.stringify({ maxPriceCents: 1_000_000, ...body }) });
      const { run } = (await res.json()) as { run: { id: number } };
      for (;;) {
        const r = (await (await fetch(`${url}/api/v2/runs/${run.id}`, { headers })).json()) as {
          terminal: boolean;
          state: string;
          model: { state: string; requests: number } | null;
        };
        if (r.terminal) {
          if (r.state !== "complete") throw new Error(`run ${run.id} ended ${r.state}`);
          const row = await app.store.db.selectFrom("runs").select("model_json").where("id", "=", run.id).executeTakeFirstOrThrow();
          return { ms: ms(t0), model: r.model, stageMs: row.model_json ? ((JSON.parse(row.model_json) as { durationMs?: number }).durationMs ?? 0) : 0 };
        }
        await new Promise((r2) => setTimeout(r2, 10));
      }
    };
    /** Runs with and without the stage, alternately: medians and the stage's requests. */
    const compare = async (body: Record<string, unknown>) => {
      await timedRun(body);
      await timedRun({ ...body, model: false });
      const on: number[] = [];
      const off: number[] = [];
      const stage: number[] = [];
      let requests = 0;
      for (let i = 0; i < reps; i++) {
        const r = await timedRun(body);
        if (r.model?.state !== "complete") throw new Error(`model stage ${JSON.stringify(r.model)}`);
        requests = r.model.requests;
        on.push(r.ms);
        stage.push(r.stageMs);
        off.push((await timedRun({ ...body, model: false })).ms);
      }
      return { on: median(on), off: median(off), stage: median(stage), requests };
    };

    const big = join(root, "big.git");
    await generateRepo(big, { files, commits: 1, branches: 1, pulls: 1, tags: 1 });
    addPullRequest(big, { number: 9999, path: "pkg0/added.js", lines: 20 });
    const pr = await compare({ repository: await register(big, "bench/big"), change: { pr: 9999 } });
    console.log(
      `(e) 20-line pull request on a ${files}-file repository: model stage median ${pr.stage.toFixed(1)} ms in the worker ` +
        `(${pr.requests} request; goal <= 100 ms); ` +
        `POST -> complete median ${pr.on.toFixed(0)} ms with it, ${pr.off.toFixed(0)} ms without`,
    );

    const demo = join(root, "demo");
    await generateDemoRepository(demo);
    const full = await compare({ repository: await register(demo, "bench/demo") });
    console.log(
      `(f) demo repository, full review: model stage median ${full.stage.toFixed(1)} ms in the worker = ` +
        `${((100 * full.stage) / full.on).toFixed(1)}% of the run's ` +
        `POST -> complete median ${full.on.toFixed(0)} ms (${full.requests} request; goal <= 10%); ${full.off.toFixed(0)} ms without the stage`,
    );
  } finally {
    await server.close();
    await app.close();
    rmSync(root, { recursive: true, force: true });
  }
}
