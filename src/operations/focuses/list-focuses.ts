import { z } from "zod";
import { listFocuses as list } from "../../domain/focuses/index.ts";
import { cursorParam, decodeCursor, encodeCursor, limitParam, pageOf, printable } from "../../schemas/common.ts";
import { focusItem, focusItemSchema } from "../../schemas/focuses.ts";
import { operation } from "../operation.ts";

const cursorShape = z.object({ s: z.string().max(200).regex(printable) });

export const listFocuses = operation({
  id: "list_focuses",
  method: "GET",
  path: "/focuses",
  summary: "List focuses",
  description: "The workspace's focuses (instruction documents that steer runs), sorted by slug. Archived focuses are not listed. Instructions are only in get_focus.",
  scopes: ["repos:read"],
  bucket: "reads",
  mcp: true,
  readOnly: true,
  input: z.object({ limit: limitParam(), cursor: cursorParam }),
  output: pageOf(focusItemSchema),
  handler: async (ctx, input) => {
    const after = input.cursor ? decodeCursor(input.cursor, cursorShape).s : undefined;
    const page = await list(ctx.store, ctx.workspaceId, { limit: input.limit, ...(after !== undefined ? { afterSlug: after } : {}) });
    return {
      nextCursor: page.next === null ? null : encodeCursor({ s: page.next }),
      items: page.items.map((f) => focusItem(ctx.app.config.baseUrl, f)),
    };
  },
});
