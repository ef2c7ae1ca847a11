import { getRunRow } from "../../domain/runs/read.ts";
import { runView } from "../../domain/runs/view.ts";
import { implement } from "../operation.ts";
import { getRunDefinition } from "./get-run.def.ts";

export const getRun = implement(getRunDefinition, async (ctx, input) => runView(await getRunRow(ctx.store, ctx.workspaceId, input.run), ctx.app.config.baseUrl));
