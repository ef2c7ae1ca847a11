import { z } from "zod";
import { defineOperation } from "../../../kernel/operation.ts";

// Web-only (the manifest's webOperations): the sign-in form. Its caller is nobody yet (an anonymous
// principal), so it charges the per-address ip budget; failed attempts are also counted per account
// and per address in the store, which locks further tries out for 15 minutes.
export const signInDefinition = defineOperation({
  id: "sign_in",
  method: "POST",
  path: "/app/sign-in",
  summary: "Sign in",
  description: "Checks an email and password and starts an app session for that user.",
  scopes: [],
  bucket: "ip",
  mcp: false,
  readOnly: false,
  // No length limits of their own: the form body has one, and the check cuts both to what can match.
  input: z.object({
    email: z.string().default("").describe("The user's email, in any case."),
    password: z.string().default("").describe("The user's password."),
  }),
  output: z.object({ session: z.string().describe("The new session's cookie value (stored only as a hash).") }),
});
