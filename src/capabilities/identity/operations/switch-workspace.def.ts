import { z } from "zod";
import { defineOperation } from "../../../kernel/operation.ts";
import { idParam } from "../../../kernel/schemas.ts";

// Web-only (the manifest's webOperations): the home page's workspace switcher. It changes the
// session, which only a session principal has.
export const switchWorkspaceDefinition = defineOperation({
  id: "switch_workspace",
  method: "POST",
  path: "/app/workspace",
  summary: "Switch workspace",
  description: "Makes another workspace of the signed-in user the session's active one (new API keys and OAuth consents bind to it).",
  scopes: [],
  bucket: "settings",
  mcp: false,
  readOnly: false,
  idempotent: true,
  input: z.object({ workspace: idParam("workspace").describe("The workspace's id; the user must be a member.") }),
  output: z.object({ workspace: z.number().int().describe("The active workspace's id.") }),
});
