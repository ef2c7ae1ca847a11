import { z } from "zod";
import { defineOperation } from "../../../kernel/operation.ts";
import { idParam } from "../../../kernel/schemas.ts";

// Web-only (the manifest's webOperations): the connection page's connect form, for admins. The
// token travels in the form body, never a URL; it is stored encrypted and never shown again.
export const connectRepositoryDefinition = defineOperation({
  id: "connect_repository",
  method: "POST",
  path: "/app/repositories/{id}/connection",
  summary: "Connect a repository to its code host",
  description: "Stores the host, its API URL and a token (encrypted), checks access and creates the webhook when the token may. Admins only.",
  scopes: [],
  bucket: "settings",
  mcp: false,
  readOnly: false,
  input: z.object({
    id: idParam("repository").describe("The repository's id."),
    host: z.enum(["github", "gitlab"]).describe("The code host."),
    apiUrl: z.string().max(500).optional().describe("API root (GitHub Enterprise Server, self-managed GitLab); empty for the public host."),
    hostRepo: z.string().max(1000).optional().describe("The repository's path on the host; empty for its full name."),
    token: z.string().min(1).max(1000).describe("A fine-grained (GitHub) or project/group access (GitLab) token."),
  }),
  output: z.object({
    access: z.enum(["ok", "lost", "unavailable"]).describe("The host's answer about access."),
    webhook: z
      .object({
        url: z.string().describe("Where the host delivers."),
        created: z.boolean().describe("Whether crs created it."),
        secret: z.string().nullable().describe("The secret to set up the hook by hand; null when crs created it."),
        note: z.string().nullable().describe("Why it was not created."),
      })
      .describe("The webhook."),
  }),
});
