import { cancelRun as cancel } from "../cancel.ts";
import { runView } from "../view.ts";
import { implement } from "../../../kernel/operation.ts";
import { cancelRunDefinition } from "./cancel-run.def.ts";

export const cancelRun = implement(cancelRunDefinition, async (ctx, input) => {
  const { row, result } = await cancel(ctx.store, { workspaceId: ctx.workspaceId, userId: ctx.userId }, input.run, ctx.app.now());
  return { run: runView(row, ctx.app.config.baseUrl), result };
});
