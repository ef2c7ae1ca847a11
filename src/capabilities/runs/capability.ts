// What the runs capability plugs into `crs serve`: the in-process run worker, and the demo
// workspace's first credits, so a new user can start a run at once.
import { addCredits } from "./ledger.ts";
import { startWorker } from "./worker/index.ts";
import type { Service, Wiring } from "../../kernel/capability.ts";

/** The in-process worker of `crs serve` (off with --no-worker or CRS_WORKER_IN_PROCESS=off). */
const inProcessWorker: Service = (app) => {
  if (!app.config.worker.inProcess) return undefined;
  const worker = startWorker(app);
  app.wakeWorkers = worker.wake;
  return () => worker.stop();
};

/** Enough for a few dozen runs of the demo repository at the default prices. */
export const demoCreditsCents = 1000;

export const runsWiring: Wiring = {
  services: [inProcessWorker],
  bootstrapSteps: [
    async (app, workspaceId) => {
      await addCredits(app.store, workspaceId, { kind: "grant", cents: demoCreditsCents, reason: "first start: demo credits" });
      return `credits: ${(demoCreditsCents / 100).toFixed(2)} granted to the demo workspace`;
    },
  ],
  plugins: [],
};
