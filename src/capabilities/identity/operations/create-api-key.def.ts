import { z } from "zod";
import { defineOperation } from "../../../kernel/operation.ts";
import { scopes } from "../../../kernel/scopes.ts";

// A web-only operation (the manifest's webOperations): the app's developer settings invoke it; no
// REST route, MCP tool or CLI command exposes it.
export const createApiKeyDefinition = defineOperation({
  id: "create_api_key",
  method: "POST",
  path: "/app/settings/keys",
  summary: "Create an API key",
  description:
    "Creates an API key of the signed-in user for the active workspace, with the scopes ticked (at least one, " +
    "each allowed by the user's role). The token is returned once.",
  scopes: [],
  bucket: "settings",
  mcp: false,
  readOnly: false,
  input: z.object({
    name: z.string().trim().min(1, "Give the key a name.").max(100, "The name is 1 to 100 characters.").describe("The key's name, shown in the list."),
    scopes: z
      .array(z.enum(scopes, { error: "Tick only the listed scopes." }))
      .min(1, "Tick at least one scope.")
      .describe("The scopes the key holds."),
  }),
  output: z.object({
    id: z.number().int().describe("The key's id."),
    name: z.string().describe("The key's name."),
    token: z.string().describe("The token, shown only once."),
  }),
});
