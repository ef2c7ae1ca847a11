import { z } from "zod";
import { changeFields, changeOutput, changeQueryFields } from "./change-fields.def.ts";
import { defineOperation } from "../../../kernel/operation.ts";

export const updateFindingsDefinition = defineOperation({
  id: "update_findings",
  method: "PATCH",
  path: "/findings",
  summary: "Change findings",
  description:
    "Applies one change to 1 to 100 findings (ids or keys), all or nothing: status with reason (open, fixed and false-positive are recorded at " +
    "the commit: repository and at, default the default branch head; investigating and wont-fix apply to the finding), severity, assignee, dismissal (with " +
    "reason). Findings already in the requested state are skipped. An active wont-fix or risk-accepted decision refuses open and investigating (409 " +
    "decision_active).",
  scopes: ["findings:write"],
  bucket: "findings:write",
  points: (input) => input.findings.length,
  mcp: true,
  readOnly: false,
  idempotent: true,
  queryFields: changeQueryFields,
  input: z.object({
    findings: z
      .array(z.union([z.string().min(1).max(255), z.number().int().positive()]).describe("Finding id or key (F-42)."))
      .min(1)
      .max(100)
      .describe("The findings to change: 1 to 100 ids or keys."),
    ...changeFields,
  }),
  output: changeOutput,
});
