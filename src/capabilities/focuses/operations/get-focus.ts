import { getFocus as get } from "../index.ts";
import { focusItem } from "../schemas.ts";
import { implement } from "../../../kernel/operation.ts";
import { getFocusDefinition } from "./get-focus.def.ts";

export const getFocus = implement(getFocusDefinition, async (ctx, input) => {
  const f = await get(ctx.store, ctx.workspaceId, input.focus);
  return { ...focusItem(ctx.app.config.baseUrl, f), instructions: f.instructions };
});
