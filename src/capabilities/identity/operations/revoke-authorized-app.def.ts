import { z } from "zod";
import { defineOperation } from "../../../kernel/operation.ts";
import { idParam } from "../../../kernel/schemas.ts";

// Web-only (the manifest's webOperations): the authorized apps page's revoke button.
export const revokeAuthorizedAppDefinition = defineOperation({
  id: "revoke_authorized_app",
  method: "POST",
  path: "/app/settings/apps/{id}/revoke",
  summary: "Revoke an authorized app",
  description: "Revokes one of the signed-in user's OAuth grants in the active workspace; its tokens end at once.",
  scopes: [],
  bucket: "settings",
  mcp: false,
  readOnly: false,
  destructive: true,
  input: z.object({ id: idParam("authorized app").describe("The grant's id.") }),
  output: z.object({ revoked: z.literal(true).describe("Always true: the app's tokens no longer work.") }),
});
