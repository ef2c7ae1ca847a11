import { implement } from "../../../kernel/operation.ts";
import { changePassword as change } from "../settings.ts";
import { changePasswordDefinition } from "./change-password.def.ts";

export const changePassword = implement(changePasswordDefinition, async (ctx, input) => {
  const { revokedTokens } = await change(ctx.store, ctx.userId, input.current, input.password, input.confirm);
  return { revokedTokens };
});
