import { z } from "zod";
import { defineOperation } from "../../../kernel/operation.ts";

// Web-only (the manifest's webOperations): the change-password form.
export const changePasswordDefinition = defineOperation({
  id: "change_password",
  method: "POST",
  path: "/app/settings/password",
  summary: "Change password",
  description:
    "Checks the signed-in user's current password, then sets the new one, which revokes every API key and OAuth token " +
    "of the user in every workspace and ends every session.",
  scopes: [],
  bucket: "settings",
  mcp: false,
  readOnly: false,
  input: z.object({
    current: z.string().max(1000).describe("The current password."),
    password: z.string().max(1000).describe("The new password, at least 8 characters."),
    confirm: z.string().max(1000).describe("The new password again."),
  }),
  output: z.object({ revokedTokens: z.number().int().describe("API keys and OAuth tokens revoked by the change.") }),
});
