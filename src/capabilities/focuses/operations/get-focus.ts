import { getFocus as get } from "../../domain/focuses/index.ts";
import { focusItem } from "../../schemas/focuses.ts";
import { implement } from "../operation.ts";
import { getFocusDefinition } from "./get-focus.def.ts";

export const getFocus = implement(getFocusDefinition, async (ctx, input) => {
  const f = await get(ctx.store, ctx.workspaceId, input.focus);
  return { ...focusItem(ctx.app.config.baseUrl, f), instructions: f.instructions };
});
