import { z } from "zod";
import { defineOperation } from "../../../kernel/operation.ts";

const field = (what: string) => z.string().optional().describe(`The authorization request's ${what}, as the consent screen carried it.`);

// Web-only (the manifest's webOperations): the consent screen's Approve and Deny buttons, as the
// signed-in user. Charged to the address's ip budget (the OAuth endpoints' budget), not a per-user one.
export const decideAuthorizationDefinition = defineOperation({
  id: "decide_authorization",
  method: "POST",
  path: "/oauth/authorize",
  summary: "Approve or deny an application",
  description:
    "Checks the authorization request again and answers the application: approve issues a single-use code bound to the user " +
    "and the active workspace (which must be the one the screen named); deny sends access_denied.",
  scopes: [],
  bucket: "ip",
  mcp: false,
  readOnly: false,
  input: z.object({
    decision: z.enum(["approve", "deny"]).describe("The user's answer."),
    workspace_id: z.string().optional().describe("The workspace the consent screen named (its id)."),
    response_type: field("response_type"),
    client_id: field("client_id"),
    redirect_uri: field("redirect_uri"),
    scope: field("scope"),
    state: field("state"),
    code_challenge: field("code_challenge"),
    code_challenge_method: field("code_challenge_method"),
    resource: field("resource"),
  }),
  output: z.object({ redirectTo: z.string().describe("Where the browser goes next: the application's redirect URI with the code or the error.") }),
});
