// What sign-in and OAuth plug into `crs serve`: the authorization server's endpoints, the app's
// pages, and the cleanup of expired codes and sessions.
import { deleteExpired } from "./cleanup.ts";
import { registerAuthorizationServer } from "./endpoints.ts";
import { registerWeb } from "../../faces/web/index.ts";
import type { Service, Wiring } from "../../kernel/capability.ts";

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

export const webWiring: Wiring = {
  services: [authCleanup],
  bootstrapSteps: [],
  plugins: [registerAuthorizationServer, registerWeb],
};
