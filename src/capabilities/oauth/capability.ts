// What OAuth plugs into `crs serve`: the authorization server's endpoints and the cleanup of expired
// codes and sessions. Its consent page is served by the web face through this capability's index.ts.
import { capability, type Service } from "../../kernel/capability.ts";
import { deleteExpired } from "./cleanup.ts";
import { registerAuthorizationServer } from "./endpoints.ts";

const cleanupEveryMs = 60 * 60 * 1000;

const authCleanup: Service = (app) => {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    running ??= deleteExpired(app.store)
      .catch((err) => app.log.warn({ err }, "sign-in cleanup failed"))
      .finally(() => { running = undefined; });
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
  routes: [registerAuthorizationServer],
  services: [authCleanup],
});
