// What OAuth plugs into `crs serve`: the authorization server's endpoints and the cleanup of expired
// codes and unused clients, and the consent screen with its web-only decision.
import { capability, type Service } from "../../kernel/capability.ts";
import { deleteExpired } from "./cleanup.ts";
import { registerAuthorizationServer } from "./endpoints.ts";
import { decideAuthorization } from "./operations/decide-authorization.ts";
import { registerConsent } from "./web/consent.ts";

const cleanupEveryMs = 60 * 60 * 1000;

const authCleanup: Service = (app) => {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    running ??= deleteExpired(app.store)
      .catch((err) => app.log.warn({ err }, "authorization cleanup failed"))
      .finally(() => {
        running = undefined;
      });
  }, cleanupEveryMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
};

export const oauth = capability({
  name: "oauth",
  operations: [],
  webOperations: [decideAuthorization],
  routes: [registerAuthorizationServer],
  webRoutes: [registerConsent],
  services: [authCleanup],
});
