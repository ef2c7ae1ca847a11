// What the repositories capability plugs into `crs serve`: background services, first-start steps and
// extra HTTP routes. Kept here so serve.ts stays a list of areas.
import { createDemoRepository } from "./demo.ts";
import { startSyncScheduler } from "./scheduler.ts";
import type { Wiring } from "../../kernel/capability.ts";

export const repositoriesWiring: Wiring = {
  services: [
    // Mirror syncs: on registration, on request (also from `crs admin` in another process) and
    // every CRS_SYNC_INTERVAL_SECONDS (0: never periodically).
    (app) => startSyncScheduler(app, { intervalSeconds: app.config.syncIntervalSeconds }),
  ],
  bootstrapSteps: [
    (app, workspaceId) => createDemoRepository(app, app.config.dataDir, workspaceId),
  ],
  plugins: [],
};
