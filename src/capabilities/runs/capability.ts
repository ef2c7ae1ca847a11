// What runs (with billing and the worker's stages) plug in: their operations and pages (the dashboard too), the in-process run
// worker, the demo workspace's first credits (so a new user can start a run at once), and
// `crs admin credits ...`.
import { addCredits } from "./ledger.ts";
import { lastReviews } from "./read.ts";
import { capability, type Service } from "../../kernel/capability.ts";
import { runsAdmin } from "./admin-area.ts";
import { cancelRun } from "./operations/cancel-run.ts";
import { estimateRun } from "./operations/estimate-run.ts";
import { getRun } from "./operations/get-run.ts";
import { listRunFindings } from "./operations/list-run-findings.ts";
import { listRuns } from "./operations/list-runs.ts";
import { startRun } from "./operations/start-run.ts";
import { registerAssets } from "./web/assets.ts";
import { registerDashboard } from "./web/dashboard.ts";
import { registerRunPages } from "./web/pages.ts";
import { registerStart } from "./web/start.ts";

/** The in-process worker of `crs serve` (off with --no-worker or CRS_WORKER_IN_PROCESS=off). */
const inProcessWorker: Service = (app) => {
  if (!app.config.worker.inProcess) return undefined;
  // Loaded when the service starts, not with the manifest: `crs admin` reads the manifests and needs
  // neither the worker nor the review engine. A run queued meanwhile is claimed by the worker's first look.
  const worker = import("./worker/index.ts").then(({ startWorker }) => {
    const handle = startWorker(app);
    app.wakeWorkers = handle.wake;
    return handle;
  });
  return async () => (await worker).stop();
};

/** The repositories pages show each repository's last review (repositories cannot import runs). */
const lastReviewsHook: Service = (app) => {
  app.lastReviews = (workspaceId, ids) => lastReviews(app.store, workspaceId, ids);
};

/** Enough for a few dozen runs of the demo repository at the default prices. */
const demoCreditsCents = 1000;

export const runs = capability({
  name: "runs",
  cli: "cli.ts",
  fixtures: "fixtures.ts",
  operations: [listRuns, startRun, getRun, listRunFindings, estimateRun, cancelRun],
  services: [lastReviewsHook, inProcessWorker],
  // The dashboard (/app), the runs list, a run's live page, and starting and cancelling runs.
  webRoutes: [(web) => registerAssets(web), registerDashboard, registerRunPages, registerStart],
  bootstrapSteps: [
    async (app, workspaceId) => {
      await addCredits(app.store, workspaceId, { kind: "grant", cents: demoCreditsCents, reason: "first start: demo credits" });
      return `credits: ${(demoCreditsCents / 100).toFixed(2)} granted to the demo workspace`;
    },
  ],
  admin: runsAdmin,
});
