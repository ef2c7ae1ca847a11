// What context documents plug in: their operations, the signed upload route and the cleanup of
// expired upload slots and orphan files.
import type { App } from "../../kernel/app.ts";
import { cleanupUploads, recoverUploads } from "./index.ts";
import { registerUploads } from "./upload-route.ts";
import { capability, type Service } from "../../kernel/capability.ts";
import { archiveDocument } from "./operations/archive-document.ts";
import { createDocument } from "./operations/create-document.ts";
import { getDocument } from "./operations/get-document.ts";
import { listDocuments } from "./operations/list-documents.ts";
import { requestDocumentUpload } from "./operations/request-upload.ts";

const cleanupEveryMs = 10 * 60 * 1000;

const uploadCleanup: Service = (app: App) => {
  let running: Promise<unknown> | undefined;
  // Twice the body idle timeout: a live upload has written its partial file within that time.
  const staleMs = 2 * app.config.bodyIdleTimeoutMs;
  const once = (work: () => Promise<unknown>) => () => {
    if (running) return;
    running = work()
      .catch((err) => app.log.warn({ err }, "upload cleanup failed"))
      .finally(() => {
        running = undefined;
      });
  };
  const recover = once(() => recoverUploads(app.store, app.config.dataDir, staleMs));
  const run = once(async () => {
    await cleanupUploads(app.store, app.config.dataDir);
    await recoverUploads(app.store, app.config.dataDir, staleMs);
  });
  // At start, uploads a crashed process left behind are recovered at once; one that died in the
  // last moments before the restart is recovered when its partial file turns stale.
  recover();
  const timers = [setTimeout(run, 5_000), setTimeout(recover, staleMs + 1_000)];
  const every = setInterval(run, cleanupEveryMs);
  for (const x of [...timers, every]) x.unref();
  return async () => {
    for (const x of timers) clearTimeout(x);
    clearInterval(every);
    await running;
  };
};

export const documents = capability({
  name: "documents",
  cli: "cli.ts",
  fixtures: "fixtures.ts",
  operations: [requestDocumentUpload, createDocument, listDocuments, getDocument, archiveDocument],
  routes: [registerUploads],
  services: [uploadCleanup],
});
