import { z } from "zod";
import { changeFields, changeOutput, changeQueryFields } from "./change-fields.def.ts";
import { findingParam } from "./get-finding.def.ts";
import { defineOperation } from "../../../kernel/operation.ts";

export const updateFindingDefinition = defineOperation({
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
});
