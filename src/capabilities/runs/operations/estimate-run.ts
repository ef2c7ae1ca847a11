import { estimateRun as estimate } from "../../domain/runs/estimate.ts";
import { implement } from "../operation.ts";
import { estimateRunDefinition } from "./estimate-run.def.ts";

export const estimateRun = implement(estimateRunDefinition, (ctx, input) => estimate(ctx.app, ctx.workspaceId, input));
