import { estimateRun as estimate } from "../estimate.ts";
import { implement } from "../../../kernel/operation.ts";
import { estimateRunDefinition } from "./estimate-run.def.ts";

export const estimateRun = implement(estimateRunDefinition, (ctx, input) => estimate(ctx.app, ctx.workspaceId, input));
