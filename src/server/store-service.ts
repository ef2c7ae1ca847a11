// What the store plugs into `crs serve`: its planner statistics kept fresh. Imports refresh them
// too (findings/import.ts); this catches growth from triage, comments and activity.
import type { Service } from "../kernel/capability.ts";

const optimizeEveryMs = 60 * 60 * 1000;

export const plannerStatistics: Service = (app) => {
  const timer = setInterval(() => {
    app.store.optimize().catch((err: unknown) => app.log.warn({ err }, "refreshing the planner statistics failed"));
  }, optimizeEveryMs);
  timer.unref();
  return () => clearInterval(timer);
};
