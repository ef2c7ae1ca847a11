import { applyChange } from "./change-fields.ts";
import { implement } from "../../../kernel/operation.ts";
import { updateFindingsDefinition } from "./update-findings.def.ts";

export const updateFindings = implement(updateFindingsDefinition, (ctx, input) => applyChange(ctx, input.findings.map(String), input));
