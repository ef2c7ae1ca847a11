import { AppError } from "../../../kernel/errors.ts";
import { implement } from "../../../kernel/operation.ts";
import { createApiKey as create } from "../api-keys.ts";
import { createApiKeyDefinition } from "./create-api-key.def.ts";

export const createApiKey = implement(createApiKeyDefinition, async (ctx, input) => {
  // A key never holds more than the signed-in user's role allows.
  const beyond = input.scopes.filter((s) => !ctx.principal.scopes.has(s));
  if (beyond.length) throw new AppError("forbidden", `Your role does not allow the scope${beyond.length > 1 ? "s" : ""} ${beyond.join(", ")}.`);
  const key = await create(ctx.store, { workspaceId: ctx.workspaceId, userId: ctx.userId, scopes: input.scopes, name: input.name });
  return { id: key.id, name: key.name, token: key.token };
});
