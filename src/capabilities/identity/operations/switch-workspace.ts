import { AppError } from "../../../kernel/errors.ts";
import { implement } from "../../../kernel/operation.ts";
import { switchWorkspace as change } from "../sessions.ts";
import { switchWorkspaceDefinition } from "./switch-workspace.def.ts";

export const switchWorkspace = implement(switchWorkspaceDefinition, async (ctx, input) => {
  const session = ctx.principal.session;
  if (ctx.principal.tokenKind !== "session" || !session) throw new AppError("forbidden", "Only the app's session has a workspace to switch.");
  if (!(await change(ctx.store, session, ctx.userId, input.workspace))) {
    throw new AppError("not_found", "You are not a member of that workspace.");
  }
  return { workspace: input.workspace };
});
