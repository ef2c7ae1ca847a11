// Response shapes of the identity operations.
import { z } from "zod";

export const userSchema = z
  .object({
    id: z.number().int().describe("Numeric user id."),
    username: z.string().describe("Username; may be shared by several members."),
    email: z.string().describe("Email address, unique per user."),
    name: z.string().nullable().describe("Display name, if set."),
  })
  .describe("A user.");

export const organizationSchema = z
  .object({
    id: z.number().int().describe("Numeric workspace id."),
    slug: z.string().describe("Workspace slug."),
    name: z.string().describe("Workspace display name."),
    role: z.enum(["owner", "member"]).describe("The caller's role in the workspace; an Admin shows as owner."),
  })
  .describe("The workspace (organization) the token reads.");

export const tokenSchema = z
  .object({
    id: z.number().int().describe("Token id (the key id shown in key lists)."),
    kind: z.enum(["api_key", "oauth_access"]).describe("api_key (svcp_) or oauth_access (svca_)."),
    name: z.string().describe("The name given to the key or the OAuth client."),
    scopes: z.array(z.string()).describe("The scopes this token carries."),
  })
  .describe("The credential behind this request.");

export const memberSchema = z
  .object({
    id: z.number().int().describe("Numeric user id."),
    username: z.string().describe("Username."),
    email: z.string().describe("Email address."),
    name: z.string().nullable().describe("Display name, if set."),
    role: z.enum(["owner", "member"]).describe("owner for Admins, member otherwise."),
  })
  .describe("A member of the workspace.");

export function publicRole(role: "admin" | "member"): "owner" | "member" {
  return role === "admin" ? "owner" : "member";
}
