import { z } from "zod";
import { AppError } from "../../errors.ts";
import { balanceCents, monthSpendCents, spendLimitCents } from "../../domain/billing/ledger.ts";
import { organizationSchema, publicRole, tokenSchema, userSchema } from "../../schemas/identity.ts";
import { operation } from "../operation.ts";

export const getMe = operation({
  id: "get_me",
  method: "GET",
  path: "/me",
  summary: "Who am I",
  description: "The user, the organization (workspace) and the token behind this request, and the credits: the balance for everyone, the month's spend and the spending limit for Admins.",
  scopes: ["user:read"],
  bucket: "reads",
  mcp: true,
  readOnly: true,
  input: z.object({}),
  output: z.object({
    user: userSchema,
    organization: organizationSchema,
    token: tokenSchema,
    credits: z.object({
      balanceCents: z.number().int().describe("The organization's credit balance in cents."),
      monthSpendCents: z.number().int().optional().describe("Spent this calendar month (UTC), charges less refunds, in cents; for Admins only."),
      spendLimitCents: z.number().int().nullable().optional().describe("The monthly spending limit in cents, null for none; for Admins only."),
    }).describe("The organization's credits: the balance for every caller, the month's spend and the limit for Admins."),
  }),
  handler: async (ctx) => {
    const p = ctx.principal;
    // The web app's pages read as a session, never through get_me: a token backs every call here.
    if (p.tokenKind === "session") throw new AppError("forbidden", "get_me answers for a token.");
    return {
      user: { id: p.userId, username: p.username, email: p.email, name: p.userName },
      organization: { id: p.workspaceId, slug: p.workspaceSlug, name: p.workspaceName, role: publicRole(p.role) },
      token: { id: p.tokenId, kind: p.tokenKind, name: p.tokenName, scopes: [...p.scopes] },
      credits: {
        balanceCents: await balanceCents(ctx.store.db, ctx.workspaceId),
        ...(p.role === "admin" ? {
          monthSpendCents: await monthSpendCents(ctx.store.db, ctx.workspaceId, ctx.app.now()),
          spendLimitCents: await spendLimitCents(ctx.store.db, ctx.workspaceId),
        } : {}),
      },
    };
  },
});
