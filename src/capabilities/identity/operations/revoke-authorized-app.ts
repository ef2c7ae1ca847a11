import { implement } from "../../../kernel/operation.ts";
import { revokeOwnApp } from "../settings.ts";
import { revokeAuthorizedAppDefinition } from "./revoke-authorized-app.def.ts";

export const revokeAuthorizedApp = implement(revokeAuthorizedAppDefinition, async (ctx, input) => {
  await revokeOwnApp(ctx.store, ctx.workspaceId, ctx.userId, input.id);
  return { revoked: true as const };
});
