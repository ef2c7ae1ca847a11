import { z } from "zod";
import { cursorParam, decodeCursor, encodeCursor, limitParam, pageOf } from "../../schemas/common.ts";
import { memberSchema, publicRole } from "../../schemas/identity.ts";
import { bytewise } from "../../store/collate.ts";
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
    const username = bytewise(ctx.store.engine, "u.username");
    let q = ctx.store.db.selectFrom("memberships as m")
      .innerJoin("users as u", "u.id", "m.user_id")
      .select(["u.id", "u.username", "u.email", "u.name", "m.role"])
      .where("m.workspace_id", "=", ctx.workspaceId);
    if (input.cursor) {
      const c = decodeCursor(input.cursor, cursorShape);
      q = q.where((eb) => eb.or([eb(username, ">", c.u), eb.and([eb(username, "=", c.u), eb("u.id", ">", c.i)])]));
    }
    const rows = await q.orderBy(username).orderBy("u.id").limit(input.limit + 1).execute();
    const page = rows.slice(0, input.limit);
    const last = page.at(-1);
    return {
      nextCursor: rows.length > input.limit && last ? encodeCursor({ u: last.username, i: last.id }) : null,
      items: page.map((r) => ({ id: r.id, username: r.username, email: r.email, name: r.name, role: publicRole(r.role) })),
    };
  },
});
