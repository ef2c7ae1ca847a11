// The worker loop: up to CRS_WORKER_CONCURRENCY runs at once, claimed from the runs table; idle,
// it looks again every CRS_WORKER_POLL_MS, or at once when this process queued a run. `crs worker`
// runs only this; `crs serve` runs one in process unless --no-worker.
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { App } from "../../../kernel/app.ts";
import { ReviewPool } from "../../../review/index.ts";
import { claimRun } from "../queue.ts";
import { executeRun } from "./execute.ts";
import { RunContext } from "./run-context.ts";

export interface WorkerHandle {
  /** Look for queued runs now. */
  wake(): void;
  /** Stops claiming; waits for the runs under way (their leases lapse if the process dies instead). */
  stop(): Promise<void>;
}

export function startWorker(app: App): WorkerHandle {
  const { concurrency, pollMs, leaseSeconds, threads } = app.config.worker;
  const owner = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  const pool = threads > 1 ? new ReviewPool(threads) : undefined;
  const running = new Set<Promise<void>>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let claiming = false;

  const fill = async () => {
    if (claiming || stopped) return;
    claiming = true;
    try {
      while (!stopped && running.size < concurrency) {
        const row = await claimRun(app.store, owner, leaseSeconds * 1000, app.now());
        if (!row) break;
        const p: Promise<void> = executeRun(new RunContext(app, owner, row), pool)
          .catch((err) => app.log.error({ err, run: row.id }, "run execution failed"))
          .finally(() => {
            running.delete(p);
            void fill();
          });
        running.add(p);
      }
    } catch (err) {
      app.log.warn({ err }, "worker could not claim a run");
    } finally {
      claiming = false;
    }
  };
  const tick = () => {
    void fill().finally(() => {
      if (!stopped) timer = setTimeout(tick, pollMs);
    });
  };
  tick();
  return {
    wake: () => void fill(),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await Promise.all(running);
      await pool?.close();
    },
  };
}
