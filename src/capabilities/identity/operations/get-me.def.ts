import { z } from "zod";
import { organizationSchema, tokenSchema, userSchema } from "../schemas.ts";
import { defineOperation } from "../../../kernel/operation.ts";

export const getMeDefinition = defineOperation({
  id: "get_me",
  method: "GET",
  path: "/me",
  summary: "Who am I",
  description:
    "The user, the organization (workspace) and the token behind this request, and the credits: the balance for everyone, the month's spend and " +
    "the spending limit for Admins.",
  scopes: ["user:read"],
  bucket: "reads",
  mcp: true,
  readOnly: true,
  input: z.object({}),
  output: z.object({
    user: userSchema,
    organization: organizationSchema,
    token: tokenSchema,
    credits: z
      .object({
        balanceCents: z.number().int().describe("The organization's credit balance in cents."),
        monthSpendCents: z.number().int().optional().describe("Spent this calendar month (UTC), charges less refunds, in cents; for Admins only."),
        spendLimitCents: z.number().int().nullable().optional().describe("The monthly spending limit in cents, null for none; for Admins only."),
      })
      .describe("The organization's credits: the balance for every caller, the month's spend and the limit for Admins."),
  }),
});
