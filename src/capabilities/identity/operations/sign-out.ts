import { AppError } from "../../../kernel/errors.ts";
import { implement } from "../../../kernel/operation.ts";
import { endSession } from "../sessions.ts";
import { signOutDefinition } from "./sign-out.def.ts";

export const signOut = implement(signOutDefinition, async (ctx) => {
  const session = ctx.principal.session;
  if (ctx.principal.tokenKind !== "session" || !session) throw new AppError("forbidden", "Only the app's session can be signed out.");
  await endSession(ctx.store, session);
  return { ended: true };
});
