// The body fields both PATCH operations take (update_finding, update_findings).
import { bodyTextMessage, isBody } from "../../../kernel/text.ts";
import { z } from "zod";
import { findingItemSchema, severityValues, writableStatuses } from "../schemas.ts";
import { repositoryRefParam } from "../../repositories/schemas.ts";
import { atParam } from "./params.def.ts";

export const changeFields = {
  repository: repositoryRefParam
    .optional()
    .describe("Where per-commit statuses are recorded (owner/name or numeric id); needed with at when a finding is in " + "several repositories."),
  at: atParam,
  status: z
    .enum(writableStatuses)
    .optional()
    .describe("open, fixed or false-positive (recorded at the commit), investigating or wont-fix (on the finding). " + "Needs reason."),
  reason: z
    .string()
    .min(1)
    .max(5000)
    .refine(isBody, bodyTextMessage)
    .optional()
    .describe("Why; 1 to 5000 characters; required with status and with dismissed: true."),
  severity: z.enum(severityValues).optional().describe("Override the severity."),
  assignee: z
    .union([
      z
        .number()
        .int()
        .positive()
        .max(2 ** 31 - 1),
      z.string().min(1).max(320),
      z.null(),
    ])
    .optional()
    .describe("Member id, email, username or me; null unassigns. A username shared by several members is refused."),
  dismissed: z.boolean().optional().describe("true dismisses (needs reason), false brings it back."),
};

export const changeQueryFields = ["repository", "at"];

export const changeOutput = z.object({
  findings: z.array(findingItemSchema).describe("The findings as they are now, changed or skipped."),
  asOf: z.string().describe("When the change was made (ISO 8601)."),
});
