import { z } from "zod";
import { cursorParam, limitParam, pageOf } from "../../../kernel/schemas.ts";
import { focusItemSchema } from "../schemas.ts";
import { defineOperation } from "../../../kernel/operation.ts";

export const listFocusesDefinition = defineOperation({
  id: "list_focuses",
  method: "GET",
  path: "/focuses",
  summary: "List focuses",
  description:
    "The workspace's focuses (instruction documents that steer runs), sorted by slug. Archived focuses are not listed. Instructions are only in " +
    "get_focus.",
  scopes: ["repos:read"],
  bucket: "reads",
  mcp: true,
  readOnly: true,
  input: z.object({ limit: limitParam(), cursor: cursorParam }),
  output: pageOf(focusItemSchema),
});
