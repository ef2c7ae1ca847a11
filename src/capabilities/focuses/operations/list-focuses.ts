import { z } from "zod";
import { listFocuses as list } from "../index.ts";
import { decodeCursor, encodeCursor, printable } from "../../../kernel/schemas.ts";
import { focusItem } from "../schemas.ts";
import { implement } from "../../../kernel/operation.ts";
import { listFocusesDefinition } from "./list-focuses.def.ts";

const cursorShape = z.object({ s: z.string().max(200).regex(printable) });

export const listFocuses = implement(listFocusesDefinition, async (ctx, input) => {
  const after = input.cursor ? decodeCursor(input.cursor, cursorShape).s : undefined;
  const page = await list(ctx.store, ctx.workspaceId, { limit: input.limit, ...(after !== undefined ? { afterSlug: after } : {}) });
  return {
    nextCursor: page.next === null ? null : encodeCursor({ s: page.next }),
    items: page.items.map((f) => focusItem(ctx.app.config.baseUrl, f)),
  };
});
