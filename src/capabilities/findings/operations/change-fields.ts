// How the PATCH operations' change fields (change-fields.def.ts) reach the triage domain.
import type { z } from "zod";
import { updateFindings } from "../triage.ts";
import type { Ctx } from "../../../kernel/context.ts";
import { repositoryFromParam } from "../../repositories/index.ts";
import type { changeFields } from "./change-fields.def.ts";

export async function applyChange(ctx: Ctx, refs: string[], input: z.output<z.ZodObject<typeof changeFields>>) {
  const repository = input.repository === undefined ? undefined : await repositoryFromParam(ctx.store, ctx.workspaceId, input.repository);
  return updateFindings(
    ctx.app,
    { workspaceId: ctx.workspaceId, userId: ctx.userId },
    refs,
    { status: input.status, reason: input.reason, severity: input.severity, assignee: input.assignee, dismissed: input.dismissed },
    { repository, at: input.at },
    ctx.app.now(),
  );
}
