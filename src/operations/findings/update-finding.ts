import { z } from "zod";
import { operation } from "../operation.ts";
import { applyChange, changeFields, changeOutput, changeQueryFields } from "./change-fields.ts";
import { findingParam } from "./get-finding.ts";

export const updateFinding = operation({
  id: "update_finding",
  method: "PATCH",
  path: "/findings/{finding}",
  summary: "Change a finding",
  description: "The change of update_findings for one finding (by id or key). A change that would not alter the finding is skipped.",
  scopes: ["findings:write"],
  bucket: "findings:write",
  mcp: false,
  readOnly: false,
  idempotent: true,
  queryFields: changeQueryFields,
  input: z.object({ finding: findingParam, ...changeFields }),
  output: changeOutput,
  handler: (ctx, input) => applyChange(ctx, [input.finding], input),
});
