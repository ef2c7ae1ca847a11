import { z } from "zod";
import { decodeCursor, encodeCursor } from "../../../kernel/schemas.ts";
import { publicRole } from "../schemas.ts";
import * as members from "../members.ts";
import { implement } from "../../../kernel/operation.ts";
import { listMembersDefinition } from "./list-members.def.ts";

const cursorShape = z.object({ u: z.string(), i: z.number().int() });

export const listMembers = implement(listMembersDefinition, async (ctx, input) => {
  const after = input.cursor ? decodeCursor(input.cursor, cursorShape) : undefined;
  const page = await members.listMembers(ctx.store, ctx.workspaceId, { limit: input.limit, after });
  return {
    nextCursor: page.next ? encodeCursor(page.next) : null,
    items: page.items.map((r) => ({ id: r.id, username: r.username, email: r.email, name: r.name, role: publicRole(r.role) })),
  };
});
