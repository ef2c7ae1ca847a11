// What the findings inbox plugs in: its operations, `crs admin` decisions, and its positions warmed in
// the background after start, so the first reader of a large inbox does not wait for every repository's.
import { warmPositions } from "./warm.ts";
import { capability, type Service } from "../../kernel/capability.ts";
import { findingsAdmin } from "./admin-area.ts";
import { commentOnFinding } from "./operations/comment-on-finding.ts";
import { getFinding } from "./operations/get-finding.ts";
import { listFindings } from "./operations/list-findings.ts";
import { listRepositoryFindings } from "./operations/list-repository-findings.ts";
import { updateFinding } from "./operations/update-finding.ts";
import { updateFindings } from "./operations/update-findings.ts";
import { registerFinding } from "./web/finding.ts";
import { registerInbox } from "./web/inbox.ts";
import { registerViews } from "./web/views.ts";

const warmAfterMs = 1_000;

const warmInbox: Service = (app) => {
  let stopped = false;
  let running: Promise<void> | undefined;
  const timer = setTimeout(() => {
    const started = Date.now();
    running = warmPositions(
      app,
      () => app.now(),
      () => stopped,
    )
      .then((n) => {
        if (n) app.log.info({ positions: n, ms: Date.now() - started }, "inbox positions warmed");
      })
      .catch((err: unknown) => app.log.warn({ err }, "warming inbox positions failed"));
  }, warmAfterMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
};

export const findings = capability({
  name: "findings",
  cli: "cli.ts",
  fixtures: "fixtures.ts",
  operations: [listRepositoryFindings, listFindings, updateFindings, getFinding, updateFinding, commentOnFinding],
  webRoutes: [registerInbox, registerFinding, registerViews],
  services: [warmInbox],
  admin: findingsAdmin,
});
