// What the findings inbox plugs into `crs serve`: its positions warmed in the background after
// start, so the first reader of a large inbox does not wait for every repository's.
import { warmPositions } from "./warm.ts";
import type { Service, Wiring } from "../../kernel/capability.ts";

const warmAfterMs = 1_000;

const warmInbox: Service = (app) => {
  let stopped = false;
  let running: Promise<void> | undefined;
  const timer = setTimeout(() => {
    const started = Date.now();
    running = warmPositions(app, () => app.now(), () => stopped)
      .then((n) => { if (n) app.log.info({ positions: n, ms: Date.now() - started }, "inbox positions warmed"); })
      .catch((err: unknown) => app.log.warn({ err }, "warming inbox positions failed"));
  }, warmAfterMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
};

export const findingsWiring: Wiring = { services: [warmInbox], bootstrapSteps: [], plugins: [] };
