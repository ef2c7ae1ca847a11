import { z } from "zod";
import { defineOperation } from "../../../kernel/operation.ts";

// Web-only (the manifest's webOperations): the sign-out button. It ends the session principal's own
// session, so a user without a workspace (no scope) can still sign out; charged to the address's ip budget.
export const signOutDefinition = defineOperation({
  id: "sign_out",
  method: "POST",
  path: "/app/sign-out",
  summary: "Sign out",
  description: "Ends the signed-in user's app session.",
  scopes: [],
  bucket: "ip",
  mcp: false,
  readOnly: false,
  idempotent: true,
  input: z.object({}),
  output: z.object({ ended: z.boolean().describe("True once the session is gone.") }),
});
