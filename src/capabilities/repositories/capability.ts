// What repositories (with positions) plug in: their operations, the mirror sync service, the demo
// repository on first start, and `crs admin repo ...`.
import { createDemoRepository } from "./demo.ts";
import { startSyncScheduler } from "./scheduler.ts";
import { capability } from "../../kernel/capability.ts";
import { repositoriesAdmin } from "./admin-area.ts";
import { getRepository } from "./operations/get-repository.ts";
import { listRefs } from "./operations/list-refs.ts";
import { listRepositories } from "./operations/list-repositories.ts";
import { addRepository, removeRepositoryOp, syncRepository } from "./operations/manage-repository.ts";
import { registerRepositoryPages } from "./web/pages.ts";

export const repositories = capability({
  name: "repositories",
  cli: "cli.ts",
  fixtures: "fixtures.ts",
  operations: [listRepositories, getRepository, listRefs],
  // The app's repositories pages; an owner's add, sync and remove buttons.
  webOperations: [addRepository, syncRepository, removeRepositoryOp],
  webRoutes: [registerRepositoryPages],
  services: [
    // Mirror syncs: on registration, on request (also from `crs admin` in another process) and
    // every CRS_SYNC_INTERVAL_SECONDS (0: never periodically).
    (app) => startSyncScheduler(app, { intervalSeconds: app.config.syncIntervalSeconds }),
  ],
  bootstrapSteps: [(app, workspaceId) => createDemoRepository(app, app.config.dataDir, workspaceId)],
  admin: repositoriesAdmin,
});
