import { z } from "zod";
import { focusSchema, focusSlugParam } from "../schemas.ts";
import { defineOperation } from "../../../kernel/operation.ts";

export const getFocusDefinition = defineOperation({
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
});
