import { AppError } from "../../../kernel/errors.ts";
import { implement } from "../../../kernel/operation.ts";
import { createSession } from "../sessions.ts";
import { checkCredentials } from "../sign-in.ts";
import { signInDefinition } from "./sign-in.def.ts";

export const signIn = implement(signInDefinition, async (ctx, input) => {
  if (ctx.address === undefined) throw new Error("sign_in needs the caller's address");
  const { auth } = ctx.app.config;
  const result = await checkCredentials(ctx.store, { ...input, address: ctx.address, maxFailures: auth.signInMaxFailures });
  if (!result.ok && result.reason === "throttled") {
    throw new AppError("rate_limited", "Too many failed sign-ins. Wait 15 minutes and try again.", { headers: { "Retry-After": "900" } });
  }
  if (!result.ok) throw new AppError("unauthenticated", "The email or password is wrong.");
  return { session: await createSession(ctx.store, result.userId, auth.sessionHours) };
});
