import { z } from "zod";
import { getFocus as get } from "../../domain/focuses/index.ts";
import { focusItem, focusSchema, focusSlugParam } from "../../schemas/focuses.ts";
import { operation } from "../operation.ts";

export const getFocus = operation({
  id: "get_focus",
  method: "GET",
  path: "/focuses/{focus}",
  summary: "Get a focus",
  description: "One focus with the instructions runs follow (markdown; optional YAML front matter steers the rules). An archived focus answers 404 not_found.",
  scopes: ["repos:read"],
  bucket: "reads",
  mcp: true,
  readOnly: true,
  input: z.object({ focus: focusSlugParam }),
  output: focusSchema,
  handler: async (ctx, input) => {
    const f = await get(ctx.store, ctx.workspaceId, input.focus);
    return { ...focusItem(ctx.app.config.baseUrl, f), instructions: f.instructions };
  },
});
