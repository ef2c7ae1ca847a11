import { implement } from "../../../kernel/operation.ts";
import { revokeOwnKey } from "../settings.ts";
import { revokeApiKeyDefinition } from "./revoke-api-key.def.ts";

export const revokeApiKey = implement(revokeApiKeyDefinition, async (ctx, input) => {
  await revokeOwnKey(ctx.store, ctx.workspaceId, ctx.userId, input.id);
  return { revoked: true as const };
});
