// The body fields both PATCH operations take, and how they reach the triage domain.
import { z } from "zod";
import { repositoryRefParam } from "../../domain/repositories/reference.ts";
import { updateFindings } from "../../domain/findings/triage.ts";
import { findingItemSchema, severityValues, writableStatuses } from "../../schemas/findings.ts";
import type { Ctx } from "../context.ts";
import { repositoryFromParam } from "../repositories/params.ts";
import { atParam } from "./params.ts";

export const changeFields = {
  repository: repositoryRefParam.optional().describe("Where per-commit statuses are recorded (owner/name or numeric id); needed with at when a finding is in several repositories."),
  at: atParam,
  status: z.enum(writableStatuses).optional().describe("open, fixed or false-positive (recorded at the commit), investigating or wont-fix (on the finding). Needs reason."),
  reason: z.string().min(1).max(5000).refine((s) => !s.includes("\u0000"), "NUL characters are not allowed").optional()
    .describe("Why; 1 to 5000 characters; required with status and with dismissed: true."),
  severity: z.enum(severityValues).optional().describe("Override the severity."),
  assignee: z.union([z.number().int().positive().max(2 ** 31 - 1), z.string().min(1).max(320), z.null()]).optional()
    .describe("Member id, email, username or me; null unassigns. A username shared by several members is refused."),
  dismissed: z.boolean().optional().describe("true dismisses (needs reason), false brings it back."),
};

export const changeQueryFields = ["repository", "at"];

export const changeOutput = z.object({
  findings: z.array(findingItemSchema).describe("The findings as they are now, changed or skipped."),
  asOf: z.string().describe("When the change was made (ISO 8601)."),
});

export async function applyChange(ctx: Ctx, refs: string[], input: z.output<z.ZodObject<typeof changeFields>>) {
  const repository = input.repository === undefined ? undefined : await repositoryFromParam(ctx.store, ctx.workspaceId, input.repository);
  return updateFindings(ctx.app, { workspaceId: ctx.workspaceId, userId: ctx.userId }, refs,
    { status: input.status, reason: input.reason, severity: input.severity, assignee: input.assignee, dismissed: input.dismissed },
    { repository, at: input.at }, ctx.app.now());
}
