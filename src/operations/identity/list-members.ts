import { z } from "zod";
import { cursorParam, decodeCursor, encodeCursor, limitParam, pageOf } from "../../schemas/common.ts";
import { memberSchema, publicRole } from "../../schemas/identity.ts";
import * as members from "../../domain/identity/members.ts";
import { operation } from "../operation.ts";

const cursorShape = z.object({ u: z.string(), i: z.number().int() });

export const listMembers = operation({
  id: "list_members",
  method: "GET",
  path: "/members",
  summary: "List members",
  description: "The workspace's member directory, sorted by username then id. Use a member's id, email or username to assign findings.",
  scopes: ["user:read"],
  bucket: "reads",
  mcp: true,
  readOnly: true,
  input: z.object({ limit: limitParam(), cursor: cursorParam }),
  output: pageOf(memberSchema),
  handler: async (ctx, input) => {
    const after = input.cursor ? decodeCursor(input.cursor, cursorShape) : undefined;
    const page = await members.listMembers(ctx.store, ctx.workspaceId, { limit: input.limit, after });
    return {
      nextCursor: page.next ? encodeCursor(page.next) : null,
      items: page.items.map((r) => ({ id: r.id, username: r.username, email: r.email, name: r.name, role: publicRole(r.role) })),
    };
  },
});
