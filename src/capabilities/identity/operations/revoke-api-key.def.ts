import { z } from "zod";
import { defineOperation } from "../../../kernel/operation.ts";
import { idParam } from "../../../kernel/schemas.ts";

// Web-only (the manifest's webOperations): the API keys page's revoke button.
export const revokeApiKeyDefinition = defineOperation({
  id: "revoke_api_key",
  method: "POST",
  path: "/app/settings/keys/{id}/revoke",
  summary: "Revoke an API key",
  description: "Revokes one of the signed-in user's API keys in the active workspace; it is refused at once.",
  scopes: [],
  bucket: "settings",
  mcp: false,
  readOnly: false,
  destructive: true,
  input: z.object({ id: idParam("API key").describe("The key's id.") }),
  output: z.object({ revoked: z.literal(true).describe("Always true: the key no longer works.") }),
});
