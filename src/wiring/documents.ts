// What the documents capability plugs into `crs serve`: the signed upload route and the cleanup of
// expired upload slots and orphan files. Kept here so serve.ts stays a list of areas.
import type { App } from "../app.ts";
import { cleanupUploads } from "../domain/documents/index.ts";
import { registerUploads } from "../http/uploads.ts";
import type { Service, Wiring } from "./types.ts";

const cleanupEveryMs = 10 * 60 * 1000;

const uploadCleanup: Service = (app: App) => {
  let running: Promise<unknown> | undefined;
  const run = () => {
    if (running) return;
    running = cleanupUploads(app.store, app.config.dataDir)
      .catch((err) => app.log.warn({ err }, "upload cleanup failed"))
      .finally(() => { running = undefined; });
  };
  const first = setTimeout(run, 5_000);
  const timer = setInterval(run, cleanupEveryMs);
  first.unref();
  timer.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
};

export const documentsWiring: Wiring = {
  services: [uploadCleanup],
  bootstrapSteps: [],
  plugins: [registerUploads],
};
