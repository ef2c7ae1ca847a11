import { applyChange } from "./change-fields.ts";
import { implement } from "../../../kernel/operation.ts";
import { updateFindingDefinition } from "./update-finding.def.ts";

export const updateFinding = implement(updateFindingDefinition, (ctx, input) => applyChange(ctx, [input.finding], input));
