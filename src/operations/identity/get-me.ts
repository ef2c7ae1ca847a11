import { z } from "zod";
import { creditBalanceCents } from "../../domain/identity/credits.ts";
import { organizationSchema, publicRole, tokenSchema, userSchema } from "../../schemas/identity.ts";
import { operation } from "../operation.ts";

export const getMe = operation({
  id: "get_me",
  method: "GET",
  path: "/me",
  summary: "Who am I",
  description: "The user, the organization (workspace) and the token behind this request, and the credit balance for those who may view billing.",
  scopes: ["user:read"],
  bucket: "reads",
  mcp: true,
  readOnly: true,
  input: z.object({}),
  output: z.object({
    user: userSchema,
    organization: organizationSchema,
    token: tokenSchema,
    credits: z.number().int().optional().describe("Organization credit balance in cents; present for Admins (who may view billing)."),
  }),
  handler: async (ctx) => {
    const p = ctx.principal;
    return {
      user: { id: p.userId, username: p.username, email: p.email, name: p.userName },
      organization: { id: p.workspaceId, slug: p.workspaceSlug, name: p.workspaceName, role: publicRole(p.role) },
      token: { id: p.tokenId, kind: p.tokenKind, name: p.tokenName, scopes: [...p.scopes] },
      ...(p.role === "admin" ? { credits: await creditBalanceCents(ctx.store, ctx.workspaceId) } : {}),
    };
  },
});
