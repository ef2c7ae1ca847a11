// What connections plug in: the webhook endpoints (server routes outside /api/v2), the delivery
// processor and the reconciliation pass (worker services), private mirrors' git credentials, the
// server key's start check, and `crs admin repo connect|policy|deliveries`, `crs admin secret-key rotate`.
import { capability, type Service } from "../../kernel/capability.ts";
import { provideConnectionSummaries } from "../repositories/index.ts";
import { connectionsAdmin } from "./admin-area.ts";
import { gitAuthFor, pullRequestBaseFor } from "./host.ts";
import { registerHooks } from "./hooks.ts";
import { startDeliveryProcessor } from "./processor.ts";
import { postBackService } from "./post-back/index.ts";
import { startReconciler } from "./reconcile.ts";
import { connectionSummaries } from "./summary.ts";
import { unpaidNotices } from "./unpaid.ts";
import { verifySecretKey } from "./secret-key.ts";
import { connectRepository } from "./operations/connect-repository.ts";
import { setReviewPolicy } from "./operations/set-review-policy.ts";
import { registerConnectionPage } from "./web.ts";

/**
 * What this capability offers the ones below it, plugged in at start: mirror syncs of connected
 * repositories fetch with the connection's credentials, a change review of a pull request takes its
 * base from the host, and the repository view shows the connection.
 */
const hooks: Service = (app) => {
  const warn = (message: string) => app.log.warn(message);
  app.gitAuth = (repositoryId) => gitAuthFor({ ...app, warn }, repositoryId);
  app.pullRequestBase = (workspaceId, repositoryId, n) => pullRequestBaseFor(app, workspaceId, repositoryId, n);
  provideConnectionSummaries(app, (workspaceId, ids) => connectionSummaries(app.store, workspaceId, ids));
};

export const connections = capability({
  name: "connections",
  operations: [],
  webOperations: [connectRepository, setReviewPolicy],
  webRoutes: [registerConnectionPage],
  routes: [registerHooks],
  services: [hooks],
  workerServices: [hooks, (app) => startDeliveryProcessor(app), startReconciler, postBackService(), unpaidNotices],
  startChecks: [(app) => verifySecretKey(app.config, app.store)],
  admin: connectionsAdmin,
});
