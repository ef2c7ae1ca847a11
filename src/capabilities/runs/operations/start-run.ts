import { startRun as start } from "../start.ts";
import { implement } from "../../../kernel/operation.ts";
import { startRunDefinition } from "./start-run.def.ts";

export const startRun = implement(startRunDefinition, async (ctx, input) => {
  const { requestId, ...rest } = input;
  const r = await start(
    ctx.app,
    { workspaceId: ctx.workspaceId, userId: ctx.userId, trigger: ctx.trigger, baseUrl: ctx.app.config.baseUrl },
    { ...rest, idempotencyKey: requestId },
  );
  if (!r.created) ctx.status = 200;
  else ctx.app.wakeWorkers();
  return { run: r.run, priceCents: r.priceCents };
});
