import { z } from "zod";
import { cursorParam, limitParam, pageOf } from "../../../kernel/schemas.ts";
import { memberSchema } from "../schemas.ts";
import { defineOperation } from "../../../kernel/operation.ts";

export const listMembersDefinition = defineOperation({
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
});
