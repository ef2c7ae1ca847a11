import { getRunRow } from "../read.ts";
import { runView } from "../view.ts";
import { implement } from "../../../kernel/operation.ts";
import { getRunDefinition } from "./get-run.def.ts";

export const getRun = implement(getRunDefinition, async (ctx, input) =>
  runView(await getRunRow(ctx.store, ctx.workspaceId, input.run), ctx.app.config.baseUrl),
);
